import path from "node:path";

/**
 * Containers we accept, as ffmpeg demuxer names. This is an allowlist on purpose: demuxers such as
 * hls, dash, concat, image2 (patterns), tee or the text formats open other files or URLs named
 * inside the upload, and `-protocol_whitelist file` alone still lets them read any local file with a
 * media extension (another owner's upload, for instance). Every ffprobe/ffmpeg run passes this list
 * as `-format_whitelist`, which nested demuxers inherit (the AVI GAB2 subtitle trick included).
 */
export const ACCEPTED_DEMUXERS = ["mov", "matroska", "avi", "mpegts", "flv", "mpeg", "ogg", "asf"] as const;
export type AcceptedDemuxer = (typeof ACCEPTED_DEMUXERS)[number];

/** ffprobe's format_name (a comma list of aliases) to the demuxer to force with `-f`, or null if refused. */
export function demuxerForFormatName(formatName: string): AcceptedDemuxer | null {
  const names = formatName.split(",").map((s) => s.trim());
  return ACCEPTED_DEMUXERS.find((d) => names.includes(d)) ?? null;
}

const DESCRIPTIONS: Array<[RegExp, string]> = [
  [/^(hls|applehttp)$/, "an HLS playlist"],
  [/^dash$/, "a DASH manifest"],
  [/^concat$/, "an ffconcat list"],
  [/^(image2|image2pipe)$|_pipe$/, "an image or image sequence"],
  [/^(tee|ffmetadata|lavfi|data|subviewer|srt|ass|webvtt|mpl2|microdvd|jacosub|tty|bin|xbin|adf|idf)$/, "a text or data file"],
];

/** A phrase for the owner: what the refused file is. */
export function describeFormat(demuxer: string): string {
  return DESCRIPTIONS.find(([re]) => re.test(demuxer))?.[1] ?? `a "${demuxer}" file`;
}

/**
 * The input side of every run: only the file protocol, only the accepted demuxers (nested ones
 * included), the probed demuxer forced, bounded decoder threads, and an absolute path behind the
 * `file:` prefix so a name like "concat:a|b" or "subfile,,..." cannot select a protocol.
 */
export function hardenedInputArgs(
  inputPath: string,
  demuxer: AcceptedDemuxer,
  o: { threads: number; seekSeconds?: number; durationSeconds?: number },
): string[] {
  return [
    ...["-protocol_whitelist", "file"],
    ...["-format_whitelist", demuxer],
    ...["-f", demuxer],
    ...["-threads", String(o.threads)],
    ...(o.seekSeconds !== undefined ? ["-ss", o.seekSeconds.toFixed(3)] : []),
    ...(o.durationSeconds !== undefined ? ["-t", o.durationSeconds.toFixed(3)] : []),
    ...["-i", fileUrl(inputPath)],
  ];
}

/** `file:` + absolute path (ffmpeg treats everything after `file:` literally). */
export function fileUrl(p: string): string {
  return `file:${path.resolve(p)}`;
}

/** Global options of every ffmpeg run: no stdin, overwrite, only errors on stderr, progress as key=value on stdout. */
export function globalArgs(): string[] {
  return ["-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-nostats", "-progress", "pipe:1"];
}
