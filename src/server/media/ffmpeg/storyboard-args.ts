import path from "node:path";
import { webvttTime } from "@/lib/webvtt";
import { fileUrl, globalArgs, hardenedInputArgs, type AcceptedDemuxer } from "./input-format";
import type { ProbeSummary } from "./types";

// The storyboard (issue 26): thumbnails of the video at a fixed interval, tiled into JPEG sprite
// sheets, and a WebVTT track whose cues name each thumbnail's rectangle in its sheet
// (`sheet_000.jpg#xywh=x,y,w,h`), which the player shows over the seek bar under the pointer.

/** Thumbnails per sheet: COLUMNS x ROWS. */
export const COLUMNS = 10;
export const ROWS = 10;
/** At most this many thumbnails in all (4 sheets): a long video gets a longer interval. */
export const MAX_THUMBNAILS = 400;
export const THUMB_WIDTH = 160;

export interface StoryboardPlan {
  /** Seconds between thumbnails. */
  interval: number;
  count: number;
  width: number;
  height: number;
  columns: number;
  /** Rows of a full sheet (the only sheet may have fewer). */
  rows: number;
  sheets: number;
}

export function planStoryboard(probe: ProbeSummary): StoryboardPlan {
  const duration = Math.max(0.1, probe.durationSeconds);
  const interval = Math.max(1, Math.ceil(duration / MAX_THUMBNAILS));
  const count = Math.max(1, Math.ceil(duration / interval));
  const w = probe.video?.displayWidth || 16;
  const h = probe.video?.displayHeight || 9;
  const height = Math.max(2, Math.round((THUMB_WIDTH * h) / w / 2) * 2);
  const rows = count <= COLUMNS * ROWS ? Math.ceil(count / COLUMNS) : ROWS;
  return { interval, count, width: THUMB_WIDTH, height, columns: COLUMNS, rows, sheets: Math.ceil(count / (COLUMNS * rows)) };
}

export const sheetName = (n: number) => `sheet_${String(n).padStart(3, "0")}.jpg`;

/** One frame every `interval` seconds, scaled and tiled into sheets in `outDir`. */
export function storyboardArgs(input: string, probe: ProbeSummary, plan: StoryboardPlan, outDir: string): string[] {
  if (!probe.video) throw new Error("storyboardArgs: the probe has no video stream");
  const filter = [
    `fps=1/${plan.interval}`,
    `scale=${plan.width}:${plan.height}:flags=fast_bilinear`,
    "setsar=1",
    `tile=${plan.columns}x${plan.rows}`,
  ].join(",");
  return [
    ...globalArgs(),
    ...hardenedInputArgs(input, probe.demuxer as AcceptedDemuxer, { threads: 2 }),
    ...["-map", `0:${probe.video.index}`, "-vf", filter, "-an", "-sn", "-dn", "-map_metadata", "-1"],
    ...["-c:v", "mjpeg", "-pix_fmt", "yuvj420p", "-q:v", "5"],
    ...["-protocol_whitelist", "file", "-f", "image2", "-start_number", "0", fileUrl(path.join(outDir, "sheet_%03d.jpg"))],
  ];
}

/** The thumbnails track: one cue per thumbnail, naming its sheet and rectangle. */
export function storyboardVtt(plan: StoryboardPlan, durationSeconds: number): string {
  const lines = ["WEBVTT", ""];
  const perSheet = plan.columns * plan.rows;
  for (let i = 0; i < plan.count; i++) {
    const start = i * plan.interval;
    const end = Math.min(durationSeconds, start + plan.interval);
    if (end <= start) break;
    const tile = i % perSheet;
    const x = (tile % plan.columns) * plan.width;
    const y = Math.floor(tile / plan.columns) * plan.height;
    lines.push(
      `${webvttTime(start)} --> ${webvttTime(end)}`,
      `${sheetName(Math.floor(i / perSheet))}#xywh=${x},${y},${plan.width},${plan.height}`,
      "",
    );
  }
  return lines.join("\n");
}
