import type { Ctx } from "@/server/domain/context";
import { env } from "@/server/env";
import { completePayment, findPurchase } from "@/server/payments/complete-payment";

/**
 * Until when the caller may watch a pay-per-view vod (undefined: they may not): a purchase lets its
 * buyer watch for PPV_ACCESS_HOURS from the payment. Proof is a paid trackingId presented in the
 * play body (the purchase of a public-token viewer belongs to whoever holds it; a user's only to
 * that user), completed once by the payments core; without one that counts, a signed-in viewer's
 * own latest purchase.
 */
export async function vodAccessUntil(ctx: Ctx, vodId: string, trackingId: string | undefined, now = new Date()): Promise<Date | undefined> {
  const windowMs = env().PPV_ACCESS_HOURS * 3600_000;
  const until = (paidAt: Date | null | undefined) => {
    const end = paidAt ? new Date(paidAt.getTime() + windowMs) : undefined;
    return end && end > now ? end : undefined;
  };
  if (trackingId !== undefined) {
    const completion = await completePayment(ctx, { trackingId, kind: "VOD", itemId: vodId });
    const end = completion.ok ? until(completion.payment.paidAt) : undefined;
    if (end) return end;
  }
  const purchase = await findPurchase(ctx, { kind: "VOD", itemId: vodId, paidSince: new Date(now.getTime() - windowMs) });
  return until(purchase?.paidAt);
}
