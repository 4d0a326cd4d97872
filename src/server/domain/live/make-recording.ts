import { stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { DbAccess } from "@/server/db/client";
import { commitBoxUpload } from "@/server/domain/box/commit-box-upload";
import { runFfmpeg } from "@/server/media/ffmpeg/run-ffmpeg";
import { uploadTempKey } from "@/server/media/keys";
import { getStorage } from "@/server/media/storage";
import type { Storage } from "@/server/media/storage/storage";
import { recordedEventDuring } from "./on-air";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { raiseWebhookEvent } from "@/server/webhooks/events";

// A recorded event becomes a box item of the channel's owner: the copies nginx-rtmp recorded of the
// publishes during the event (FLV, as received; moved into media storage by the ingest node that
// took them, publish-hooks.ts storeCopy, so any worker runs this) are joined without re-encoding
// into one MP4, which enters the box as an upload does (commitBoxUpload: quota, PROCESSING item, the
// ingest job with the full ladder), linked to the event (LiveEvent.recordingBoxItemId).
//
// Idempotent, so the durable job can retry after a crash: the box item's id is the newest publish's
// session id (an item that exists already is not made again), and the copies are marked consumed in
// the same transaction that links the event.

export interface RecordingRun extends DbAccess {
  sessionId: string;
  workDir: string;
  signal: AbortSignal;
  onSpawn: (pid: number) => void;
}

/** Runs `fn` with a local path for each of `keys` (ffmpeg reads files: on S3 each is downloaded for the run). */
function withLocalFiles<T>(storage: Storage, keys: string[], fn: (paths: string[]) => Promise<T>, paths: string[] = []): Promise<T> {
  if (paths.length === keys.length) return fn(paths);
  return storage.withLocalFile(keys[paths.length]!, (p) => withLocalFiles(storage, keys, fn, [...paths, p]));
}

export async function makeRecording(run: RecordingRun): Promise<void> {
  const { db } = run;
  const session = await db.liveSession.findUnique({ where: { id: run.sessionId } });
  if (!session?.recordKey || session.recordConsumedAt || !session.endedAt) return;
  // the channel publishes again: the job of that publish, when it ends, takes this copy too
  const open = await db.liveSession.findUnique({ where: { openChannelId: session.channelId }, select: { startedAt: true } });
  if (open && open.startedAt >= session.startedAt) return;

  const event = await recordedEventDuring(db, session.channelId, session.startedAt, session.endedAt);
  if (!event) {
    // no event asked for a recording: the copy goes
    await db.liveSession.update({ where: { id: session.id }, data: { recordConsumedAt: new Date() } });
    await (await getStorage()).delete(session.recordKey);
    return;
  }
  const parts = await db.liveSession.findMany({
    where: {
      channelId: session.channelId,
      recordKey: { not: null },
      recordConsumedAt: null,
      endedAt: { not: null, gt: event.startsAt },
      startedAt: { lt: event.endsAt, lte: session.startedAt },
    },
    orderBy: { startedAt: "asc" },
    select: { id: true, recordKey: true },
  });
  const storage = await getStorage();
  const boxId = session.id;
  if (!(await db.boxItem.findUnique({ where: { id: boxId }, select: { id: true } }))) {
    const list = path.join(run.workDir, "parts.txt");
    const output = path.join(run.workDir, "recording.mp4");
    await withLocalFiles(
      storage,
      parts.map((p) => p.recordKey!),
      async (files) => {
        await writeFile(list, files.map((f) => `file '${f.replaceAll("'", "'\\''")}'\n`).join(""));
        await runFfmpeg(
          [
            "-hide_banner",
            "-nostdin",
            "-y",
            "-f",
            "concat",
            "-safe",
            "0",
            "-i",
            list,
            "-map",
            "0",
            "-c",
            "copy",
            "-movflags",
            "+faststart",
            output,
          ],
          { timeoutMs: 60 * 60_000, memoryLimitMb: 1024, signal: run.signal, onSpawn: run.onSpawn },
        );
      },
    );
    const sizeBytes = (await stat(output)).size;
    const tempKey = uploadTempKey(boxId);
    await storage.putFile(tempKey, output, { move: true, contentType: "video/mp4" });
    const continued = event.recordingBoxItemId !== null;
    await commitBoxUpload(
      { actor: { kind: "user", userId: session.ownerId, clientId: "live-recording" }, db, sql: run.sql },
      session.ownerId,
      { boxId, tempKey, sizeBytes, filename: "recording.mp4", mimeType: "video/mp4" },
      {
        title: continued ? `${event.name} (continued)` : event.name,
        description: event.description ?? undefined,
        tags: event.tags,
      },
    ).catch(async (err: unknown) => {
      await storage.delete(tempKey).catch(() => {});
      throw err;
    });
  }
  // the owner is told once, by the run that consumed the parts (live.recording.ready; the box item's
  // own box.ready follows when it is processed)
  const told = await db.$transaction(async (tx) => {
    await tx.liveEvent.updateMany({ where: { id: event.id, recordingBoxItemId: null }, data: { recordingBoxItemId: boxId } });
    const consumed = await tx.liveSession.updateMany({
      where: { id: { in: parts.map((p) => p.id) }, recordConsumedAt: null },
      data: { recordConsumedAt: new Date() },
    });
    if (consumed.count === 0) return false;
    return (
      (await raiseWebhookEvent(tx, session.ownerId, "live.recording.ready", {
        eventId: event.id,
        channelId: session.channelId,
        boxId,
        title: event.name,
      })) !== undefined
    );
  });
  if (told) wakeLocalWorkers();
  for (const p of parts) await storage.delete(p.recordKey!);
}
