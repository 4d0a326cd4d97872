import { directRead } from "@/server/db/client";
import type { Ctx } from "@/server/domain/context";
import { env } from "@/server/env";
import { completePayment, findPurchase, isBuyer } from "@/server/payments/complete-payment";
import { normalizeTrackingId } from "@/server/payments/tracking-id";

// A paid purchase of this vod that its trackingId already completed: what every play after the
// first presents. Read straight through the driver (the entitled play is a hot path, docs/perf.md);
// anything else goes through the payments core's completion.
const COMPLETED_PURCHASE = `SELECT "buyerId"::text AS "buyerId", (EXTRACT(EPOCH FROM "paidAt") * 1000)::float8 AS "paidAtMs"
  FROM "Payment" WHERE "trackingId" = $1 AND "kind" = 'VOD' AND "itemId" = $2 AND "status" = 'PAID' AND "completedAt" IS NOT NULL`;

/**
 * Until when the caller may watch a pay-per-view vod (undefined: they may not): a purchase lets its
 * buyer watch for PPV_ACCESS_HOURS from the payment. Proof is a paid trackingId presented in the
 * play body (the purchase of a public-token viewer belongs to whoever holds it; a user's only to
 * that user), completed once by the payments core; without one that counts, a signed-in viewer's
 * own latest purchase.
 */
export async function vodAccessUntil(ctx: Ctx, vodId: string, trackingId: string | undefined, now = new Date()): Promise<Date | undefined> {
  const windowMs = env().PPV_ACCESS_HOURS * 3600_000;
  const until = (paidAtMs: number | undefined) => {
    const end = paidAtMs === undefined ? undefined : new Date(paidAtMs + windowMs);
    return end && end > now ? end : undefined;
  };
  const id = normalizeTrackingId(trackingId);
  if (id) {
    const [completed] = await directRead(ctx.db)<{ buyerId: string | null; paidAtMs: number }>(COMPLETED_PURCHASE, [id, vodId]);
    if (completed && isBuyer(completed, ctx.actor)) {
      const end = until(completed.paidAtMs);
      if (end) return end;
    } else if (!completed) {
      const completion = await completePayment(ctx, { trackingId: id, kind: "VOD", itemId: vodId });
      const end = completion.ok ? until(completion.payment.paidAt?.getTime()) : undefined;
      if (end) return end;
    }
  }
  const purchase = await findPurchase(ctx, { kind: "VOD", itemId: vodId, paidSince: new Date(now.getTime() - windowMs) });
  return until(purchase?.paidAt.getTime());
}
