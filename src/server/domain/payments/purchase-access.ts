import type { PaymentKind } from "@/generated/prisma/enums";
import type { Db } from "@/server/db/client";
import { replayUntil } from "@/server/domain/live/live-ticket";
import { env } from "@/server/env";

/** The purchases a guest's receipt can restore in another browser: those a trackingId alone plays. */
export const RESTORABLE_KINDS: readonly PaymentKind[] = ["VOD", "LIVE_EVENT"];

/**
 * Until when a paid purchase gives access: a pay-per-view vod for PPV_ACCESS_HOURS from the payment
 * (domain/vod/vod-entitlement.ts), a live ticket until its replay closes (REPLAY_ACCESS_DAYS after
 * the event's end, domain/live/live-ticket.ts). Undefined for other kinds, and for an event gone.
 */
export async function purchaseAccessUntil(
  db: Db,
  p: { kind: PaymentKind; itemId: string; paidAt: Date | null },
): Promise<Date | undefined> {
  if (!p.paidAt) return undefined;
  if (p.kind === "VOD") return new Date(p.paidAt.getTime() + env().PPV_ACCESS_HOURS * 3600_000);
  if (p.kind !== "LIVE_EVENT") return undefined;
  const event = await db.liveEvent.findUnique({ where: { id: p.itemId }, select: { endsAt: true } }).catch(() => null);
  return event ? replayUntil(event.endsAt) : undefined;
}
