import { ACCEPTED_DEMUXERS, demuxerForFormatName, describeFormat, fileUrl } from "./input-format";
import { MediaError } from "./media-error";
import type { ProbeAudio, ProbeSummary, ProbeTrack, ProbeVideo } from "./types";

/**
 * ffprobe over one local file: JSON of format and streams, file protocol only, and only the accepted
 * demuxers (so a playlist or concat list named .mp4 is refused before it opens anything).
 */
export function buildProbeArgs(inputPath: string): string[] {
  return [
    ...["-hide_banner", "-v", "error"],
    ...["-protocol_whitelist", "file"],
    ...["-format_whitelist", ACCEPTED_DEMUXERS.join(",")],
    ...["-print_format", "json", "-show_format", "-show_streams", "-show_chapters"],
    ...["-i", fileUrl(inputPath)],
  ];
}

interface RawStream {
  index?: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  level?: number;
  width?: number;
  height?: number;
  pix_fmt?: string;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  channels?: number;
  sample_rate?: string;
  disposition?: { attached_pic?: number; hearing_impaired?: number };
  tags?: { rotate?: string; language?: string; title?: string; handler_name?: string };
  side_data_list?: Array<{ side_data_type?: string; rotation?: number }>;
}

interface RawProbe {
  format?: { format_name?: string; duration?: string; size?: string; bit_rate?: string };
  streams?: RawStream[];
  chapters?: Array<{ start_time?: string; tags?: { title?: string } }>;
}

/** The text subtitle formats kept as captions (ffmpeg converts each to WebVTT); bitmap ones (PGS, DVB) cannot be. */
export const TEXT_SUBTITLE_CODECS = ["mov_text", "subrip", "srt", "ass", "ssa", "webvtt", "text"];

// what a muxer writes when a stream has no language
const NO_LANGUAGE = new Set(["und", "unk", "zxx", "mis", ""]);

function trackOf(s: RawStream): ProbeTrack {
  const language = s.tags?.language?.trim();
  const title = s.tags?.title?.trim();
  return {
    index: s.index ?? 0,
    codec: s.codec_name ?? "unknown",
    ...(s.profile ? { profile: s.profile } : {}),
    ...(language && !NO_LANGUAGE.has(language.toLowerCase()) ? { language } : {}),
    ...(title ? { title: title.slice(0, 64) } : {}),
    ...(s.disposition?.hearing_impaired ? { forDeaf: true } : {}),
  };
}

/** The chapters ffprobe printed that start within the video: ascending, one per start, titled (untitled: "Chapter n"). */
function chaptersOf(raw: RawProbe["chapters"], durationSeconds: number): { start: number; title: string }[] {
  const starts = new Map<number, string>();
  for (const c of raw ?? []) {
    const start = Math.max(0, Math.round(Number(c.start_time) * 1000) / 1000);
    if (!Number.isFinite(start) || start >= durationSeconds || starts.has(start)) continue;
    starts.set(start, (c.tags?.title ?? "").trim().replace(/\s+/g, " ").slice(0, 200));
  }
  return [...starts].sort(([a], [b]) => a - b).map(([start, title], i) => ({ start, title: title || `Chapter ${i + 1}` }));
}

/** "30000/1001" -> 29.97; "0/0" or garbage -> 0. */
export function parseRate(rate: string | undefined): number {
  const [n, d] = (rate ?? "").split("/").map(Number);
  if (!n || !Number.isFinite(n)) return 0;
  const v = d === undefined ? n : d ? n / d : 0;
  return Number.isFinite(v) && v > 0 ? v : 0;
}

/** Clockwise rotation in degrees, normalised to 0/90/180/270. */
function rotationOf(s: RawStream): number {
  const matrix = s.side_data_list?.find((d) => d.side_data_type === "Display Matrix" && typeof d.rotation === "number");
  // ffprobe prints the display matrix angle counter-clockwise; the legacy `rotate` tag is clockwise.
  const cw = matrix ? -(matrix.rotation ?? 0) : Number(s.tags?.rotate ?? 0);
  const r = Math.round((((cw % 360) + 360) % 360) / 90) * 90;
  return r === 360 ? 0 : r;
}

function videoOf(s: RawStream): ProbeVideo {
  const width = s.width ?? 0;
  const height = s.height ?? 0;
  const [sn, sd] = (s.sample_aspect_ratio ?? "1:1").split(":").map(Number);
  const sar = sn && sd ? sn / sd : 1;
  const rotation = rotationOf(s);
  const shownW = Math.round(width * sar);
  const sideways = rotation === 90 || rotation === 270;
  return {
    index: s.index ?? 0,
    codec: s.codec_name ?? "unknown",
    width,
    height,
    fps: parseRate(s.avg_frame_rate) || parseRate(s.r_frame_rate),
    ...(s.profile ? { profile: s.profile } : {}),
    ...(typeof s.level === "number" && s.level > 0 ? { level: s.level } : {}),
    ...(s.pix_fmt ? { pixFmt: s.pix_fmt } : {}),
    rotation,
    displayWidth: sideways ? height : shownW,
    displayHeight: sideways ? shownW : height,
  };
}

function audioOf(s: RawStream): ProbeAudio {
  return {
    index: s.index ?? 0,
    codec: s.codec_name ?? "unknown",
    ...(s.profile ? { profile: s.profile } : {}),
    channels: s.channels ?? 0,
    sampleRate: Number(s.sample_rate ?? 0),
  };
}

/** ffprobe's JSON to a ProbeSummary; throws MediaError("unsupported") for a container we refuse. */
export function parseProbeOutput(json: string): ProbeSummary {
  let raw: RawProbe;
  try {
    raw = JSON.parse(json) as RawProbe;
  } catch {
    throw new MediaError("unreadable", "The file could not be read as a video.", "ffprobe printed no JSON");
  }
  const formatName = raw.format?.format_name;
  if (!formatName) throw new MediaError("unreadable", "The file could not be read as a video.", "ffprobe found no container");
  const demuxer = demuxerForFormatName(formatName);
  if (!demuxer)
    throw new MediaError(
      "unsupported",
      `The file is ${describeFormat(formatName.split(",")[0] ?? formatName)} (${formatName}), not a video file we accept.`,
    );
  const streams = raw.streams ?? [];
  const v = streams.find((s) => s.codec_type === "video" && !s.disposition?.attached_pic);
  const a = streams.find((s) => s.codec_type === "audio");
  const streamDurations = streams.map((s) => Number(s.duration)).filter((d) => Number.isFinite(d) && d > 0);
  const formatDuration = Number(raw.format?.duration);
  const durationSeconds = Number.isFinite(formatDuration) && formatDuration > 0 ? formatDuration : Math.max(0, ...streamDurations);
  const bitRate = Number(raw.format?.bit_rate);
  const audioTracks = streams.filter((s) => s.codec_type === "audio").map(trackOf);
  const subtitles = streams.filter((s) => s.codec_type === "subtitle" && TEXT_SUBTITLE_CODECS.includes(s.codec_name ?? "")).map(trackOf);
  const chapters = chaptersOf(raw.chapters, durationSeconds);
  return {
    durationSeconds,
    sizeBytes: Number(raw.format?.size ?? 0),
    formatName,
    demuxer,
    ...(Number.isFinite(bitRate) && bitRate > 0 ? { bitRate } : {}),
    ...(v ? { video: videoOf(v) } : {}),
    ...(a ? { audio: audioOf(a) } : {}),
    ...(audioTracks.length > 1 ? { audioTracks } : {}),
    ...(subtitles.length > 0 ? { subtitles } : {}),
    ...(chapters.length > 0 ? { chapters } : {}),
  };
}

/** ffprobe's stderr to the owner's reason: refused container, or unreadable file. */
export function probeFailure(stderr: string, inputPath: string): MediaError {
  const refused = /\[([\w,]+) @ [^\]]+\] Format not on whitelist/.exec(stderr);
  if (refused?.[1]) {
    const name = refused[1];
    return new MediaError(
      "unsupported",
      `The file is ${describeFormat(name.split(",")[0] ?? name)} (${name}), not a video file we accept.`,
      stderr,
    );
  }
  return new MediaError("unreadable", `The file could not be read as a video (${stderrHint(stderr, inputPath)}).`, stderr);
}

/** The distinct messages of an ffmpeg/ffprobe stderr without "[demuxer @ 0x...]" and path prefixes. */
export function stderrHint(stderr: string, inputPath?: string): string {
  const url = inputPath ? fileUrl(inputPath) : undefined;
  const lines = stderr
    .split("\n")
    .map((l) => l.replace(/^\[[^\]]*\]\s*/, "").trim())
    .map((l) => (url && l.startsWith(`${url}: `) ? l.slice(url.length + 2) : l))
    .filter(Boolean);
  return [...new Set(lines)].slice(-3).join("; ") || "unknown error";
}
