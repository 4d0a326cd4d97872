import type { Db } from "@/server/db/client";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { raiseWebhookEvent } from "@/server/webhooks/events";

/** A program that started longer ago than this is not told any more (a worker was down; a day saved late). */
const LATEST_MS = 10 * 60_000;

/**
 * cast.on_air: each program of a cast channel (not a break) that went on air since the last run is
 * told to the channel owner's webhooks, once (a conditional claim of CastProgram.onAirAnnouncedAt,
 * so two workers never both tell it). Run by a periodic sweep (workers/sweeps.ts): told within a
 * minute of its start. Returns how many programs were told.
 */
export async function announceProgramsOnAir(db: Db, now = new Date()): Promise<number> {
  const started = await db.castProgram.findMany({
    where: {
      startsAt: { lte: now, gt: new Date(now.getTime() - LATEST_MS) },
      endsAt: { gt: now },
      itemType: { not: "BREAK" },
      onAirAnnouncedAt: null,
    },
    select: {
      id: true,
      title: true,
      itemType: true,
      startsAt: true,
      endsAt: true,
      channel: { select: { id: true, ownerId: true, name: true } },
    },
    take: 500,
  });
  let told = 0;
  for (const p of started)
    await db.$transaction(async (tx) => {
      const claimed = await tx.castProgram.updateMany({ where: { id: p.id, onAirAnnouncedAt: null }, data: { onAirAnnouncedAt: now } });
      if (claimed.count !== 1) return;
      told++;
      await raiseWebhookEvent(tx, p.channel.ownerId, "cast.on_air", {
        channelId: p.channel.id,
        channelName: p.channel.name,
        programId: p.id,
        programType: p.itemType,
        title: p.title,
        startsAt: p.startsAt.toISOString(),
        endsAt: p.endsAt.toISOString(),
      });
    });
  if (told) wakeLocalWorkers();
  return told;
}
