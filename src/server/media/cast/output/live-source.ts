import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Db } from "@/server/db/client";
import { castPublishingSince } from "@/server/media/live/cast-publishing";
import { fetchLiveText } from "@/server/media/live/live-origin";
import { LIVE_PASSTHROUGH, liveHomeDir } from "@/server/media/live/live-dirs";
import { parseMediaPlaylist } from "../../ffmpeg/playlists";
import type { CastLiveSource } from "../playout-types";
import type { StreamRef } from "./channel-schedule";

/** A stream's source key: the signed live tree of live/<ownerId>/<streamId> (cast-output.ts). */
export const liveSourceKey = (ref: StreamRef) => `live:${ref.ownerId}:${ref.streamId}`;

/** How long a read of the ingest's playlist is reused: every viewer of every channel relaying the stream shares it. */
const REUSE_MS = 500;
const slot = globalThis as unknown as { __kinoraCastLive?: Map<string, { at: number; source: Promise<CastLiveSource | null> }> };
const cache = (slot.__kinoraCastLive ??= new Map());

/** The stream's playlist: on this node's disk, else from the ingest node that took the publish (live-origin.ts). */
async function readPlaylist(db: Db, ref: StreamRef): Promise<string> {
  const file = `${LIVE_PASSTHROUGH}/index.m3u8`;
  try {
    return await readFile(path.join(liveHomeDir(ref.ownerId, ref.streamId), ...file.split("/")), "utf8");
  } catch {
    return (await fetchLiveText(db, ref.ownerId, ref.streamId, file)) ?? "";
  }
}

/**
 * The segments nginx-rtmp lists for the stream (about the last seven minutes, its application `cast`),
 * each placed on the clock by its name (hls_fragment_naming system: the time it began, in ms).
 */
async function readLiveSource(db: Db, ref: StreamRef): Promise<CastLiveSource | null> {
  const [text, publishingSinceMs] = await Promise.all([readPlaylist(db, ref), castPublishingSince(db, ref.streamId)]);
  const segments = parseMediaPlaylist(text)
    .segments.map((s) => ({
      path: `${LIVE_PASSTHROUGH}/${s.uri}`,
      durationMs: Math.round(s.durationSeconds * 1000),
      startMs: Number(s.uri.replace(/\.ts$/, "")),
    }))
    .filter((s) => /^[\w-]+\.ts$/.test(path.basename(s.path)) && Number.isSafeInteger(s.startMs) && s.durationMs > 0);
  if (!segments.length && publishingSinceMs === null) return null;
  // the passthrough's height is the encoder's: every variant plays it (the nearest lower rung, or the only one)
  return { key: liveSourceKey(ref), publishingSinceMs, renditions: [{ name: LIVE_PASSTHROUGH, height: 0, segments }] };
}

/** A cast stream's HLS as the live ingest has it now (null: nothing published and no publisher). */
export function castLiveSource(db: Db, ref: StreamRef, nowMs: number): Promise<CastLiveSource | null> {
  const hit = cache.get(ref.streamId);
  if (hit && nowMs - hit.at < REUSE_MS && nowMs >= hit.at) return hit.source;
  const source = readLiveSource(db, ref);
  cache.set(ref.streamId, { at: nowMs, source });
  return source;
}
