import { spawnSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * Media fixtures made by ffmpeg at test time (no binaries in the repository). Every function writes
 * into `dir` and returns the absolute path of the file it made. Clips are short and small by default
 * because the machine running the tests is shared.
 */

export function makeMediaDir(prefix = "kinora-media-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

function ffmpeg(args: string[]): void {
  const r = spawnSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", ...args], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`fixture ffmpeg failed (${r.status}): ${r.stderr}`);
}

export interface ClipOptions {
  durationSeconds?: number;
  width?: number;
  height?: number;
  fps?: number;
  /** Keyframe interval in seconds (cameras and phones use 1-2 s; the remux cuts segments on them). */
  keyframeSeconds?: number;
  audio?: boolean;
  /** Index (moov) before the media data, as for web uploads; false puts it at the end (a cut file loses it). */
  faststart?: boolean;
  /** Rotation tag (clockwise degrees) written into the MP4, as phones do for portrait clips. */
  rotate?: 90 | 180 | 270;
  /** Video bit rate of the VP9 fixture (kbit/s; default 300, plenty for small test clips). */
  videoKbps?: number;
  name?: string;
}

/** H.264 (High, yuv420p) + AAC-LC in MP4: testsrc2 and a 440 Hz sine. */
export function makeH264AacMp4(dir: string, o: ClipOptions = {}): string {
  const { durationSeconds = 4, width = 640, height = 360, fps = 30, keyframeSeconds = 2, audio = true } = o;
  const out = path.join(dir, o.name ?? `h264-${width}x${height}-${durationSeconds}s.mp4`);
  ffmpeg([
    ...["-f", "lavfi", "-i", `testsrc2=size=${width}x${height}:rate=${fps}:duration=${durationSeconds}`],
    ...(audio ? ["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${durationSeconds}`] : []),
    ...[
      "-c:v",
      "libx264",
      "-preset",
      "ultrafast",
      "-profile:v",
      "high",
      "-pix_fmt",
      "yuv420p",
      "-g",
      String(Math.round(keyframeSeconds * fps)),
    ],
    ...(audio ? ["-c:a", "aac", "-b:a", "96k", "-shortest"] : []),
    ...(o.faststart === false ? [] : ["-movflags", "+faststart"]),
    o.rotate ? `${out}.tmp.mp4` : out,
  ]);
  if (o.rotate) {
    // The rotate tag only survives a stream copy (an encode applies and drops it).
    ffmpeg(["-i", `${out}.tmp.mp4`, "-c", "copy", "-metadata:s:v:0", `rotate=${o.rotate}`, out]);
    rmSync(`${out}.tmp.mp4`);
  }
  return out;
}

/**
 * H.264 + two AAC audio streams (English 440 Hz, Italian 660 Hz) + a mov_text subtitle stream
 * (English, `subtitles` as SRT text) + chapters (`chapters`: start seconds and title), in MP4: a
 * source with the tracks issue 26 keeps.
 */
export function makeMultiTrackMp4(
  dir: string,
  o: { durationSeconds?: number; subtitles: string; chapters: { start: number; title: string }[] },
): string {
  const duration = o.durationSeconds ?? 6;
  const out = path.join(dir, `multitrack-${duration}s.mp4`);
  const srt = path.join(dir, "multitrack.srt");
  writeFileSync(srt, o.subtitles);
  const meta = path.join(dir, "multitrack-chapters.txt");
  const ends = [...o.chapters.slice(1).map((c) => c.start), duration];
  writeFileSync(
    meta,
    [
      ";FFMETADATA1",
      ...o.chapters.map(
        (c, i) => `[CHAPTER]\nTIMEBASE=1/1000\nSTART=${Math.round(c.start * 1000)}\nEND=${Math.round(ends[i]! * 1000)}\ntitle=${c.title}`,
      ),
    ].join("\n") + "\n",
  );
  ffmpeg([
    ...["-f", "lavfi", "-i", `testsrc2=size=320x180:rate=25:duration=${duration}`],
    ...["-f", "lavfi", "-i", `sine=frequency=440:sample_rate=48000:duration=${duration}`],
    ...["-f", "lavfi", "-i", `sine=frequency=660:sample_rate=48000:duration=${duration}`],
    ...["-i", srt, "-i", meta],
    ...["-map", "0:v", "-map", "1:a", "-map", "2:a", "-map", "3:s", "-map_chapters", "4"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "50"],
    ...["-c:a", "aac", "-b:a", "64k", "-c:s", "mov_text"],
    ...["-metadata:s:a:0", "language=eng", "-metadata:s:a:1", "language=ita", "-metadata:s:s:0", "language=eng"],
    ...["-movflags", "+faststart", out],
  ]);
  return out;
}

/** VP9 + Opus in WebM (realtime encoder settings: this fixture is about the codec, not quality). */
export function makeVp9OpusWebm(dir: string, o: ClipOptions = {}): string {
  const { durationSeconds = 3, width = 320, height = 240, fps = 25 } = o;
  const out = path.join(dir, o.name ?? `vp9-${width}x${height}-${durationSeconds}s.webm`);
  ffmpeg([
    ...["-f", "lavfi", "-i", `testsrc2=size=${width}x${height}:rate=${fps}:duration=${durationSeconds}`],
    ...["-f", "lavfi", "-i", `sine=frequency=330:sample_rate=48000:duration=${durationSeconds}`],
    ...[
      "-c:v",
      "libvpx-vp9",
      "-deadline",
      "realtime",
      "-cpu-used",
      "8",
      "-row-mt",
      "1",
      "-b:v",
      `${o.videoKbps ?? 300}k`,
      "-g",
      String(fps * 2),
    ],
    ...["-c:a", "libopus", "-b:a", "48k", "-shortest", out],
  ]);
  return out;
}

/** The first `keepBytes` of `source` (an upload cut short). */
export function makeTruncated(dir: string, source: string, keepBytes = 16 * 1024, name = "truncated.mp4"): string {
  const buf = Buffer.alloc(keepBytes);
  const fd = openSync(source, "r");
  const n = readSync(fd, buf, 0, keepBytes, 0);
  closeSync(fd);
  const out = path.join(dir, name);
  writeFileSync(out, buf.subarray(0, n));
  return out;
}

/** Plain text with a video extension. */
export function makeNotMedia(dir: string, name = "notes.mp4"): string {
  const out = path.join(dir, name);
  writeFileSync(out, "These are my holiday notes, not a video.\n".repeat(200));
  return out;
}

/** The file every smuggling fixture tries to read. */
export const SMUGGLED_TARGET = "/etc/passwd";

/**
 * An HLS playlist named .mp4 whose segments are `targets` (default /etc/passwd, with an AES key read
 * from it too). Plain ffprobe follows such a playlist to any local file with a media extension (for
 * instance another owner's upload), even with `-protocol_whitelist file`.
 */
export function makeSmuggledHlsPlaylist(dir: string, o: { name?: string; targets?: string[] } = {}): string {
  const out = path.join(dir, o.name ?? "holiday.mp4");
  const targets = o.targets ?? [SMUGGLED_TARGET];
  writeFileSync(
    out,
    [
      "#EXTM3U",
      "#EXT-X-VERSION:3",
      "#EXT-X-TARGETDURATION:10",
      "#EXT-X-MEDIA-SEQUENCE:0",
      ...(o.targets ? [] : [`#EXT-X-KEY:METHOD=AES-128,URI="file://${SMUGGLED_TARGET}",IV=0x00000000000000000000000000000000`]),
      ...targets.flatMap((t) => ["#EXTINF:10.0,", `file://${t}`]),
      "#EXT-X-ENDLIST",
      "",
    ].join("\n"),
  );
  return out;
}

/** A 1-second MPEG-TS clip standing in for another owner's upload (the target of a smuggled playlist). */
export function makeCanarySegment(dir: string, name = "other-owner-upload.ts"): string {
  const out = path.join(dir, name);
  ffmpeg(["-f", "lavfi", "-i", "testsrc2=size=160x120:rate=10:duration=1", "-c:v", "libx264", "-preset", "ultrafast", "-f", "mpegts", out]);
  return out;
}

/** An ffconcat list named .mp4 that points at /etc/passwd. */
export function makeSmuggledConcat(dir: string, name = "party.mp4"): string {
  const out = path.join(dir, name);
  writeFileSync(out, `ffconcat version 1.0\nfile 'file:${SMUGGLED_TARGET}'\nfile '${SMUGGLED_TARGET}'\n`);
  return out;
}

/**
 * The 2017 "AVI + HLS" trick: a real AVI whose text stream carries a GAB2 subtitle packet. The avi
 * demuxer probes that payload with a nested demuxer; the payload is an HLS playlist whose key and
 * segment are file:///etc/passwd, so an unguarded ffmpeg opens it while merely probing the AVI.
 * (Header layout after the public proof of concept: avih + one 'txts' stream + a 'movi' list.)
 */
export function makeAviHlsTrick(dir: string, o: { name?: string; extraTargets?: string[] } = {}): string {
  const segments = [SMUGGLED_TARGET, ...(o.extraTargets ?? [])].flatMap((t) => ["#EXTINF:1,", `file://${t}`]);
  const playlist = [
    "#EXTM3U",
    "#EXT-X-MEDIA-SEQUENCE:0",
    `#EXT-X-KEY:METHOD=AES-128,URI=file://${SMUGGLED_TARGET},IV=0x00000000000000000000000000000000`,
    "#EXTINF:1,",
    `#EXT-X-BYTERANGE:64@0`,
    `file://${SMUGGLED_TARGET}`,
    "#EXT-X-KEY:METHOD=NONE",
    ...segments,
    "#EXT-X-ENDLIST",
    "",
  ].join("\n");
  const header = Buffer.from(
    "RIFF\x00\x00\x00\x00AVI LIST\x14\x01\x00\x00hdrlavih8\x00\x00\x00@\x9c\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
      "\x00\x10\x00\x00\x00}\x00\x00\x00\x00\x00\x00\x00\x02\x00\x00\x00\x00\x00\x00\x00\xe0\x00\x00\x00\xa0\x00" +
      "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00LISTt\x00\x00\x00strlstrh8\x00\x00" +
      "\x00txts\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x01\x00\x00\x00\x19\x00\x00\x00" +
      "\x00\x00\x00\x00}\x00\x00\x00\x86\x03\x00\x00\x10'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xe0\x00\xa0\x00" +
      "strf(\x00\x00\x00(\x00\x00\x00\xe0\x00\x00\x00\xa0\x00\x00\x00\x01\x00\x18\x00XVID\x00H\x03\x00\x00\x00\x00" +
      "\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00LIST    movi",
    "latin1",
  );
  const content = Buffer.concat([Buffer.from("GAB2\x00\x02\x00" + "\x00".repeat(10), "latin1"), Buffer.from(playlist, "ascii")]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(content.length);
  const packet = Buffer.concat([Buffer.from("00tx", "latin1"), size, content, content.length % 2 ? Buffer.alloc(1) : Buffer.alloc(0)]);
  const filler = Buffer.from("00dc\x03\x00\x00\x00\x00\x00\x00\x00", "latin1"); // 3-byte video chunks, padded
  const out = path.join(dir, o.name ?? "clip.avi");
  writeFileSync(out, Buffer.concat([header, packet, ...Array.from({ length: 200 }, () => filler)]));
  return out;
}
