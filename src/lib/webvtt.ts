// Caption files (issue 26): a WebVTT or SubRip (SRT) text read into cues and written back as WebVTT
// (the server: uploads, the ingest), and the chapters track the player reads (src/components/player),
// the one format the HLS subtitle renditions carry. Pure functions, no ffmpeg: its srt and webvtt
// demuxers are not among the inputs it accepts (media/ffmpeg/input-format.ts), and a refusal must name
// the line at fault, which a demuxer does not.

/** One cue: from `start` to `end` (seconds), its text lines, and its WebVTT settings when it had some. */
export interface Cue {
  start: number;
  end: number;
  text: string;
  settings?: string;
}

export type CaptionFormat = "webvtt" | "srt";

export type ParsedCaptions = { ok: true; format: CaptionFormat; cues: Cue[] } | { ok: false; line: number; reason: CaptionFault };

/** Why a file was refused; `line` (1-based) says where. */
export type CaptionFault = "empty" | "timing" | "order" | "tooMany" | "tooLong";

/** At most this many cues (a feature film has about 2,000). */
export const MAX_CUES = 20_000;
/** A cue's text at most this long (characters). */
export const MAX_CUE_TEXT = 2_000;

// (hh:)mm:ss.mmm in WebVTT; hh:mm:ss,mmm in SRT, whose writers also use a dot and drop the hours
const TIME = String.raw`(?:(\d{1,3}):)?([0-5]?\d):([0-5]\d)[.,](\d{1,3})`;
const TIMING = new RegExp(String.raw`^\s*${TIME}\s*-->\s*${TIME}(?:\s+(.*?))?\s*$`);

function seconds(h: string | undefined, m: string, s: string, ms: string): number {
  return Number(h ?? 0) * 3600 + Number(m) * 60 + Number(s) + Number(ms.padEnd(3, "0")) / 1000;
}

/** The timing of a cue line, or undefined when the line is not one. */
function timingOf(line: string): { start: number; end: number; settings?: string } | undefined {
  const m = TIMING.exec(line);
  if (!m) return undefined;
  const start = seconds(m[1], m[2]!, m[3]!, m[4]!);
  const end = seconds(m[5], m[6]!, m[7]!, m[8]!);
  return { start, end, ...(m[9] ? { settings: m[9] } : {}) };
}

/** Blocks of non-blank lines, each with the (1-based) number of its first line. */
function blocks(lines: string[], from: number): { first: number; lines: string[] }[] {
  const out: { first: number; lines: string[] }[] = [];
  let current: { first: number; lines: string[] } | undefined;
  for (let i = from; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === "") {
      current = undefined;
      continue;
    }
    if (!current) out.push((current = { first: i + 1, lines: [] }));
    current.lines.push(line);
  }
  return out;
}

/**
 * Where a WebVTT file's body starts: after its WEBVTT line and the header lines below it
 * (X-TIMESTAMP-MAP and the like, left out), up to a blank line or the first cue (a timing line, or an
 * identifier above one) of a writer that left no blank line.
 */
function headerEnd(lines: string[]): number {
  let i = 1;
  while (i < lines.length && lines[i]!.trim() !== "" && !lines[i]!.includes("-->") && !lines[i + 1]?.includes("-->")) i++;
  return i;
}

const fault = (line: number, reason: CaptionFault): ParsedCaptions => ({ ok: false, line, reason });

// SRT text in WebVTT's terms: its <i>, <b>, <u> stay; <font ...> and ASS overrides ({\an8}) go;
// a bare "&" or a "<" that opens no kept tag is escaped, as WebVTT requires
const KEPT_TAG = /^<\/?[ibu]>/i;
function srtText(text: string): string {
  return text
    .replace(/\{\\[^}]*\}/g, "")
    .replace(/<\/?font\b[^>]*>/gi, "")
    .replace(/&(?!(?:amp|lt|gt|nbsp|lrm|rlm|#\d+|#x[0-9a-f]+);)/gi, "&amp;")
    .replace(/<[^<]*/g, (rest) => (KEPT_TAG.test(rest) ? rest : `&lt;${rest.slice(1)}`));
}

/**
 * Reads a caption file: WebVTT when it starts with "WEBVTT" (after a byte order mark), else SRT.
 * Refused, with the line at fault: a cue without a valid timing line, a cue that ends before it starts,
 * too many cues or too long a text, or no cue at all. WebVTT's header lines, NOTE, STYLE and REGION blocks are left out.
 */
export function parseCaptions(text: string): ParsedCaptions {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const webvtt = /^WEBVTT(?:[ \t].*)?$/.test(lines[0] ?? "");
  const cues: Cue[] = [];
  for (const block of blocks(lines, webvtt ? headerEnd(lines) : 0)) {
    if (webvtt && /^(NOTE|STYLE|REGION)(?:[ \t]|$)/.test(block.lines[0]!)) continue;
    // a cue's first line is its timing, or an identifier (SRT: its number) followed by the timing
    let at = 0;
    let timing = timingOf(block.lines[0]!);
    if (!timing && block.lines.length > 1) timing = timingOf(block.lines[(at = 1)]!);
    if (!timing) return fault(block.first + at, "timing");
    if (timing.end <= timing.start) return fault(block.first + at, "order");
    const raw = block.lines.slice(at + 1).join("\n");
    const body = webvtt ? raw : srtText(raw);
    if (body.length > MAX_CUE_TEXT) return fault(block.first + at + 1, "tooLong");
    if (cues.length === MAX_CUES) return fault(block.first, "tooMany");
    cues.push({ start: timing.start, end: timing.end, text: body, ...(webvtt && timing.settings ? { settings: timing.settings } : {}) });
  }
  if (cues.length === 0) return fault(1, "empty");
  return { ok: true, format: webvtt ? "webvtt" : "srt", cues };
}

/** hh:mm:ss.mmm */
export function webvttTime(at: number): string {
  const ms = Math.round(at * 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(ms / 3_600_000))}:${pad(Math.floor(ms / 60_000) % 60)}:${pad(Math.floor(ms / 1000) % 60)}.${pad(ms % 1000, 3)}`;
}

/**
 * The cues as a WebVTT file. A cue's text never holds a blank line or "-->" (either would end the cue
 * or be read as a timing): blank lines are dropped, arrows written as "->". `mpegtsAtZero`: for a
 * subtitle rendition of HLS, the MPEG-TS timestamp (90 kHz) of the video at cue time 0, written as
 * X-TIMESTAMP-MAP (RFC 8216 3.5), which players align the cues with the video by.
 */
export function toWebVtt(cues: readonly Cue[], opts: { mpegtsAtZero?: number } = {}): string {
  const parts = [
    "WEBVTT",
    ...(opts.mpegtsAtZero === undefined ? [] : [`X-TIMESTAMP-MAP=MPEGTS:${opts.mpegtsAtZero},LOCAL:00:00:00.000`]),
    "",
  ];
  for (const cue of cues) {
    const text = cue.text
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => l.replaceAll("-->", "->"))
      .join("\n");
    parts.push(`${webvttTime(cue.start)} --> ${webvttTime(cue.end)}${cue.settings ? ` ${cue.settings}` : ""}`, text, "");
  }
  return parts.join("\n");
}

/** The cues up to `end` seconds (a preview's captions stop where the preview stops): later ones go, one across it is cut. */
export function cuesUntil(cues: readonly Cue[], end: number): Cue[] {
  return cues.filter((c) => c.start < end).map((c) => (c.end > end ? { ...c, end } : c));
}
