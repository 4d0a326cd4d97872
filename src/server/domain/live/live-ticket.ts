import type { Ctx } from "@/server/core/context";
import { env } from "@/server/env";
import { completePayment, findPurchase } from "@/server/payments/complete-payment";
import { normalizeTrackingId } from "@/server/payments/tracking-id";

// A ticket is a PAID payment of kind LIVE_EVENT for one event (payments core). It lets its holder
// watch the event live, and its replay (when the event was recorded) for REPLAY_ACCESS_DAYS after
// the event's end, with no second payment.

/** When the replay of an event stops being open to its ticket holders. */
export const replayUntil = (endsAt: Date) => new Date(endsAt.getTime() + env().REPLAY_ACCESS_DAYS * 86_400_000);

/**
 * Whether the caller holds a ticket of the event: a paid trackingId presented in the play body,
 * completed once by the payments core (one of a public-token viewer belongs to whoever holds it, a
 * user's only to that user; one of another item does not count), or else the signed-in caller's own
 * purchase.
 */
export async function holdsTicket(ctx: Ctx, eventId: string, trackingId: string | undefined): Promise<boolean> {
  const id = normalizeTrackingId(trackingId);
  if (id && (await completePayment(ctx, { trackingId: id, kind: "LIVE_EVENT", itemId: eventId })).ok) return true;
  return (await findPurchase(ctx, { kind: "LIVE_EVENT", itemId: eventId })) !== undefined;
}
