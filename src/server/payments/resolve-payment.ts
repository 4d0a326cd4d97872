import type { Db } from "@/server/db/client";
import { DomainError } from "@/server/core/errors";
import { paymentSelect, type PaymentRow } from "./payment-row";
import { providerOf } from "./provider";
import { settlePayment } from "./settle-payment";
import { normalizeTrackingId } from "./tracking-id";
import { logger } from "@/server/log/logger.mjs";

/**
 * The payment of a trackingId as it stands now: one still PENDING here is first brought up to date
 * with its provider (Stripe: the Checkout Session is read), and one pending past its expiry becomes
 * EXPIRED. undefined for a text that names no payment.
 */
export async function resolvePayment(db: Db, trackingId: unknown, now = new Date()): Promise<PaymentRow | undefined> {
  const id = normalizeTrackingId(trackingId);
  if (!id) return undefined;
  const payment = await db.payment.findUnique({ where: { trackingId: id }, select: paymentSelect });
  if (!payment || payment.status !== "PENDING") return payment ?? undefined;
  const provider = await providerOf(payment.provider);
  let verdict;
  try {
    verdict = provider ? await provider.lookup(payment) : undefined;
  } catch (err) {
    // the provider cannot be asked now: the payment stays PENDING, the client may retry
    logger().error({ err }, `payments: lookup of ${payment.provider} payment failed`);
    throw new DomainError("UNAVAILABLE", "error.paymentProviderUnreachable");
  }
  if (verdict && verdict !== "PENDING") return settlePayment(db, id, verdict, now);
  if (payment.expiresAt <= now) return settlePayment(db, id, "EXPIRED", now);
  return payment;
}
