import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Prisma, RenditionKind } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { isPlayable, markPlayable, markReady, recordProbe, recordProgress } from "./ingest-state";
import { planHls, PREVIEW_SECONDS } from "@/server/media/ffmpeg/hls-plan";
import { MediaError } from "@/server/media/ffmpeg/media-error";
import { probeMedia } from "@/server/media/ffmpeg/probe-media";
import {
  cutPreview,
  encodeLowestRung,
  encodePreview,
  encodeRungs,
  extractPoster,
  remuxToHls,
  takeRungStart,
  type HlsOutput,
  type ProcessOptions,
  type RenditionOutput,
} from "@/server/media/ffmpeg/process-media";
import type { HlsPlan, ProbeSummary } from "@/server/media/ffmpeg/types";
import {
  boxOriginalKey,
  boxPosterKey,
  boxPreviewPlaylistKey,
  boxPreviewPrefix,
  boxRenditionPlaylistKey,
  boxRenditionPrefix,
  uploadTempKey,
} from "@/server/media/keys";
import type { Storage } from "@/server/media/storage";
import {
  assertStillThere,
  publishDirectory,
  recordFor,
  recordRendition,
  writeMasterPlaylist,
  type IngestTarget,
} from "@/server/media/ingest/publish";
import { lockMedia, writeMediaPlaylists } from "@/server/media/ingest/media-playlists";
import { ingestTracks } from "./ingest-tracks";
import { IngestProgress } from "@/server/media/ingest/progress";
import { ingestFailureCause, type IngestStage } from "@/server/media/ingest/failure-cause";
import { metrics } from "@/server/metrics/registry.mjs";

/**
 * Ingestion of one box item, as a sequence of idempotent stages. A stage whose result is recorded (a
 * Rendition row, the poster's Thumbnail row, the probe) is skipped, so a retry after a crash goes on
 * where the last attempt stopped, and the unique constraints keep a stage that ran twice from adding
 * a second row. Every ffmpeg output goes to this attempt's own work directory first and is moved into
 * storage only when complete and checked.
 *
 *   probe -> fast path (remux H.264/AAC, else lowest rung; master written: playable) -> poster
 *         -> the rest of the ladder (master rewritten with every rung) -> 15 s preview -> READY
 *
 * The preview is the start of the lowest rung copied (no second decode of the source), taken from the
 * rung's files before they move into storage; a retry that finds the lowest rung made by an earlier
 * attempt encodes it from the source instead.
 */

export interface IngestRun {
  db: Db;
  storage: Storage;
  boxItemId: string;
  /** This attempt's own directory (removed afterwards by the caller). */
  workDir: string;
  signal: AbortSignal;
  /** ffmpeg's PID of each run, so the process can kill them when it exits. */
  onSpawn?: (pid: number) => void;
}

/** Shares of the whole percent, by fast path: [probe, fast path, poster, ladder] end points; the preview takes the rest. */
const SHARES: Record<HlsPlan["fastPath"], [number, number, number, number]> = {
  remux: [2, 8, 10, 98],
  "lowest-rung": [2, 25, 27, 98],
};

const REMUX_NAME = "source";

export async function ingestBoxItem(run: IngestRun): Promise<void> {
  const at: { stage: IngestStage } = { stage: "original" };
  try {
    await ingestStages(run, at);
  } catch (err) {
    // kinora_ingest_failures_total{cause}: every failed attempt (a stop or a cancel is none)
    const cause = run.signal.aborted ? undefined : ingestFailureCause(err, at.stage);
    if (cause) metrics().ingestFailures.inc({ cause });
    throw err;
  }
}

async function ingestStages(run: IngestRun, at: { stage: IngestStage }): Promise<void> {
  const { db, storage, boxItemId } = run;
  const item = await db.boxItem.findUnique({
    where: { id: boxItemId },
    select: {
      ownerId: true,
      status: true,
      createdAt: true,
      probe: true,
      poster: { select: { id: true } },
      renditions: { select: { kind: true, height: true } },
    },
  });
  if (!item || item.status !== "PROCESSING") return; // deleted, or already final
  const target: IngestTarget = { boxItemId, ownerId: item.ownerId };
  const originalKey = await ensureOriginal(storage, target);
  const has = (kind: RenditionKind, height?: number) =>
    item.renditions.some((r) => r.kind === kind && (height === undefined || r.height === height));
  const progress = new IngestProgress((p) => recordProgress(db, boxItemId, p));
  let previewSource: string | undefined;
  const opts = (stage: (p: number) => void): ProcessOptions => ({
    signal: run.signal,
    onProgress: stage,
    ...(run.onSpawn ? { onSpawn: run.onSpawn } : {}),
  });
  const outDir = async (name: string) => {
    const dir = path.join(run.workDir, name);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return dir;
  };

  at.stage = "probe";
  await storage.withLocalFile(originalKey, async (input) => {
    // 1. probe (its result is kept: a retry does not probe again)
    let probe = item.probe as ProbeSummary | null;
    if (!probe) {
      probe = await probeMedia(input, { signal: run.signal, ...(run.onSpawn ? { onSpawn: run.onSpawn } : {}) });
      await recordFor(db, storage, target, () =>
        recordProbe(db, boxItemId, probe as unknown as Prisma.InputJsonValue, probe!.durationSeconds),
      );
    }
    const plan = planHls(probe); // throws MediaError for what cannot be processed (no video, absurd size)
    at.stage = "encode";
    const [probeEnd, fastEnd, posterEnd, ladderEnd] = SHARES[plan.fastPath];
    progress.set(probeEnd);
    const ladderDone = () => plan.rungs.every((r) => has("LADDER", r.height));

    // 2. fast path: something playable as soon as possible
    const fastDone = plan.fastPath === "remux" ? has("REMUX") || ladderDone() : has("LADDER", plan.lowest.height);
    if (!fastDone) {
      const dir = await outDir("fast");
      if (plan.fastPath === "remux") {
        const out = await remuxToHls(input, probe, plan, dir, opts(progress.stage(probeEnd, fastEnd)));
        await rm(path.join(dir, out.master), { force: true }); // the item's master is written from the rows
        await publishDirectory(db, storage, target, boxRenditionPrefix(target.ownerId, boxItemId, REMUX_NAME), dir);
        const r = out.renditions[0]!;
        await recordRendition(
          db,
          storage,
          target,
          renditionRow("REMUX", r, boxRenditionPlaylistKey(target.ownerId, boxItemId, REMUX_NAME), probe.video?.fps),
        );
      } else {
        const out = await encodeLowestRung(input, probe, plan, dir, opts(progress.stage(probeEnd, fastEnd)));
        await publishRungs(run, target, out, plan);
      }
    }
    // the master is written before the item is marked playable (play waits for the mark), also when a
    // retry finds the fast path done but the process died before writing the master
    if (!fastDone || !(await isPlayable(db, boxItemId))) {
      await writeMasterPlaylist(db, storage, target, { ladderOnly: ladderDone() });
      await markPlayable(db, boxItemId);
      metrics().ingestTimeToPlayable.observe((Date.now() - item.createdAt.getTime()) / 1000);
    }
    progress.set(fastEnd);
    await progress.flush();

    // 3. poster: a Thumbnail row marked as this item's (boxItemId), shown until the owner picks one
    if (!item.poster) {
      const dir = await outDir("poster");
      const poster = await extractPoster(input, probe, plan, path.join(dir, "poster.jpg"), opts(progress.stage(fastEnd, posterEnd)));
      const key = boxPosterKey(target.ownerId, boxItemId);
      await storage.putFile(key, poster.path, { move: true, contentType: poster.mimeType });
      await assertStillThere(db, storage, target);
      await recordFor(db, storage, target, () =>
        db.thumbnail.createMany({
          data: [
            {
              ownerId: target.ownerId,
              boxItemId,
              storageKey: key,
              mimeType: poster.mimeType,
              width: poster.width,
              height: poster.height,
              sizeBytes: poster.sizeBytes,
            },
          ],
          skipDuplicates: true,
        }),
      );
    }
    progress.set(posterEnd);

    // 4. the rest of the ladder (never above the source), then the master with every rung
    const missing = plan.rungs.filter((r) => !has("LADDER", r.height));
    if (missing.length > 0) {
      const dir = await outDir("ladder");
      const ladderStart = performance.now();
      const out = await encodeRungs(input, probe, missing, dir, opts(progress.stage(posterEnd, ladderEnd)));
      metrics().ingestLadder.observe((performance.now() - ladderStart) / 1000);
      await publishRungs(run, target, out, plan);
    }
    await writeMasterPlaylist(db, storage, target, { ladderOnly: true });
    progress.set(ladderEnd);

    // 5. the separate 15-second preview
    if (!has("PREVIEW")) {
      const dir = await outDir("preview");
      const stage = opts(progress.stage(ladderEnd, 99));
      const out = previewSource
        ? await cutPreview(previewSource, probe, plan, dir, stage)
        : await encodePreview(input, probe, plan, dir, stage);
      const r = out.renditions[0]!;
      await publishDirectory(db, storage, target, boxPreviewPrefix(target.ownerId, boxItemId), path.join(dir, r.name));
      await recordRendition(
        db,
        storage,
        target,
        renditionRow("PREVIEW", r, boxPreviewPlaylistKey(target.ownerId, boxItemId), plan.preview.fps),
      );
    }

    // 6. the source's chapters, subtitle streams and other audio streams (issue 26)
    await ingestTracks({ db, storage, target, input, probe, workDir: run.workDir, opts: opts(() => undefined) });
  });
  // the playlists once more, in the transaction that marks the item READY: with the tracks kept above
  // (captions, audio, chapters, storyboard), and the preview's; the owner's caption and chapter
  // operations wait for READY and write them under the same lock
  await markReady(db, boxItemId, async (tx) => {
    if (await lockMedia(tx, boxItemId))
      await writeMediaPlaylists(tx, storage, { mediaId: boxItemId, ownerId: target.ownerId }, { ladderOnly: true });
  });

  async function publishRungs(r: IngestRun, t: IngestTarget, out: HlsOutput, plan: HlsPlan): Promise<void> {
    // the preview's source: the lowest rung's first segments, before they move into storage
    const lowest = out.renditions.find((x) => x.name === plan.lowest.name);
    if (lowest && !previewSource && !has("PREVIEW"))
      previewSource = await takeRungStart(path.join(out.dir, lowest.name), PREVIEW_SECONDS, path.join(r.workDir, "preview-source.ts"));
    for (const rendition of out.renditions) {
      await publishDirectory(
        r.db,
        r.storage,
        t,
        boxRenditionPrefix(t.ownerId, t.boxItemId, rendition.name),
        path.join(out.dir, rendition.name),
      );
      const fps = plan.rungs.find((x) => x.name === rendition.name)?.fps;
      await recordRendition(
        r.db,
        r.storage,
        t,
        renditionRow("LADDER", rendition, boxRenditionPlaylistKey(t.ownerId, t.boxItemId, rendition.name), fps),
      );
      item!.renditions.push({ kind: "LADDER", height: rendition.height });
    }
  }
}

function renditionRow(kind: RenditionKind, r: RenditionOutput, playlistKey: string, frameRate: number | undefined) {
  return {
    kind,
    height: r.height,
    width: r.width,
    bandwidth: Math.round(r.bandwidth),
    averageBandwidth: Math.round(r.averageBandwidth),
    frameRate: frameRate ?? null,
    codecs: r.codecs,
    playlistKey,
  };
}

/**
 * The original at its place: a crash between the upload's commit and its move leaves it in
 * tmp/uploads, where this finishes the move. Neither there: the upload is lost (permanent failure).
 */
async function ensureOriginal(storage: Storage, t: IngestTarget): Promise<string> {
  const key = boxOriginalKey(t.ownerId, t.boxItemId);
  const temp = uploadTempKey(t.boxItemId);
  // the upload's own move may happen between any two of these checks: look at the target again
  for (let look = 0; look < 2; look++) {
    if (await storage.exists(key)) return key;
    if (await storage.exists(temp)) {
      try {
        await storage.move(temp, key);
        return key;
      } catch (err) {
        if (await storage.exists(key)) return key;
        throw err;
      }
    }
  }
  throw new MediaError("unreadable", "The uploaded file was lost before it could be processed; please upload it again.");
}
