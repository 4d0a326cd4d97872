import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  encodeArgs,
  ladderArgs,
  lowestRungArgs,
  MASTER_PLAYLIST,
  MEDIA_PLAYLIST,
  previewArgs,
  previewCutArgs,
  remuxArgs,
  type EncodeOptions,
} from "./hls-args";
import { PREVIEW_SECONDS, SEGMENT_SECONDS } from "./hls-plan";
import { MediaError } from "./media-error";
import {
  buildMasterPlaylist,
  measureBandwidth,
  needsOwnMaster,
  parseMasterPlaylist,
  parseMediaPlaylist,
  type MasterVariant,
} from "./playlists";
import { posterArgs, posterSize } from "./poster-args";
import { runFfmpeg, type RunLimits } from "./run-ffmpeg";
import type { HlsPlan, ProbeSummary, Rung } from "./types";

/**
 * The media operations of ingest: build the arguments, run ffmpeg under limits, check the outputs
 * (complete playlists covering the expected duration) and make sure the master playlist names
 * BANDWIDTH, RESOLUTION and CODECS. Outputs go to `outDir`, which must be a fresh temporary
 * directory; the caller moves it into place only after the promise resolves.
 */

export type MediaOperation = "remux" | "ladder" | "lowest-rung" | "preview" | "poster" | "track" | "storyboard";

export interface ProcessOptions extends Partial<RunLimits> {
  onProgress?: (percent: number) => void;
  threads?: number;
}

/** One rendition written: what the Rendition row needs. Paths are relative to the output directory. */
export interface RenditionOutput {
  name: string;
  width: number;
  height: number;
  /** Peak bit rate (bit/s) as announced in the master playlist. */
  bandwidth: number;
  averageBandwidth: number;
  codecs: string;
  playlist: string;
  segments: number;
  durationSeconds: number;
}

export interface HlsOutput {
  dir: string;
  /** Relative to dir: "master.m3u8". */
  master: string;
  renditions: RenditionOutput[];
  /** True when ffmpeg's own master lacked an attribute and ours replaced it. */
  masterRewritten: boolean;
  elapsedMs: number;
}

/** Defaults sized from runs on a 2-core box (ladder ~0.8x real time) with a wide margin for load. */
export function defaultLimits(op: MediaOperation, durationSeconds: number): RunLimits {
  const d = Math.max(1, durationSeconds);
  switch (op) {
    case "remux":
      return { timeoutMs: (60 + d * 0.5) * 1000, memoryLimitMb: 1024 };
    case "ladder":
      return { timeoutMs: (120 + d * 6) * 1000, memoryLimitMb: 3072 };
    case "lowest-rung":
      return { timeoutMs: (60 + d * 3) * 1000, memoryLimitMb: 2048 };
    case "preview":
      return { timeoutMs: 120_000, memoryLimitMb: 2048 };
    case "poster":
      return { timeoutMs: 60_000, memoryLimitMb: 1024 };
    case "track":
      return { timeoutMs: (60 + d * 0.5) * 1000, memoryLimitMb: 1024 };
    case "storyboard":
      return { timeoutMs: (60 + d * 2) * 1000, memoryLimitMb: 2048 };
  }
}

/** Makes `dir`, which must be empty (a fresh temporary directory of the attempt). */
export async function prepareOutDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`output directory is not empty: ${dir}`);
}

/** Reads a written media playlist, checks it is complete and covers `expectedSeconds`, measures it. */
async function inspectPlaylist(
  dir: string,
  playlist: string,
  expectedSeconds: number,
): Promise<{ segments: number; durationSeconds: number; peak: number; average: number }> {
  const text = await readFile(path.join(dir, playlist), "utf8").catch(() => "");
  const parsed = parseMediaPlaylist(text);
  if (!parsed.ended || parsed.segments.length === 0)
    throw new MediaError("failed", "Processing produced an incomplete playlist.", `${playlist}: ${text.slice(0, 200)}`);
  const base = path.dirname(path.join(dir, playlist));
  const sized = await Promise.all(
    parsed.segments.map(async (s) => ({ durationSeconds: s.durationSeconds, sizeBytes: (await stat(path.join(base, s.uri))).size })),
  );
  // A file cut short can still have a complete index (moov first): ffmpeg then stops early, often with exit code 0.
  if (parsed.totalSeconds < expectedSeconds * 0.9 - 0.5) {
    throw new MediaError(
      "unreadable",
      `The file seems cut short or damaged: only ${parsed.totalSeconds.toFixed(1)} s of its ${expectedSeconds.toFixed(1)} s could be read.`,
    );
  }
  const { peak, average } = measureBandwidth(sized, SEGMENT_SECONDS);
  return { segments: parsed.segments.length, durationSeconds: parsed.totalSeconds, peak, average };
}

/**
 * Progress for the caller: ffmpeg's percents capped at 99, and 100 only once the outputs passed the
 * checks (a cut-short file makes ffmpeg finish "successfully" before we fail it).
 */
function progressOf(o: ProcessOptions): { onProgress?: (p: number) => void; done: () => void } {
  const report = o.onProgress;
  if (!report) return { done: () => undefined };
  let last = -1;
  const emit = (p: number) => {
    if (p > last) report((last = p));
  };
  return { onProgress: (p) => emit(Math.min(p, 99)), done: () => emit(100) };
}

export function withLimits(op: MediaOperation, probe: ProbeSummary, o: ProcessOptions): RunLimits {
  const d = defaultLimits(op, probe.durationSeconds);
  return {
    timeoutMs: o.timeoutMs ?? d.timeoutMs,
    memoryLimitMb: o.memoryLimitMb ?? d.memoryLimitMb,
    ...(o.signal ? { signal: o.signal } : {}),
    ...(o.onSpawn ? { onSpawn: o.onSpawn } : {}),
  };
}

/** Remux of an H.264/AAC source (plan.fastPath "remux") to HLS, with our one-variant master playlist. */
export async function remuxToHls(
  input: string,
  probe: ProbeSummary,
  plan: HlsPlan,
  outDir: string,
  o: ProcessOptions = {},
): Promise<HlsOutput> {
  if (!plan.remuxCodecs || !probe.video) throw new Error("remuxToHls: the plan does not allow a remux");
  await prepareOutDir(outDir);
  const progress = progressOf(o);
  const run = await runFfmpeg(remuxArgs(input, probe, outDir, o), {
    ...withLimits("remux", probe, o),
    durationSeconds: probe.durationSeconds,
    ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
  });
  const m = await inspectPlaylist(outDir, MEDIA_PLAYLIST, probe.durationSeconds);
  const { displayWidth: width, displayHeight: height } = probe.video;
  const variant: MasterVariant = {
    uri: MEDIA_PLAYLIST,
    bandwidth: m.peak,
    averageBandwidth: m.average,
    width,
    height,
    codecs: plan.remuxCodecs,
  };
  await writeFile(path.join(outDir, MASTER_PLAYLIST), buildMasterPlaylist([variant]));
  progress.done();
  return {
    dir: outDir,
    master: MASTER_PLAYLIST,
    renditions: [
      {
        name: "source",
        width,
        height,
        bandwidth: m.peak,
        averageBandwidth: m.average,
        codecs: plan.remuxCodecs,
        playlist: MEDIA_PLAYLIST,
        segments: m.segments,
        durationSeconds: m.durationSeconds,
      },
    ],
    masterRewritten: true,
    elapsedMs: run.elapsedMs,
  };
}

async function encode(
  op: MediaOperation,
  args: string[],
  rungs: Rung[],
  expectedSeconds: number,
  probe: ProbeSummary,
  outDir: string,
  o: ProcessOptions,
): Promise<HlsOutput> {
  const progress = progressOf(o);
  const run = await runFfmpeg(args, {
    ...withLimits(op, probe, o),
    durationSeconds: expectedSeconds,
    ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
  });
  const renditions: RenditionOutput[] = [];
  const peaks = new Map<string, number>();
  for (const r of rungs) {
    const playlist = `${r.name}/${MEDIA_PLAYLIST}`;
    const m = await inspectPlaylist(outDir, playlist, expectedSeconds);
    peaks.set(playlist, m.peak);
    renditions.push({
      name: r.name,
      width: r.width,
      height: r.height,
      bandwidth: Math.max(r.bandwidth, m.peak),
      averageBandwidth: m.average,
      codecs: r.codecs,
      playlist,
      segments: m.segments,
      durationSeconds: m.durationSeconds,
    });
  }
  const masterPath = path.join(outDir, MASTER_PLAYLIST);
  const ffmpegMaster = await readFile(masterPath, "utf8").catch(() => "");
  const rewrite = needsOwnMaster(ffmpegMaster, peaks);
  if (!rewrite) {
    // Keep ffmpeg's master; report the bandwidth it announces so the rows match the playlist.
    const announced = new Map(parseMasterPlaylist(ffmpegMaster).map((v) => [v.uri, Number(v.attributes.BANDWIDTH)]));
    for (const r of renditions) r.bandwidth = announced.get(r.playlist) ?? r.bandwidth;
  } else {
    const variants = renditions.map((r, i) => ({
      uri: r.playlist,
      bandwidth: r.bandwidth,
      averageBandwidth: r.averageBandwidth,
      width: r.width,
      height: r.height,
      codecs: r.codecs,
      frameRate: rungs[i]!.fps,
    }));
    await writeFile(masterPath, buildMasterPlaylist(variants));
  }
  progress.done();
  return { dir: outDir, master: MASTER_PLAYLIST, renditions, masterRewritten: rewrite, elapsedMs: run.elapsedMs };
}

/** The whole ladder of the plan in one ffmpeg process. */
export async function encodeLadder(
  input: string,
  probe: ProbeSummary,
  plan: HlsPlan,
  outDir: string,
  o: ProcessOptions & EncodeOptions = {},
): Promise<HlsOutput> {
  await prepareOutDir(outDir);
  return encode("ladder", ladderArgs(input, probe, plan, outDir, o), plan.rungs, plan.durationSeconds, probe, outDir, o);
}

/** Only some rungs of the ladder (e.g. all but the lowest one when that was made first). */
export async function encodeRungs(
  input: string,
  probe: ProbeSummary,
  rungs: Rung[],
  outDir: string,
  o: ProcessOptions & EncodeOptions = {},
): Promise<HlsOutput> {
  await prepareOutDir(outDir);
  return encode("ladder", encodeArgs(input, probe, rungs, outDir, o), rungs, probe.durationSeconds, probe, outDir, o);
}

/** The lowest rung alone (plan.fastPath "lowest-rung"): the first playable version of other codecs. */
export async function encodeLowestRung(
  input: string,
  probe: ProbeSummary,
  plan: HlsPlan,
  outDir: string,
  o: ProcessOptions & EncodeOptions = {},
): Promise<HlsOutput> {
  await prepareOutDir(outDir);
  return encode("lowest-rung", lowestRungArgs(input, probe, plan, outDir, o), [plan.lowest], plan.durationSeconds, probe, outDir, o);
}

/** The 15-second preview in <outDir>/preview/index.m3u8 (and a one-variant master). */
export async function encodePreview(
  input: string,
  probe: ProbeSummary,
  plan: HlsPlan,
  outDir: string,
  o: ProcessOptions & EncodeOptions = {},
): Promise<HlsOutput> {
  await prepareOutDir(outDir);
  const seconds = Math.min(PREVIEW_SECONDS, plan.durationSeconds);
  return encode("preview", previewArgs(input, probe, plan, outDir, o), [plan.preview], seconds, probe, outDir, o);
}

/**
 * Joins the first segments of an encoded rung (in `rungDir`, ours) that cover `seconds` into one
 * MPEG-TS file at `outFile`: the source of cutPreview, taken before the rung's files move into storage.
 */
export async function takeRungStart(rungDir: string, seconds: number, outFile: string): Promise<string> {
  const { segments } = parseMediaPlaylist(await readFile(path.join(rungDir, MEDIA_PLAYLIST), "utf8"));
  const parts: Buffer[] = [];
  let covered = 0;
  for (const s of segments) {
    if (covered >= seconds) break;
    if (!/^[\w.-]+$/.test(s.uri)) throw new Error(`unexpected segment in ${rungDir}: ${s.uri}`);
    parts.push(await readFile(path.join(rungDir, s.uri)));
    covered += s.durationSeconds;
  }
  if (parts.length === 0) throw new Error(`no segment in ${rungDir}`);
  await writeFile(outFile, Buffer.concat(parts));
  return outFile;
}

/** The 15-second preview copied from the start of the lowest rung (takeRungStart's file): no encode. */
export async function cutPreview(
  rungStart: string,
  probe: ProbeSummary,
  plan: HlsPlan,
  outDir: string,
  o: ProcessOptions = {},
): Promise<HlsOutput> {
  await prepareOutDir(outDir);
  const seconds = Math.min(PREVIEW_SECONDS, plan.durationSeconds);
  return encode("preview", previewCutArgs(rungStart, probe, plan, outDir, o), [plan.preview], seconds, probe, outDir, o);
}

/** The poster JPEG at `outPath` (inside a temporary directory). */
export async function extractPoster(
  input: string,
  probe: ProbeSummary,
  plan: HlsPlan,
  outPath: string,
  o: ProcessOptions = {},
): Promise<{ path: string; width: number; height: number; sizeBytes: number; mimeType: "image/jpeg" }> {
  await mkdir(path.dirname(outPath), { recursive: true });
  const progress = progressOf(o);
  await runFfmpeg(posterArgs(input, probe, plan, outPath, o), {
    ...withLimits("poster", probe, o),
    ...(progress.onProgress ? { onProgress: progress.onProgress } : {}),
  });
  const size = await stat(outPath)
    .then((s) => s.size)
    .catch(() => 0);
  if (size === 0) throw new MediaError("unreadable", "No frame could be read for the poster; the file may be damaged.");
  progress.done();
  return { path: outPath, ...posterSize(plan), sizeBytes: size, mimeType: "image/jpeg" };
}
