import type { Ctx } from "@/server/core/context";
import { env } from "@/server/env";
import { completePayment, findPurchase, isBuyer } from "@/server/payments/complete-payment";
import { normalizeTrackingId } from "@/server/payments/tracking-id";
import type { ReadVod, VodReadExtra } from "./vod-item-view";
import { COMPLETED_PURCHASE } from "./vod-purchase-columns";

/**
 * The paid purchase of the vod `v` that a presented trackingId already completed: what every play
 * after the first presents, read in the statement that reads the vod (the entitled play is a hot
 * path, docs/perf.md); anything else goes through the payments core's completion. Undefined when
 * no trackingId that could be one was presented.
 */
export function completedPurchaseRead(trackingId: string | undefined): VodReadExtra | undefined {
  const id = normalizeTrackingId(trackingId);
  if (!id) return undefined;
  return { columns: COMPLETED_PURCHASE.select, joins: COMPLETED_PURCHASE.joins, params: [id] };
}

/** The columns completedPurchaseRead adds. */
interface PurchaseColumns {
  purchaseCompleted: boolean;
  purchaseBuyerId: string | null;
  purchasePaidAtMs: number;
}

/**
 * Until when the caller may watch a pay-per-view vod (undefined: they may not): a purchase lets its
 * buyer watch for PPV_ACCESS_HOURS from the payment. Proof is a paid trackingId presented in the
 * play body (the purchase of a public-token viewer belongs to whoever holds it; a user's only to
 * that user), completed once by the payments core; without one that counts, a signed-in viewer's
 * own latest purchase. `vod` was read with completedPurchaseRead(trackingId).
 */
export async function vodAccessUntil(ctx: Ctx, vod: ReadVod, trackingId: string | undefined, now = new Date()): Promise<Date | undefined> {
  const windowMs = env().PPV_ACCESS_HOURS * 3600_000;
  const until = (paidAtMs: number | undefined) => {
    const end = paidAtMs === undefined ? undefined : new Date(paidAtMs + windowMs);
    return end && end > now ? end : undefined;
  };
  const vodId = vod.view.vodId;
  const id = normalizeTrackingId(trackingId);
  if (id) {
    const { purchaseCompleted, purchaseBuyerId, purchasePaidAtMs } = vod.row as Partial<PurchaseColumns>;
    if (purchaseCompleted && isBuyer({ buyerId: purchaseBuyerId ?? null }, ctx.actor)) {
      const end = until(purchasePaidAtMs);
      if (end) return end;
    } else if (!purchaseCompleted) {
      const completion = await completePayment(ctx, { trackingId: id, kind: "VOD", itemId: vodId });
      const end = completion.ok ? until(completion.payment.paidAt?.getTime()) : undefined;
      if (end) return end;
    }
  }
  const purchase = await findPurchase(ctx, { kind: "VOD", itemId: vodId, paidSince: new Date(now.getTime() - windowMs) });
  return until(purchase?.paidAt.getTime());
}
