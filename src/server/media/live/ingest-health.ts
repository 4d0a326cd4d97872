import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseMediaPlaylist } from "@/server/media/ffmpeg/playlists";
import { runLimited } from "@/server/media/ffmpeg/run-ffmpeg";
import { livePaths } from "@/server/media/edge/live-layout.mjs";
import { env } from "@/server/env";
import type { RtmpStream } from "./rtmp-stat";

// The health of a publishing stream, for the Go-live panel: bitrate from nginx-rtmp's byte counter
// (the difference between two polls of rtmp_stat), frame rate and size from the encoder's metadata,
// and the keyframe interval measured on the newest HLS segments (nginx-rtmp reports no GOP).

export interface IngestHealth {
  /** Received bit rate, kbit/s (audio and video). */
  bitrateKbps: number;
  fps?: number;
  width?: number;
  height?: number;
  videoCodec?: string;
  audioCodec?: string;
  /** Seconds between keyframes (the panel asks for 1 s); undefined until two segments exist. */
  keyframeIntervalSeconds?: number;
  /** Seconds since the stream started. */
  uptimeSeconds: number;
}

// The previous byte count of each stream seen in this process: the bitrate is the rate since then.
const lastSample = new Map<string, { clientKey: string; bytes: number; at: number }>();
// Keyframe intervals measured recently, by stream: ffprobe runs at most every few seconds per stream.
const gopCache = new Map<string, { at: number; value: number | undefined }>();
const GOP_TTL_MS = 5000;

export async function ingestHealth(stream: RtmpStream, now = Date.now()): Promise<IngestHealth> {
  const clientKey = stream.publisherIds.join(",");
  const prev = lastSample.get(stream.name);
  const bitrateKbps =
    prev && prev.clientKey === clientKey && now > prev.at && stream.bytesIn >= prev.bytes
      ? ((stream.bytesIn - prev.bytes) * 8) / (now - prev.at)
      : stream.timeMs > 0
        ? (stream.bytesIn * 8) / stream.timeMs
        : 0;
  lastSample.set(stream.name, { clientKey, bytes: stream.bytesIn, at: now });
  return {
    bitrateKbps: Math.round(bitrateKbps),
    fps: stream.frameRate,
    width: stream.width,
    height: stream.height,
    videoCodec: stream.videoCodec,
    audioCodec: stream.audioCodec,
    keyframeIntervalSeconds: await keyframeInterval(stream.name, now),
    uptimeSeconds: Math.round(stream.timeMs / 1000),
  };
}

async function keyframeInterval(streamPath: string, now: number): Promise<number | undefined> {
  const cached = gopCache.get(streamPath);
  if (cached && now - cached.at < GOP_TTL_MS) return cached.value;
  const value = await measureKeyframeInterval(path.join(livePaths(env().dataDir).hlsDir, streamPath)).catch(() => undefined);
  gopCache.set(streamPath, { at: now, value });
  return value;
}

/** The mean distance between the keyframes of the passthrough's last two segments. */
async function measureKeyframeInterval(dir: string): Promise<number | undefined> {
  const { segments } = parseMediaPlaylist(await readFile(path.join(dir, "index.m3u8"), "utf8"));
  const last = segments.slice(-2).map((s) => path.join(dir, s.uri));
  if (last.length < 2) return undefined;
  const times: number[] = [];
  for (const file of last) {
    const { stdout } = await runLimited(
      "ffprobe",
      ["-v", "error", "-select_streams", "v:0", "-skip_frame", "nokey", "-show_entries", "frame=pts_time", "-of", "csv=p=0", file],
      { timeoutMs: 5000, memoryLimitMb: 512, keepStdout: true },
    );
    times.push(...stdout.split("\n").map(Number.parseFloat).filter(Number.isFinite));
  }
  if (times.length < 2) return undefined;
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  return Math.round((gaps.reduce((a, b) => a + b, 0) / gaps.length) * 100) / 100;
}
