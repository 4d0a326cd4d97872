/**
 * Reading and writing the playlists ffmpeg leaves behind (pure text functions). The master playlist
 * must name BANDWIDTH, RESOLUTION and CODECS for every variant (players pick rungs from them); when
 * ffmpeg's does not, we write our own from the rung parameters and the measured segments.
 */

export interface MasterVariant {
  uri: string;
  /** Peak bit rate, bit/s. */
  bandwidth: number;
  averageBandwidth?: number;
  /** Absent only for a live passthrough rendition, unknown until the encoder's stream arrives. */
  width?: number;
  height?: number;
  codecs?: string;
  frameRate?: number;
}

export interface MediaSegment {
  durationSeconds: number;
  uri: string;
}

/** `KEY=value,KEY="quoted, value"` to a record. */
export function parseAttributes(list: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) out[m[1]!] = m[2]!.replace(/^"|"$/g, "");
  return out;
}

/** The EXT-X-STREAM-INF entries of a master playlist. */
export function parseMasterPlaylist(text: string): Array<{ attributes: Record<string, string>; uri: string }> {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const out: Array<{ attributes: Record<string, string>; uri: string }> = [];
  lines.forEach((line, i) => {
    if (!line.startsWith("#EXT-X-STREAM-INF:")) return;
    const uri = lines.slice(i + 1).find((l) => l && !l.startsWith("#"));
    if (uri) out.push({ attributes: parseAttributes(line.slice("#EXT-X-STREAM-INF:".length)), uri });
  });
  return out;
}

/** Whether every variant names BANDWIDTH, RESOLUTION and CODECS (and there is at least one). */
export function masterIsComplete(text: string): boolean {
  const variants = parseMasterPlaylist(text);
  return variants.length > 0 && variants.every((v) => v.attributes.BANDWIDTH && v.attributes.RESOLUTION && v.attributes.CODECS);
}

/**
 * Whether ffmpeg's master must be replaced by ours: an attribute is missing, a variant is missing,
 * or a BANDWIDTH is below the measured peak of its segments (ffmpeg announces nominal rates).
 */
export function needsOwnMaster(text: string, measuredPeaks: Map<string, number>): boolean {
  if (!masterIsComplete(text)) return true;
  const announced = new Map(parseMasterPlaylist(text).map((v) => [v.uri, Number(v.attributes.BANDWIDTH)]));
  return [...measuredPeaks].some(([uri, peak]) => !((announced.get(uri) ?? 0) >= peak));
}

/** An alternate rendition of a master playlist (EXT-X-MEDIA): a caption track or an audio track. */
export interface MasterRendition {
  /** Its media playlist; none for the audio muxed into the variants. */
  uri?: string;
  /** BCP 47 */
  language: string;
  name: string;
  isDefault?: boolean;
  /** Subtitles only: for the deaf and hard of hearing (dialogue and sounds). */
  forDeaf?: boolean;
}

/** What a master playlist carries beside its variants. */
export interface MasterExtras {
  subtitles?: MasterRendition[];
  audio?: MasterRendition[];
  /** EXT-X-SESSION-DATA entries: an id and the URI of a file beside the playlist (chapters, storyboard). */
  sessionData?: { id: string; uri: string }[];
}

export const SUBTITLES_GROUP = "subs";
export const AUDIO_GROUP = "audio";
// what HLS says a track for the deaf and hard of hearing carries (RFC 8216bis, CHARACTERISTICS)
const FOR_DEAF = "public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound";

/** A quoted-string attribute value: no double quote, no line break (RFC 8216 4.2). */
const quoted = (value: string) => `"${value.replace(/["\r\n]/g, " ").trim()}"`;

/** The renditions of one group with unique NAMEs (a repeated one gets its language beside it), one DEFAULT=YES at most. */
function mediaLines(type: "AUDIO" | "SUBTITLES", group: string, renditions: MasterRendition[]): string[] {
  const seen = new Set<string>();
  let hasDefault = false;
  return renditions.map((r) => {
    let name = r.name.trim() || r.language;
    if (seen.has(name)) name = `${name} (${r.language})`;
    seen.add(name);
    const isDefault = Boolean(r.isDefault) && !hasDefault;
    hasDefault ||= isDefault;
    const attrs = [
      `TYPE=${type}`,
      `GROUP-ID=${quoted(group)}`,
      `LANGUAGE=${quoted(r.language)}`,
      `NAME=${quoted(name)}`,
      `DEFAULT=${isDefault ? "YES" : "NO"}`,
      "AUTOSELECT=YES",
      ...(type === "SUBTITLES" ? ["FORCED=NO"] : []),
      ...(type === "SUBTITLES" && r.forDeaf ? [`CHARACTERISTICS=${quoted(FOR_DEAF)}`] : []),
      ...(r.uri ? [`URI=${quoted(r.uri)}`] : []),
    ];
    return `#EXT-X-MEDIA:${attrs.join(",")}`;
  });
}

/**
 * A master playlist (version 6, independent segments), highest bandwidth first; with `extras`, its
 * caption tracks (TYPE=SUBTITLES) and audio tracks (TYPE=AUDIO) as groups every variant names, and
 * its session data.
 */
export function buildMasterPlaylist(variants: MasterVariant[], extras: MasterExtras = {}): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:6", "#EXT-X-INDEPENDENT-SEGMENTS"];
  for (const data of extras.sessionData ?? []) lines.push(`#EXT-X-SESSION-DATA:DATA-ID=${quoted(data.id)},URI=${quoted(data.uri)}`);
  const audio = extras.audio ?? [];
  const subtitles = extras.subtitles ?? [];
  if (audio.length > 0) lines.push(...mediaLines("AUDIO", AUDIO_GROUP, audio));
  if (subtitles.length > 0) lines.push(...mediaLines("SUBTITLES", SUBTITLES_GROUP, subtitles));
  for (const v of [...variants].sort((a, b) => b.bandwidth - a.bandwidth)) {
    const attrs = [
      `BANDWIDTH=${Math.round(v.bandwidth)}`,
      ...(v.averageBandwidth ? [`AVERAGE-BANDWIDTH=${Math.round(v.averageBandwidth)}`] : []),
      ...(v.width && v.height ? [`RESOLUTION=${v.width}x${v.height}`] : []),
      ...(v.frameRate ? [`FRAME-RATE=${v.frameRate.toFixed(3)}`] : []),
      ...(v.codecs ? [`CODECS="${v.codecs}"`] : []),
      ...(audio.length > 0 ? [`AUDIO="${AUDIO_GROUP}"`] : []),
      ...(subtitles.length > 0 ? [`SUBTITLES="${SUBTITLES_GROUP}"`] : []),
    ];
    lines.push(`#EXT-X-STREAM-INF:${attrs.join(",")}`, v.uri);
  }
  return `${lines.join("\n")}\n`;
}

/** A complete VOD media playlist of `segments` (a cut of another one: a preview's audio track). */
export function buildMediaPlaylist(segments: MediaSegment[]): string {
  const target = Math.max(1, ...segments.map((x) => Math.ceil(x.durationSeconds)));
  return [
    "#EXTM3U",
    "#EXT-X-VERSION:6",
    `#EXT-X-TARGETDURATION:${target}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    "#EXT-X-INDEPENDENT-SEGMENTS",
    ...segments.flatMap((x) => [`#EXTINF:${x.durationSeconds.toFixed(6)},`, x.uri]),
    "#EXT-X-ENDLIST",
    "",
  ].join("\n");
}

/** The media playlist of a WebVTT track: one segment, `file`, as long as the video (`durationSeconds`). */
export function buildSubtitlesPlaylist(durationSeconds: number, file: string): string {
  const duration = Math.max(0.001, durationSeconds);
  return [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${Math.ceil(duration)}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    `#EXTINF:${duration.toFixed(3)},`,
    file,
    "#EXT-X-ENDLIST",
    "",
  ].join("\n");
}

/** The EXT-X-MEDIA entries of a master playlist, with their attributes. */
export function parseMasterRenditions(text: string): Array<Record<string, string>> {
  return text
    .split(/\r?\n/)
    .filter((l) => l.startsWith("#EXT-X-MEDIA:"))
    .map((l) => parseAttributes(l.slice("#EXT-X-MEDIA:".length)));
}

/** The segments of a media playlist and whether it is complete (EXT-X-ENDLIST). */
export function parseMediaPlaylist(text: string): { segments: MediaSegment[]; totalSeconds: number; ended: boolean } {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const segments: MediaSegment[] = [];
  let pending: number | null = null;
  for (const line of lines) {
    if (line.startsWith("#EXTINF:")) pending = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith("#") && pending !== null) {
      segments.push({ durationSeconds: pending, uri: line });
      pending = null;
    }
  }
  return { segments, totalSeconds: segments.reduce((s, x) => s + x.durationSeconds, 0), ended: lines.includes("#EXT-X-ENDLIST") };
}

/**
 * Peak and average bit rate (bit/s) from segment sizes, as the HLS spec defines BANDWIDTH: the
 * largest segment bit rate. Segments shorter than half the target are left out of the peak (a
 * 0.3 s tail would otherwise dominate).
 */
export function measureBandwidth(
  segments: Array<{ durationSeconds: number; sizeBytes: number }>,
  targetSeconds = 4,
): { peak: number; average: number } {
  const total = segments.reduce((s, x) => s + x.durationSeconds, 0);
  const bytes = segments.reduce((s, x) => s + x.sizeBytes, 0);
  const full = segments.filter((s) => s.durationSeconds >= targetSeconds / 2);
  const rates = (full.length ? full : segments).map((s) => (s.sizeBytes * 8) / Math.max(s.durationSeconds, 0.001));
  const average = total > 0 ? (bytes * 8) / total : 0;
  return { peak: Math.round(Math.max(average, ...rates)), average: Math.round(average) };
}
