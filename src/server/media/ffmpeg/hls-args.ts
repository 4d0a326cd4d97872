import path from "node:path";
import { PREVIEW_SECONDS, SEGMENT_SECONDS } from "./hls-plan";
import { type AcceptedDemuxer, globalArgs, hardenedInputArgs } from "./input-format";
import type { HlsPlan, ProbeSummary, Rung } from "./types";

/**
 * Pure ffmpeg argument builders for the HLS outputs. Layout inside the (temporary) output directory:
 *   remux:   master.m3u8, index.m3u8, seg_00000.ts ...
 *   encodes: master.m3u8, <rung name>/index.m3u8, <rung name>/seg_00000.ts ... (one dir per rung;
 *            the preview is one rung named "preview")
 */

export const MASTER_PLAYLIST = "master.m3u8";
/**
 * The MPEG-TS timestamp (90 kHz) of a source's time 0 in every segment we write: the mpegts muxer
 * starts its clock at 1.4 s (its default -muxdelay 0.7, doubled), remux and encodes alike. Caption
 * tracks name it in X-TIMESTAMP-MAP so that their cues line up with the video.
 */
export const HLS_START_PTS = 126_000;
export const MEDIA_PLAYLIST = "index.m3u8";
const SEGMENT_PATTERN = "seg_%05d.ts";

export interface RunOptions {
  /** Decoder and per-encoder threads (the box has few cores and several jobs). */
  threads?: number;
}

const DEFAULT_THREADS = 2;

/** The demuxer forced on the input, from the probe (never re-detected). */
function demuxerOf(probe: ProbeSummary): AcceptedDemuxer {
  return probe.demuxer as AcceptedDemuxer;
}

function metadataArgs(): string[] {
  // Drop container metadata (GPS position, device names) and chapters; no data or subtitle streams.
  return ["-map_metadata", "-1", "-map_chapters", "-1", "-dn", "-sn"];
}

/**
 * The HLS muxer: 4 s VOD segments, independent, file protocol only on the output side too. Output
 * paths are ours (absolute, no `file:` prefix, which would stop hlsenc from creating the %v dirs).
 */
export function hlsOutputArgs(segmentPath: string, playlistPath: string, extra: string[] = []): string[] {
  return [
    ...["-protocol_whitelist", "file"],
    ...["-f", "hls", "-hls_time", String(SEGMENT_SECONDS), "-hls_playlist_type", "vod"],
    ...["-hls_flags", "independent_segments", "-hls_segment_type", "mpegts", "-hls_list_size", "0"],
    ...["-hls_segment_filename", path.resolve(segmentPath)],
    ...extra,
    path.resolve(playlistPath),
  ];
}

/** Copies the source's H.264/AAC into HLS without re-encoding (playable within seconds). */
export function remuxArgs(input: string, probe: ProbeSummary, outDir: string, o: RunOptions = {}): string[] {
  if (!probe.video) throw new Error("remuxArgs: the probe has no video stream");
  return [
    ...globalArgs(),
    ...hardenedInputArgs(input, demuxerOf(probe), { threads: o.threads ?? DEFAULT_THREADS }),
    ...["-map", `0:${probe.video.index}`],
    ...(probe.audio ? ["-map", `0:${probe.audio.index}`] : []),
    ...["-c", "copy"],
    ...metadataArgs(),
    ...hlsOutputArgs(path.join(outDir, SEGMENT_PATTERN), path.join(outDir, MEDIA_PLAYLIST)),
  ];
}

export interface EncodeOptions extends RunOptions {
  /** x264 preset: "veryfast" for the ladder; the lowest-rung-first pass may go faster. */
  preset?: string;
  /** Read only the first N seconds of the source (the preview). */
  limitSeconds?: number;
}

/** `expr:` keyframes on every segment boundary, so all rungs cut their segments at the same instants. */
export function keyframeExpr(segmentSeconds = SEGMENT_SECONDS): string {
  return `expr:gte(t,n_forced*${segmentSeconds})`;
}

/** One filter graph: decode once, (halve the frame rate,) split, scale each branch to its rung. */
export function ladderFilter(videoIndex: number, rungs: Rung[], sourceFps: number): string {
  const fps = rungs[0]?.fps ?? 30;
  const pre = sourceFps > fps + 0.01 ? `fps=${fps},` : "";
  const outs = rungs.map((_, i) => `[s${i}]`).join("");
  const split = rungs.length > 1 ? `${pre}split=${rungs.length}${outs}` : `${pre}null[s0]`;
  const scales = rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height}:flags=bicubic,setsar=1,format=yuv420p[v${i}]`);
  return [`[0:${videoIndex}]${split}`, ...scales].join(";");
}

/**
 * Encodes `rungs` in ONE ffmpeg process (decode once, split/scale, one libx264 per rung, AAC per
 * rung), fixed GOP of 4 s with scene-cut keyframes off and forced keyframes on segment boundaries
 * (aligned segments across rungs), a master playlist with ffmpeg's BANDWIDTH/RESOLUTION/CODECS.
 * Used for the ladder, the lowest-rung-first pass (one rung) and the preview (one rung, 15 s).
 */
export function encodeArgs(input: string, probe: ProbeSummary, rungs: Rung[], outDir: string, o: EncodeOptions = {}): string[] {
  const v = probe.video;
  if (!v) throw new Error("encodeArgs: the probe has no video stream");
  if (rungs.length === 0) throw new Error("encodeArgs: no rungs");
  const threads = o.threads ?? DEFAULT_THREADS;
  const fps = rungs[0]!.fps;
  const gop = String(Math.max(1, Math.round(SEGMENT_SECONDS * fps)));
  const audio = rungsHaveAudio(probe, rungs) ? probe.audio : undefined;
  const perRung = rungs.flatMap((r, i) => [
    ...[`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${r.maxrateKbps}k`, `-bufsize:v:${i}`, `${r.bufsizeKbps}k`],
    ...[`-level:v:${i}`, r.level],
    ...(audio ? [`-b:a:${i}`, `${r.audioKbps}k`] : []),
  ]);
  const varStreamMap = rungs.map((r, i) => `v:${i},${audio ? `a:${i},` : ""}name:${r.name}`).join(" ");
  return [
    ...globalArgs(),
    ...["-filter_complex_threads", String(threads)],
    ...hardenedInputArgs(input, demuxerOf(probe), { threads, ...(o.limitSeconds ? { durationSeconds: o.limitSeconds } : {}) }),
    ...["-filter_complex", ladderFilter(v.index, rungs, v.fps)],
    ...rungs.flatMap((_, i) => ["-map", `[v${i}]`]),
    ...(audio ? rungs.flatMap(() => ["-map", `0:${audio.index}`]) : []),
    ...["-c:v", "libx264", "-preset", o.preset ?? "veryfast", "-profile:v", "high", "-pix_fmt", "yuv420p"],
    ...["-g", gop, "-keyint_min", gop, "-sc_threshold", "0", "-force_key_frames", keyframeExpr()],
    ...["-threads", String(threads)],
    ...(audio ? ["-c:a", "aac", "-ac", "2", "-ar", audio.sampleRate === 44100 ? "44100" : "48000"] : []),
    ...perRung,
    ...metadataArgs(),
    ...hlsOutputArgs(path.join(outDir, "%v", SEGMENT_PATTERN), path.join(outDir, "%v", MEDIA_PLAYLIST), [
      ...["-master_pl_name", MASTER_PLAYLIST],
      ...["-var_stream_map", varStreamMap],
    ]),
  ];
}

/** The full ladder of the plan. */
export function ladderArgs(input: string, probe: ProbeSummary, plan: HlsPlan, outDir: string, o: EncodeOptions = {}): string[] {
  return encodeArgs(input, probe, plan.rungs, outDir, o);
}

/** The lowest rung alone, for sources that cannot be remuxed (fast preset: it is replaced by the ladder). */
export function lowestRungArgs(input: string, probe: ProbeSummary, plan: HlsPlan, outDir: string, o: EncodeOptions = {}): string[] {
  return encodeArgs(input, probe, [plan.lowest], outDir, { preset: "superfast", ...o });
}

/** Whether encodes of `rungs` carry audio: the source has some and every rung has an audio bit rate. */
export function rungsHaveAudio(probe: ProbeSummary, rungs: Rung[]): boolean {
  return Boolean(probe.audio) && rungs.every((r) => r.audioKbps);
}

/** The 15-second preview: the first 15 s at the smallest rung, its own playlist in <outDir>/preview/. */
export function previewArgs(input: string, probe: ProbeSummary, plan: HlsPlan, outDir: string, o: EncodeOptions = {}): string[] {
  return encodeArgs(input, probe, [plan.preview], outDir, { limitSeconds: PREVIEW_SECONDS, ...o });
}

/**
 * The same preview cut from the start of the lowest rung, already encoded (its first segments joined
 * into one MPEG-TS file, `rungStart`): the first 15 s, streams copied, no decode or encode; the same
 * layout as an encode (<outDir>/preview/, a master playlist).
 */
export function previewCutArgs(rungStart: string, probe: ProbeSummary, plan: HlsPlan, outDir: string, o: RunOptions = {}): string[] {
  const audio = rungsHaveAudio(probe, [plan.preview]);
  return [
    ...globalArgs(),
    ...hardenedInputArgs(rungStart, "mpegts", { threads: o.threads ?? DEFAULT_THREADS, durationSeconds: PREVIEW_SECONDS }),
    ...["-map", "0:v:0", ...(audio ? ["-map", "0:a:0"] : [])],
    ...["-c", "copy"],
    ...metadataArgs(),
    ...hlsOutputArgs(path.join(outDir, "%v", SEGMENT_PATTERN), path.join(outDir, "%v", MEDIA_PLAYLIST), [
      ...["-master_pl_name", MASTER_PLAYLIST],
      ...["-var_stream_map", `v:0,${audio ? "a:0," : ""}name:${plan.preview.name}`],
    ]),
  ];
}

/** Where a rung's media playlist lands inside an encode's output directory. */
export function rungPlaylistPath(outDir: string, rung: Pick<Rung, "name">): string {
  return path.join(outDir, rung.name, MEDIA_PLAYLIST);
}
