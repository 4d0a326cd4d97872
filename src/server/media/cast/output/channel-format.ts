import type { CastVariant } from "../playout-types";

/**
 * The output format every cast channel shares: its fixed variants (two rungs of the box ladder,
 * media/ffmpeg/hls-plan.ts), the target duration (box items are cut in 4 s segments, the live
 * ingest in 1-2 s ones: 6 leaves room for an encoder's longer keyframe interval) and the window
 * (a minute: enough for players to start three target durations back and survive a slow fetch).
 */
export const CAST_VARIANTS: CastVariant[] = [
  { name: "720p", width: 1280, height: 720, bandwidth: 3_300_000, codecs: "avc1.64001f,mp4a.40.2" },
  { name: "360p", width: 640, height: 360, bandwidth: 1_050_000, codecs: "avc1.64001e,mp4a.40.2" },
];

export const CAST_TARGET_DURATION_SECONDS = 6;
export const CAST_WINDOW_SECONDS = 60;
