import Stripe from "stripe";
import type { PaymentStatus } from "@/generated/prisma/enums";
import type { Db } from "@/server/db/client";
import { DomainError } from "@/server/core/errors";
import { env } from "@/server/env";
import { refundPayment, settlePayment, type Settlement } from "../settle-payment";
import { normalizeTrackingId } from "../tracking-id";
import { stripeClient } from "./stripe-client";
import { sessionVerdict } from "./stripe-provider";
import { logger } from "@/server/log/logger.mjs";

/** What a delivery did: the payment it concerned and where that stands now, or nothing (ignored). */
export type WebhookAnswer = { received: true; trackingId: string; status: PaymentStatus } | { received: true; ignored: true };

const IGNORED = { received: true, ignored: true } as const;

/**
 * POST /payments/stripe/webhook - an event from Stripe, verified against STRIPE_WEBHOOK_SECRET (a
 * missing, wrong or tampered signature, or one older than the SDK's 5 minutes: 400, nothing read).
 * Every move is the core's conditional settlement, so an event delivered twice, late, or after the
 * buyer already completed through the session read changes nothing. Events of other kinds, and
 * sessions Kinora did not open, are acknowledged and ignored (anything but a 2xx makes Stripe retry).
 */
export async function receiveStripeWebhook(db: Db, body: Buffer, signature: string | null): Promise<WebhookAnswer> {
  const secret = env().STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new DomainError("UNAVAILABLE", "error.stripeWebhookNotConfigured");
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(body, signature ?? "", secret);
  } catch {
    throw new DomainError("BAD_REQUEST", "error.stripeSignatureInvalid");
  }
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      // completed with a delayed method (bank debit) is not paid yet: async_payment_succeeded follows
      const paid = sessionVerdict(event.data.object) === "PAID";
      return paid ? settleSession(db, event.data.object, "PAID") : IGNORED;
    }
    case "checkout.session.async_payment_failed":
      return settleSession(db, event.data.object, "FAILED");
    case "checkout.session.expired":
      return settleSession(db, event.data.object, "EXPIRED");
    case "charge.refunded":
      return refundCharge(db, event.data.object);
    default:
      return IGNORED;
  }
}

async function settleSession(db: Db, session: Stripe.Checkout.Session, outcome: Settlement): Promise<WebhookAnswer> {
  const trackingId = await paymentOfSession(db, session);
  if (!trackingId) return IGNORED;
  // Stripe Checkout asks every buyer's e-mail: a guest's receipt goes there
  const email = session.customer_details?.email;
  const guest = email ? { email, language: session.locale?.startsWith("it") ? "it" : "en" } : undefined;
  const payment = await settlePayment(db, trackingId, outcome, new Date(), guest);
  return payment ? { received: true, trackingId, status: payment.status } : IGNORED;
}

/** A full refund (made in Stripe's Dashboard) refunds the payment; a partial one is left to the operator. */
async function refundCharge(db: Db, charge: Stripe.Charge): Promise<WebhookAnswer> {
  const paymentIntent = typeof charge.payment_intent === "string" ? charge.payment_intent : charge.payment_intent?.id;
  if (!charge.refunded || !paymentIntent) return IGNORED;
  const { data } = await stripeClient().checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
  const trackingId = data[0] && (await paymentOfSession(db, data[0]));
  if (!trackingId) return IGNORED;
  const payment = await refundPayment(db, trackingId);
  return payment ? { received: true, trackingId, status: payment.status } : IGNORED;
}

/**
 * The trackingId of the Stripe payment a session was opened for: named by its metadata (or
 * client_reference_id), and that payment's session must be this one.
 */
async function paymentOfSession(db: Db, session: Stripe.Checkout.Session): Promise<string | undefined> {
  const trackingId = normalizeTrackingId(session.metadata?.trackingId ?? session.client_reference_id);
  if (!trackingId) return undefined;
  // a payment whose session id was never recorded (a crash right after the session was created) takes it now
  await db.payment.updateMany({ where: { trackingId, provider: "stripe", providerRef: null }, data: { providerRef: session.id } });
  const payment = await db.payment.findUnique({ where: { trackingId }, select: { provider: true, providerRef: true } });
  if (payment?.provider !== "stripe") return undefined;
  if (payment.providerRef === session.id) return trackingId;
  logger().warn(`payments: Stripe session ${session.id} names payment ${trackingId}, whose session is ${payment.providerRef}: ignored`);
  return undefined;
}
