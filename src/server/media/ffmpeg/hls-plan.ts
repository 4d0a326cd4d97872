import { avc1Codec, h264LevelFor, levelNumber, mp4aCodec } from "./codecs";
import { MediaError } from "./media-error";
import type { HlsPlan, ProbeSummary, ProbeVideo, Rung } from "./types";

export const SEGMENT_SECONDS = 4;
export const PREVIEW_SECONDS = 15;
/** Frame rates above this are halved (120 fps phone clips are encoded at 60). */
export const MAX_FPS = 60;
const MIN_SIDE = 16;
const MAX_SIDE = 8192;

/** The ladder by short side ("720p" is 1280x720 landscape or 720x1280 portrait), at 30 fps. */
export const LADDER = [
  { p: 1080, videoKbps: 5000, audioKbps: 128 },
  { p: 720, videoKbps: 2800, audioKbps: 128 },
  { p: 480, videoKbps: 1400, audioKbps: 96 },
  { p: 360, videoKbps: 800, audioKbps: 96 },
] as const;
const LOWEST = LADDER[LADDER.length - 1]!;

const even = (x: number) => Math.max(2, 2 * Math.round(x / 2));

/** The output frame rate: the source's, halved until it is at most MAX_FPS (30 when unknown). */
export function outputFps(sourceFps: number): number {
  let fps = sourceFps > 0 ? sourceFps : 30;
  while (fps > MAX_FPS) fps /= 2;
  return Math.round(fps * 1000) / 1000;
}

function makeRung(name: string, width: number, height: number, fps: number, videoKbps: number, audioKbps: number | null): Rung {
  const maxrateKbps = Math.round(videoKbps * 1.07);
  const level = h264LevelFor(width, height, fps, maxrateKbps);
  const codecs = [avc1Codec("High", levelNumber(level)), ...(audioKbps ? [mp4aCodec("LC")] : [])].join(",");
  return {
    name,
    width,
    height,
    fps,
    videoKbps,
    maxrateKbps,
    bufsizeKbps: Math.round(videoKbps * 1.5),
    audioKbps,
    level,
    codecs,
    bandwidth: Math.round((maxrateKbps + (audioKbps ?? 0)) * 1000 * 1.1),
  };
}

/** Size of a rung whose short side is `p`, keeping the source's display aspect, even dimensions. */
function sizeFor(v: ProbeVideo, p: number): [number, number] {
  const aspect = v.displayWidth / v.displayHeight;
  return aspect >= 1 ? [even(p * aspect), p] : [p, even(p / aspect)];
}

/** The rungs for a source, highest first: the standard ladder up to the source, or one rung at its own size. */
export function ladderRungs(v: ProbeVideo, hasAudio: boolean): Rung[] {
  const fps = outputFps(v.fps);
  const rate = fps > 30 ? 1.5 : 1;
  const shortSide = Math.min(v.displayWidth, v.displayHeight);
  const fitting = LADDER.filter((r) => r.p <= shortSide);
  if (fitting.length === 0) {
    const [w, h] = [even(v.displayWidth), even(v.displayHeight)];
    const kbps = Math.max(200, Math.round((LOWEST.videoKbps * rate * (w * h)) / (640 * 360)));
    return [makeRung(`${Math.min(w, h)}p`, w, h, fps, kbps, hasAudio ? LOWEST.audioKbps : null)];
  }
  return fitting.map((r) => {
    const [w, h] = sizeFor(v, r.p);
    return makeRung(`${r.p}p`, w, h, fps, Math.round(r.videoKbps * rate), hasAudio ? r.audioKbps : null);
  });
}

/** Whether the source can be copied to HLS as is and play in browsers (H.264 8-bit 4:2:0, AAC, upright). */
export function canRemux(probe: ProbeSummary): boolean {
  const v = probe.video;
  if (!v || v.codec !== "h264") return false;
  if (v.pixFmt !== "yuv420p" && v.pixFmt !== "yuvj420p") return false;
  if (v.rotation !== 0 || v.fps > MAX_FPS) return false;
  return !probe.audio || probe.audio.codec === "aac";
}

/**
 * The processing plan of a probed upload: what is made playable first (a remux for H.264/AAC,
 * otherwise the lowest rung), the ladder (never above the source) and the preview rung.
 */
export function planHls(probe: ProbeSummary): HlsPlan {
  const v = probe.video;
  if (!v) throw new MediaError("unsupported", "The file has no video stream.");
  if (!(probe.durationSeconds > 0) || !Number.isFinite(probe.durationSeconds))
    throw new MediaError("unreadable", "The file's duration could not be determined; it may be damaged.");
  const sides = [v.displayWidth, v.displayHeight];
  if (sides.some((s) => !(s >= MIN_SIDE && s <= MAX_SIDE))) {
    throw new MediaError(
      "unsupported",
      `The video's size (${v.displayWidth}x${v.displayHeight}) is outside what we process (${MIN_SIDE} to ${MAX_SIDE} pixels a side).`,
    );
  }
  const hasAudio = Boolean(probe.audio);
  const rungs = ladderRungs(v, hasAudio);
  const lowest = rungs[rungs.length - 1]!;
  const remux = canRemux(probe);
  return {
    fastPath: remux ? "remux" : "lowest-rung",
    rungs,
    lowest,
    preview: { ...lowest, name: "preview" },
    durationSeconds: probe.durationSeconds,
    hasAudio,
    segmentSeconds: SEGMENT_SECONDS,
    ...(remux ? { remuxCodecs: [avc1Codec(v.profile, v.level), ...(probe.audio ? [mp4aCodec(probe.audio.profile)] : [])].join(",") } : {}),
  };
}
