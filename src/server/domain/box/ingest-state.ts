import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { enqueueJob, wakeLocalWorkers } from "@/server/jobs/queue";
import { raiseWebhookEvent } from "@/server/webhooks/events";
import { formatDuration } from "@/lib/wire";

// The ingestion state machine of a box item: PROCESSING (progress 0..99) -> READY (progress 100) or
// FAILED (failureReason for the owner). Every transition only applies to an item still PROCESSING,
// so a late write of a retried or cancelled job never moves a final item back; reaching READY or
// FAILED queues the owner's notification once.

/** Saves what the probe found: duration (m:ss on the wire), size, codecs (the whole summary as JSON). */
export async function recordProbe(db: Db, boxItemId: string, probe: Prisma.InputJsonValue, durationSeconds: number): Promise<void> {
  await db.boxItem.updateMany({ where: { id: boxItemId, status: "PROCESSING" }, data: { probe, durationSeconds } });
}

/** Raises the processing percent (never lowers it: a retried stage starts over below what was shown). */
export async function recordProgress(db: Db, boxItemId: string, percent: number): Promise<void> {
  const progress = Math.max(0, Math.min(99, Math.floor(percent)));
  await db.boxItem.updateMany({ where: { id: boxItemId, status: "PROCESSING", progress: { lt: progress } }, data: { progress } });
}

export async function isPlayable(db: Db, boxItemId: string): Promise<boolean> {
  return (await db.boxItem.count({ where: { id: boxItemId, playableAt: { not: null } } })) > 0;
}

/** The first rendition and the master playlist are published: the item plays from now on. */
export async function markPlayable(db: Db, boxItemId: string): Promise<void> {
  await db.boxItem.updateMany({ where: { id: boxItemId, playableAt: null }, data: { playableAt: new Date() } });
}

/** READY; `withReady` runs in the same transaction, first (the ingest's last writing of the playlists). */
export async function markReady(db: Db, boxItemId: string, withReady?: (tx: Prisma.TransactionClient) => Promise<void>): Promise<void> {
  const now = new Date();
  await finish(db, boxItemId, "READY", { progress: 100, readyAt: now, failureReason: null }, async (tx) => {
    await withReady?.(tx);
    await tx.boxItem.updateMany({ where: { id: boxItemId, playableAt: null }, data: { playableAt: now } });
  });
}

export async function markFailed(db: Db, boxItemId: string, reason: string): Promise<void> {
  await finish(db, boxItemId, "FAILED", { failureReason: reason.slice(0, 1000) });
}

/**
 * The final transition, and with it the owner's notification (workers/jobs/box-notify) and the
 * box.ready or box.failed webhook event, queued in the same transaction and only when this call made the transition: a retried or late ingest that
 * finds the item final anyway queues nothing, so each transition is told exactly once.
 */
async function finish(
  db: Db,
  boxItemId: string,
  status: "READY" | "FAILED",
  data: Prisma.BoxItemUpdateManyMutationInput,
  also?: (tx: Prisma.TransactionClient) => Promise<void>,
): Promise<void> {
  await db.$transaction(
    async (tx) => {
      await also?.(tx);
      const moved = await tx.boxItem.updateMany({ where: { id: boxItemId, status: "PROCESSING" }, data: { ...data, status } });
      if (moved.count !== 1) return;
      await enqueueJob(tx, "box.notify", { boxItemId, status }, { boxItemId });
      const item = await tx.boxItem.findUniqueOrThrow({
        where: { id: boxItemId },
        select: { ownerId: true, contentId: true, resourceId: true, title: true, durationSeconds: true, failureReason: true },
      });
      await raiseWebhookEvent(tx, item.ownerId, status === "READY" ? "box.ready" : "box.failed", {
        boxId: boxItemId,
        contentId: item.contentId,
        resourceId: item.resourceId,
        title: item.title,
        status,
        duration: formatDuration(item.durationSeconds),
        ...(status === "FAILED" ? { statusReason: item.failureReason } : {}),
      });
    },
    { timeout: 30_000 },
  ); // `also` may write playlists to the media storage (markReady)
  wakeLocalWorkers();
}
