import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { replayUntil } from "@/server/domain/live/live-ticket";
import { env } from "@/server/env";

/** How many purchases of each kind the Library lists (newest first). */
export const LIBRARY_SHOWN = 50;

/** A pay-per-view video the viewer bought, and its access window. */
export interface LibraryVideo {
  trackingId: string;
  vodId: string;
  title: string;
  paidAt: Date;
  accessUntil: Date;
}

/** A ticket to a live event, with the event's times and its replay. */
export interface LibraryTicket {
  trackingId: string;
  eventId: string;
  /** The event's name now (the payment's title when the event is gone). */
  title: string;
  paidAt: Date;
  /** Absent when the event was deleted since. */
  event?: { startsAt: Date; endsAt: Date; replayUntil: Date; recordingReady: boolean };
}

export interface Library {
  videos: LibraryVideo[];
  tickets: LibraryTicket[];
}

// The portal's Library: what the signed-in viewer may watch because they paid for it, each with its
// window: videos (PPV_ACCESS_HOURS from the payment) and live tickets (the event, then its replay for
// REPLAY_ACCESS_DAYS). Bundle subscriptions are bundles.subscriptions; every payment, whatever its
// state, payments.purchases.
export async function getLibrary(ctx: Ctx): Promise<Library> {
  const buyerId = requireUserId(ctx);
  const select = { trackingId: true, itemId: true, title: true, paidAt: true } as const;
  const paid = (kind: "VOD" | "LIVE_EVENT") =>
    ctx.db.payment.findMany({
      where: { buyerId, kind, status: "PAID" },
      orderBy: [{ paidAt: "desc" }, { id: "desc" }],
      take: LIBRARY_SHOWN,
      select,
    });
  const [vods, tickets] = await Promise.all([paid("VOD"), paid("LIVE_EVENT")]);
  const windowMs = env().PPV_ACCESS_HOURS * 3600_000;
  const eventIds = tickets.map((t) => t.itemId);
  const events = await ctx.db.liveEvent.findMany({
    where: { id: { in: eventIds } },
    select: { id: true, name: true, startsAt: true, endsAt: true, recordingBoxItemId: true },
  });
  const eventOf = new Map(events.map((e) => [e.id, e]));
  return {
    videos: vods.flatMap((v) =>
      v.paidAt
        ? [
            {
              trackingId: v.trackingId,
              vodId: v.itemId,
              title: v.title,
              paidAt: v.paidAt,
              accessUntil: new Date(v.paidAt.getTime() + windowMs),
            },
          ]
        : [],
    ),
    tickets: tickets.flatMap((t) => {
      if (!t.paidAt) return [];
      const e = eventOf.get(t.itemId);
      const event = e && {
        startsAt: e.startsAt,
        endsAt: e.endsAt,
        replayUntil: replayUntil(e.endsAt),
        recordingReady: !!e.recordingBoxItemId,
      };
      return [{ trackingId: t.trackingId, eventId: t.itemId, title: e?.name ?? t.title, paidAt: t.paidAt, event }];
    }),
  };
}
