import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";

// The ingestion state machine of a box item: PROCESSING (progress 0..99) -> READY (progress 100) or
// FAILED (failureReason for the owner). Every transition only applies to an item still PROCESSING,
// so a late write of a retried or cancelled job never moves a final item back.

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

export async function markReady(db: Db, boxItemId: string): Promise<void> {
  const now = new Date();
  await db.boxItem.updateMany({
    where: { id: boxItemId, status: "PROCESSING" },
    data: { status: "READY", progress: 100, readyAt: now, failureReason: null },
  });
  await db.boxItem.updateMany({ where: { id: boxItemId, playableAt: null }, data: { playableAt: now } });
}

export async function markFailed(db: Db, boxItemId: string, reason: string): Promise<void> {
  await db.boxItem.updateMany({
    where: { id: boxItemId, status: "PROCESSING" },
    data: { status: "FAILED", failureReason: reason.slice(0, 1000) },
  });
}
