import type { DbOrTx } from "@/server/db/client";

// The channel's on-air event: the one whose window contains the instant (events of a channel do not
// overlap; the live operations refuse it).

export function onAirEventAt(db: DbOrTx, channelId: string, at: Date) {
  return db.liveEvent.findFirst({
    where: { channelId, startsAt: { lte: at }, endsAt: { gt: at } },
    orderBy: { startsAt: "desc" },
    select: { id: true, name: true, recordEvent: true, recordingBoxItemId: true, startsAt: true, endsAt: true },
  });
}

/** The event to record a publish into: one with recordEvent whose window the publish overlapped. */
export function recordedEventDuring(db: DbOrTx, channelId: string, from: Date, to: Date) {
  return db.liveEvent.findFirst({
    where: { channelId, recordEvent: true, startsAt: { lt: to }, endsAt: { gt: from } },
    orderBy: { startsAt: "asc" },
    select: { id: true, name: true, description: true, tags: true, recordingBoxItemId: true, startsAt: true, endsAt: true },
  });
}
