import { randomBytes } from "node:crypto";
import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import type { Db } from "@/server/db/client";
import { chaptersVtt } from "@/server/domain/captions/chapters";
import { captionLanguage } from "@/server/media/captions/caption-language";
import { cuesUntil, parseCaptions } from "@/lib/webvtt";
import { isMediaError } from "@/server/media/ffmpeg/media-error";
import type { ProcessOptions } from "@/server/media/ffmpeg/process-media";
import { STORYBOARD_TRACK, encodeAudioTrack, extractSubtitles, makeStoryboard } from "@/server/media/ffmpeg/process-tracks";
import type { ProbeSummary, ProbeTrack } from "@/server/media/ffmpeg/types";
import { previewSeconds, putSubtitles, type MediaHome } from "@/server/media/ingest/media-playlists";
import { publishDirectory, recordFor, type IngestTarget } from "@/server/media/ingest/publish";
import {
  RENDITION_PLAYLIST,
  boxHlsFileKey,
  boxPreviewRenditionPrefix,
  boxRenditionPlaylistKey,
  boxRenditionPrefix,
} from "@/server/media/keys";
import { buildMediaPlaylist, parseMediaPlaylist } from "@/server/media/ffmpeg/playlists";
import type { Storage } from "@/server/media/storage";
import { logger } from "@/server/log/logger.mjs";
import type { Prisma } from "@/generated/prisma/client";

// The ingest's last stage (issue 26), after the item plays: the storyboard (the seek bar's
// thumbnails), and what the source carries beside its video and first audio, kept. Its chapters
// become the item's chapters, its text subtitle streams caption tracks (one per language, cut at the
// preview's end for the preview), its other audio streams audio-only HLS renditions (copied when
// AAC, remux first). Each part is done once (a retry finds its rows and skips
// it); a stream that cannot be read is left out with a warning, never failing the video. The
// playlists name them when the item is marked READY (ingest-box-item.ts).

const hex = () => randomBytes(4).toString("hex");

/**
 * Benchmarks only (KINORA_BENCH=1 and KINORA_BENCH_STORYBOARD=off): no storyboard, so that
 * bench/storyboard.ts measures what it adds to an ingest against the same build. Never set in production.
 */
const storyboardOff = process.env.KINORA_BENCH === "1" && process.env.KINORA_BENCH_STORYBOARD === "off";

/** A track's language as a canonical BCP 47 tag ("eng" -> "en"), "und" when the file names none we know. */
const languageOf = (track: ProbeTrack) => (track.language && captionLanguage(track.language)?.tag) || "und";

/** A label for a track: its title, else its language's English name, else `fallback`. */
const labelOf = (track: ProbeTrack, language: string, fallback: string) =>
  track.title || (language !== "und" ? captionLanguage(language)?.name : undefined) || fallback;

export interface TrackRun {
  db: Db;
  storage: Storage;
  target: IngestTarget;
  /** The source file, on local disk. */
  input: string;
  probe: ProbeSummary;
  workDir: string;
  opts: ProcessOptions;
}

export async function ingestTracks(run: TrackRun): Promise<void> {
  const { db, target } = run;
  const media = await db.storedMedia.findUnique({
    where: { id: target.boxItemId },
    select: { chapters: true, previewMaster: true, storyboard: true },
  });
  if (!media) return;
  const home: MediaHome = { mediaId: target.boxItemId, ownerId: target.ownerId };
  if (media.storyboard === null && run.probe.video && !storyboardOff) await keepStoryboard(run, home);
  if (run.probe.chapters?.length && media.chapters === null) await keepChapters(run, home);
  if (run.probe.subtitles?.length) await keepSubtitles(run, home, media.previewMaster);
  if ((run.probe.audioTracks?.length ?? 0) > 1) await keepAudio(run, home, await previewSeconds(run.storage, home, media.previewMaster));
}

/** The storyboard's directory under the item's HLS tree (the signed URL of a play reaches it). */
export const STORYBOARD_DIR = "storyboard";

async function keepStoryboard(run: TrackRun, home: MediaHome): Promise<void> {
  const { db, storage, target } = run;
  const dir = path.join(run.workDir, STORYBOARD_DIR);
  await rm(dir, { recursive: true, force: true });
  let plan;
  try {
    plan = await makeStoryboard(run.input, run.probe, dir, run.opts);
  } catch (err) {
    if (!skippable(err)) throw err;
    logger().warn({ err }, "the storyboard could not be made: left out");
    return;
  }
  await publishDirectory(db, storage, target, boxRenditionPrefix(home.ownerId, home.mediaId, STORYBOARD_DIR), dir);
  const storyboard = { file: `${STORYBOARD_DIR}/${STORYBOARD_TRACK}`, ...plan };
  await recordFor(db, storage, target, () => db.storedMedia.update({ where: { id: home.mediaId }, data: { storyboard } }));
}

async function keepChapters({ db, storage, target, probe }: TrackRun, home: MediaHome): Promise<void> {
  const chapters = probe.chapters!;
  const file = `chapters-${hex()}.vtt`;
  await storage.putStream(boxHlsFileKey(home.ownerId, home.mediaId, file), Readable.from([chaptersVtt(chapters, probe.durationSeconds)]), {
    contentType: "text/vtt",
  });
  await recordFor(db, storage, target, () =>
    db.storedMedia.update({
      where: { id: home.mediaId },
      data: { chapters: chapters as unknown as Prisma.InputJsonValue, chaptersFile: file },
    }),
  );
}

/** Whether a failed run of one track is left behind (a damaged stream) rather than thrown (a cancel, a crash). */
function skippable(err: unknown): boolean {
  return isMediaError(err) && err.kind !== "cancelled";
}

async function keepSubtitles(run: TrackRun, home: MediaHome, previewMaster: boolean): Promise<void> {
  const { db, storage, target, probe } = run;
  const taken = new Set(
    (await db.caption.findMany({ where: { mediaId: home.mediaId }, select: { language: true } })).map((c) => c.language),
  );
  const previewLength = await previewSeconds(storage, home, previewMaster);
  for (const [i, track] of probe.subtitles!.entries()) {
    const language = languageOf(track);
    if (taken.has(language)) continue; // one track per language: the first
    let text: string;
    try {
      text = await extractSubtitles(run.input, probe, track, path.join(run.workDir, "subtitles", `${i}.vtt`), run.opts);
    } catch (err) {
      if (!skippable(err)) throw err;
      logger().warn({ err, stream: track.index }, "a subtitle stream could not be read: left out");
      continue;
    }
    const parsed = parseCaptions(text);
    if (!parsed.ok) {
      logger().warn({ stream: track.index, reason: parsed.reason, line: parsed.line }, "a subtitle stream has no usable cue: left out");
      continue;
    }
    const fileName = `${language}-${hex()}`;
    const previewCues = previewLength ? cuesUntil(parsed.cues, previewLength) : [];
    await putSubtitles(storage, home, "hls", fileName, parsed.cues, probe.durationSeconds);
    if (previewCues.length > 0) await putSubtitles(storage, home, "preview", fileName, previewCues, previewLength!);
    await recordFor(db, storage, target, () =>
      db.caption.createMany({
        data: [
          {
            mediaId: home.mediaId,
            language,
            label: labelOf(track, language, `Subtitles ${i + 1}`),
            kind: track.forDeaf ? "CAPTIONS" : "SUBTITLES",
            origin: "SOURCE",
            fileName,
            cueCount: parsed.cues.length,
            previewCues: previewCues.length,
          },
        ],
        skipDuplicates: true,
      }),
    );
    taken.add(language);
  }
}

async function keepAudio(run: TrackRun, home: MediaHome, previewLength: number | undefined): Promise<void> {
  const { db, storage, target, probe } = run;
  const done = new Set(
    (await db.audioTrack.findMany({ where: { mediaId: home.mediaId }, select: { position: true } })).map((a) => a.position),
  );
  for (const [position, track] of probe.audioTracks!.entries()) {
    if (done.has(position)) continue;
    const language = languageOf(track);
    const row = { mediaId: home.mediaId, position, language, name: labelOf(track, language, `Audio ${position + 1}`) };
    if (position === 0) {
      // the one muxed into the video renditions: listed, no playlist of its own
      await recordFor(db, storage, target, () => db.audioTrack.createMany({ data: [row], skipDuplicates: true }));
      continue;
    }
    const name = `audio-${position}`;
    const dir = path.join(run.workDir, name);
    await rm(dir, { recursive: true, force: true });
    let out;
    try {
      out = await encodeAudioTrack(run.input, probe, track, dir, run.opts);
    } catch (err) {
      if (!skippable(err)) throw err;
      logger().warn({ err, stream: track.index }, "an audio stream could not be read: left out");
      continue;
    }
    // the preview's copy: the first segments, as long as the preview (its master names it beside the video)
    if (previewLength) {
      const cut = await cutAudioStart(dir, path.join(run.workDir, `preview-${name}`), previewLength);
      await publishDirectory(db, storage, target, boxPreviewRenditionPrefix(home.ownerId, home.mediaId, name), cut);
    }
    await publishDirectory(db, storage, target, boxRenditionPrefix(home.ownerId, home.mediaId, name), dir);
    await recordFor(db, storage, target, () =>
      db.audioTrack.createMany({
        data: [
          {
            ...row,
            playlistKey: boxRenditionPlaylistKey(home.ownerId, home.mediaId, name),
            bandwidth: out.bandwidth,
            codecs: out.codecs,
          },
        ],
        skipDuplicates: true,
      }),
    );
  }
}

/** A copy of an audio rendition's first segments covering `seconds` (a preview's), in `outDir`. */
async function cutAudioStart(dir: string, outDir: string, seconds: number): Promise<string> {
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  const { segments } = parseMediaPlaylist(await readFile(path.join(dir, RENDITION_PLAYLIST), "utf8"));
  const taken: typeof segments = [];
  let covered = 0;
  for (const segment of segments) {
    if (covered >= seconds - 0.05) break;
    if (!/^[\w.-]+$/.test(segment.uri)) throw new Error(`unexpected segment in ${dir}: ${segment.uri}`);
    await copyFile(path.join(dir, segment.uri), path.join(outDir, segment.uri));
    taken.push(segment);
    covered += segment.durationSeconds;
  }
  await writeFile(path.join(outDir, RENDITION_PLAYLIST), buildMediaPlaylist(taken));
  return outDir;
}
