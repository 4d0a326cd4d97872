import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { enqueueJob, wakeLocalWorkers } from "@/server/jobs/queue";
import { raiseWebhookEvent } from "@/server/webhooks/events";
import { formatMoney } from "@/lib/money";
import { metrics } from "@/server/metrics/registry.mjs";
import { recordRefund, recordSale } from "./ledger";
import { paymentSelect, type PaymentRow } from "./payment-row";

export type Settlement = "PAID" | "CANCELLED" | "FAILED" | "EXPIRED";

/** Where a guest's receipt goes (a payment without a buyer account): given at the checkout. */
export interface GuestContact {
  email: string;
  language: string;
}

/**
 * Moves a payment out of PENDING, once: each move is a conditional update, so of two racing
 * settlements (a webhook and a client's completion, two webhook deliveries) exactly one changes the
 * row, and only that one writes the ledger's SALE entry and queues the buyer's receipt, in the same
 * transaction (to the buyer's account, or to the guest's e-mail `guest` given at the checkout). Money the provider confirms after our 24 h expiry still makes the payment PAID.
 * EXPIRED comes from our own deadline (resolvePayment checks it) or from the provider, whose page
 * may close before it (a Stripe session expired by hand): either way nothing can pay it any more.
 * Returns the payment as it stands afterwards (undefined for an unknown trackingId).
 */
export async function settlePayment(
  db: Db,
  trackingId: string,
  outcome: Settlement,
  now = new Date(),
  guest?: GuestContact,
): Promise<PaymentRow | undefined> {
  const settled = await db.$transaction(async (tx) => {
    const from: Prisma.PaymentWhereInput = outcome === "PAID" ? { status: { in: ["PENDING", "EXPIRED"] } } : { status: "PENDING" };
    const { count } = await tx.payment.updateMany({
      where: { trackingId, ...from },
      data: { status: outcome, settledAt: now, ...(outcome === "PAID" ? { paidAt: now } : {}) },
    });
    // a guest's e-mail (no buyer account) is kept with the settlement that makes the payment PAID
    if (count === 1 && guest && outcome === "PAID")
      await tx.payment.updateMany({
        where: { trackingId, buyerId: null, guestEmail: null },
        data: { guestEmail: guest.email, guestLanguage: guest.language },
      });
    const payment = await tx.payment.findUnique({ where: { trackingId }, select: paymentSelect });
    const receipt = count === 1 && payment && outcome === "PAID" && (payment.buyerId !== null || payment.guestEmail !== null);
    if (count === 1 && payment && outcome === "PAID") await recordSale(tx, payment);
    if (receipt) await enqueueJob(tx, "payments.receipt", { paymentId: payment.id });
    const raised = count === 1 && payment && outcome === "PAID" && (await raisePaymentEvent(tx, payment, "payment.completed"));
    return { payment: payment ?? undefined, queued: !!receipt || !!raised, moved: count === 1 };
  });
  if (settled.moved && settled.payment) countPayment(settled.payment.provider, outcome.toLowerCase());
  if (settled.queued) wakeLocalWorkers();
  return settled.payment;
}

/** PAID -> REFUNDED with the ledger's REFUND entry, once; the purchase no longer entitles its buyer (its restore links are revoked). */
export async function refundPayment(db: Db, trackingId: string, now = new Date()): Promise<PaymentRow | undefined> {
  const refunded = await db.$transaction(async (tx) => {
    const { count } = await tx.payment.updateMany({ where: { trackingId, status: "PAID" }, data: { status: "REFUNDED", settledAt: now } });
    const payment = await tx.payment.findUnique({ where: { trackingId }, select: paymentSelect });
    if (count === 1 && payment) {
      await recordRefund(tx, payment.id);
      // the guest's restore links end with the access they restored
      await tx.purchaseRestoreLink.updateMany({ where: { paymentId: payment.id, revokedAt: null }, data: { revokedAt: now } });
    }
    const raised = count === 1 && payment && (await raisePaymentEvent(tx, payment, "payment.refunded"));
    return { payment: payment ?? undefined, moved: count === 1, raised: !!raised };
  });
  if (refunded.moved && refunded.payment) countPayment(refunded.payment.provider, "refunded");
  if (refunded.raised) wakeLocalWorkers();
  return refunded.payment;
}

/**
 * payment.completed or payment.refunded for the seller (webhooks/events.ts); the platform's own sales
 * (license plans) have no seller and raise nothing. Returns whether a fan-out was queued.
 */
async function raisePaymentEvent(
  tx: Prisma.TransactionClient,
  p: PaymentRow,
  type: "payment.completed" | "payment.refunded",
): Promise<boolean> {
  if (!p.sellerId) return false;
  const data = {
    trackingId: p.trackingId,
    kind: p.kind,
    itemId: p.itemId,
    title: p.title,
    amount: formatMoney(p.amountCents),
    amountCents: p.amountCents,
    currency: p.currency,
    status: p.status,
    paidAt: p.paidAt?.toISOString() ?? null,
  };
  return (await raiseWebhookEvent(tx, p.sellerId, type, data)) !== undefined;
}

/**
 * kinora_payments_total{provider,outcome}: one per move of a payment, counted once (after the
 * commit of the move that changed the row): started, provider_error (begin-payment.ts), paid,
 * cancelled, failed, expired, refunded.
 */
export function countPayment(provider: string, outcome: string): void {
  metrics().payments.inc({ provider, outcome });
}
