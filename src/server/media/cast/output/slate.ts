import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { buildMasterPlaylist } from "../../ffmpeg/playlists";
import { runFfmpeg } from "../../ffmpeg/run-ffmpeg";
import { getStorage } from "../../storage";
import { boxHlsPrefix } from "../../keys";
import type { CastSource } from "../playout-types";
import { CAST_VARIANTS } from "./channel-format";
import { readPackagedRenditions } from "./packaged-renditions";
import { logger } from "@/server/log/logger.mjs";

/**
 * The slate: colour bars and silence, 6 s in three 2 s segments per channel variant, looped by the
 * playout for breaks, empty time and absent live streams. Made by ffmpeg from lavfi the first time a
 * process needs it and kept in storage like a box item's HLS (so the signed hls tree serves it: its
 * media home is this fixed pair of ids, no account's), then read back like one. Another slate
 * (other parameters) must take another SLATE_BOX_ID: stored slates are never rewritten.
 */
export const SLATE_OWNER_ID = "00000000-0000-4000-8000-00000000c457";
export const SLATE_BOX_ID = "00000000-0000-4000-8000-000000000001";
export const SLATE_SOURCE_KEY = "slate";
const SLATE_PREFIX = boxHlsPrefix(SLATE_OWNER_ID, SLATE_BOX_ID);
const LOOP_SECONDS = 6;
const SEGMENT_SECONDS = 2;
const FPS = 25;

function slateArgs(width: number, height: number, dir: string): string[] {
  return [
    ...["-hide_banner", "-loglevel", "error", "-nostdin", "-y"],
    ...["-f", "lavfi", "-i", `smptehdbars=size=${width}x${height}:rate=${FPS}:duration=${LOOP_SECONDS}`],
    ...["-f", "lavfi", "-i", `anullsrc=sample_rate=48000:channel_layout=stereo`],
    ...["-t", String(LOOP_SECONDS), "-map", "0:v", "-map", "1:a"],
    ...["-c:v", "libx264", "-preset", "veryfast", "-profile:v", "high", "-pix_fmt", "yuv420p", "-crf", "28"],
    ...["-g", String(FPS * SEGMENT_SECONDS), "-keyint_min", String(FPS * SEGMENT_SECONDS), "-sc_threshold", "0"],
    ...["-c:a", "aac", "-b:a", "64k", "-ar", "48000", "-ac", "2"],
    ...["-f", "hls", "-hls_time", String(SEGMENT_SECONDS), "-hls_playlist_type", "vod", "-hls_segment_type", "mpegts"],
    ...["-hls_list_size", "0", "-hls_segment_filename", path.join(dir, "seg_%05d.ts"), path.join(dir, "index.m3u8")],
  ];
}

async function makeSlate(): Promise<void> {
  const storage = await getStorage();
  const dir = await mkdtemp(path.join(os.tmpdir(), "kinora-slate-"));
  try {
    for (const v of CAST_VARIANTS) {
      const out = path.join(dir, v.name);
      await mkdir(out);
      await runFfmpeg(slateArgs(v.width, v.height, out), { timeoutMs: 60_000, memoryLimitMb: 1024 });
    }
    const master = buildMasterPlaylist(CAST_VARIANTS.map((v) => ({ ...v, uri: `${v.name}/index.m3u8` })));
    await writeFile(path.join(dir, "master.m3u8"), master);
    await storage.putDirectory(SLATE_PREFIX, dir, { move: true });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function loadSlate(): Promise<CastSource> {
  const storage = await getStorage();
  let renditions = await readPackagedRenditions(storage, SLATE_PREFIX);
  if (renditions.length < CAST_VARIANTS.length) {
    await makeSlate();
    renditions = await readPackagedRenditions(storage, SLATE_PREFIX);
  }
  if (!renditions.length) throw new Error("the cast slate could not be made");
  return { key: SLATE_SOURCE_KEY, renditions };
}

const slot = globalThis as unknown as { __kinoraCastSlate?: Promise<CastSource> };

/** The slate, made once per storage (a failure is tried again at the next call). */
export function castSlate(): Promise<CastSource> {
  slot.__kinoraCastSlate ??= loadSlate().catch((err: unknown) => {
    slot.__kinoraCastSlate = undefined;
    throw err;
  });
  return slot.__kinoraCastSlate;
}

/** Starts making the slate if it is not there yet, without waiting (a failure is logged; the next use tries again). */
export function warmCastSlate(): void {
  castSlate().catch((err: unknown) => logger().warn({ err }, "cast slate could not be made"));
}
