/**
 * RFC 6381 codec strings for the master playlist's CODECS attribute, and the H.264 level a rung
 * needs (ITU-T H.264 Table A-1), so the level we hand x264 and the one we announce are the same.
 */

const PROFILE_BYTES: Record<string, string> = {
  baseline: "4200",
  "constrained baseline": "42e0",
  main: "4d40",
  extended: "5800",
  high: "6400",
  "high 10": "6e00",
  "high 4:2:2": "7a00",
  "high 4:4:4 predictive": "f400",
};

/** "avc1.640028" from ffprobe's profile ("High") and level (40). */
export function avc1Codec(profile: string | undefined, level: number | undefined): string {
  const p = PROFILE_BYTES[(profile ?? "high").toLowerCase()] ?? "6400";
  const l = Math.max(0, Math.min(255, Math.round(level ?? 40)));
  return `avc1.${p}${l.toString(16).padStart(2, "0")}`;
}

/** "mp4a.40.2" (AAC-LC) from ffprobe's AAC profile name. */
export function mp4aCodec(profile: string | undefined): string {
  switch ((profile ?? "LC").toLowerCase()) {
    case "he-aacv2":
      return "mp4a.40.29";
    case "he-aac":
      return "mp4a.40.5";
    case "main":
      return "mp4a.40.1";
    default:
      return "mp4a.40.2";
  }
}

// level, max macroblocks/s, max frame size (macroblocks), max bit rate (kbit/s, Baseline/Main; High allows 1.25x)
const LEVELS: Array<[string, number, number, number]> = [
  ["3.0", 40500, 1620, 10000],
  ["3.1", 108000, 3600, 14000],
  ["3.2", 216000, 5120, 20000],
  ["4.0", 245760, 8192, 20000],
  ["4.1", 245760, 8192, 50000],
  ["4.2", 522240, 8704, 50000],
  ["5.0", 589824, 22080, 135000],
  ["5.1", 983040, 36864, 240000],
  ["5.2", 2073600, 36864, 240000],
];

/** The lowest H.264 level (3.0 at least) that fits a High-profile stream of this size, rate and peak bit rate. */
export function h264LevelFor(width: number, height: number, fps: number, maxrateKbps: number): string {
  const frameMbs = Math.ceil(width / 16) * Math.ceil(height / 16);
  const mbps = frameMbs * fps;
  const fit = LEVELS.find(([, maxMbps, maxFs, maxBr]) => frameMbs <= maxFs && mbps <= maxMbps && maxrateKbps <= maxBr * 1.25);
  return fit?.[0] ?? "5.2";
}

/** "4.0" -> 40, as ffprobe and the codec string count levels. */
export function levelNumber(level: string): number {
  return Math.round(Number(level) * 10);
}
