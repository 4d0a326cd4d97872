import type Stripe from "stripe";
import type { PaymentProvider, ProviderPayment, ProviderVerdict } from "../provider-types";
import { stripeClient } from "./stripe-client";

// Stripe Checkout: one Checkout Session per payment, found again by its id (our providerRef) and by
// the trackingId in its metadata (webhooks: stripe-webhook.ts).

/** Stripe lets a Checkout Session live 30 minutes to 24 hours from its creation. */
const SESSION_MIN_SECONDS = 30 * 60;
const SESSION_MAX_SECONDS = 24 * 3600;
/** Room for the time the request takes to reach Stripe, so a bound is never crossed on its side. */
const CLOCK_MARGIN_SECONDS = 60;
/** The session closes this long before the payment expires: the payment's expiry then finds it closed at Stripe. */
const SESSION_LEAD_SECONDS = 5 * 60;

/**
 * The session's expires_at: a few minutes before the payment's expiry, kept within Stripe's bounds.
 * It depends on the payment alone (not on the clock, unless a bound is reached), so a create
 * retried later sends the same parameters, as an idempotent request must.
 */
export function sessionExpiry(expiresAt: Date, now = new Date()): number {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const wanted = Math.floor(expiresAt.getTime() / 1000) - SESSION_LEAD_SECONDS;
  const earliest = nowSeconds + SESSION_MIN_SECONDS + CLOCK_MARGIN_SECONDS;
  const latest = nowSeconds + SESSION_MAX_SECONDS - CLOCK_MARGIN_SECONDS;
  return Math.max(earliest, Math.min(wanted, latest));
}

/** The Checkout Session of a payment: one line (the item at its price), the trackingId in its metadata and as client_reference_id. */
export function checkoutSessionParams(payment: ProviderPayment, now = new Date()): Stripe.Checkout.SessionCreateParams {
  return {
    mode: "payment",
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: payment.currency.toLowerCase(),
          unit_amount: payment.amountCents,
          product_data: { name: payment.title },
        },
      },
    ],
    metadata: { trackingId: payment.trackingId },
    client_reference_id: payment.trackingId,
    // the PaymentIntent carries it too, so the payment is found from Stripe's Dashboard
    payment_intent_data: { metadata: { trackingId: payment.trackingId } },
    success_url: payment.successUrl,
    cancel_url: payment.cancelUrl,
    expires_at: sessionExpiry(payment.expiresAt, now),
    ...(payment.buyerEmail ? { customer_email: payment.buyerEmail } : {}),
  };
}

/** One payment, one session: a create sent again (the SDK retries one whose answer was lost) answers the first session. */
export const sessionIdempotencyKey = (trackingId: string): string => `kinora-checkout-${trackingId}`;

/** Where a session says its payment stands. */
export function sessionVerdict(session: Pick<Stripe.Checkout.Session, "status" | "payment_status">): ProviderVerdict {
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") return "PAID";
  if (session.status === "expired") return "EXPIRED";
  return "PENDING"; // open, or complete with a delayed payment method still being processed
}

/** PAYMENT_PROVIDER=stripe; 503 (UNAVAILABLE) without STRIPE_SECRET_KEY. */
export function stripeProvider(): PaymentProvider {
  const stripe = stripeClient();
  return {
    name: "stripe",
    async begin(payment) {
      const session = await stripe.checkout.sessions.create(checkoutSessionParams(payment), {
        idempotencyKey: sessionIdempotencyKey(payment.trackingId),
      });
      if (!session.url) throw new Error(`Stripe answered session ${session.id} without a url`);
      return { url: session.url, providerRef: session.id };
    },
    async lookup({ trackingId, providerRef }) {
      // a session whose id was never recorded (a crash right after its creation) is settled by its
      // webhook, found by the trackingId in its metadata, or expires with the payment
      if (!providerRef) return "PENDING";
      const session = await stripe.checkout.sessions.retrieve(providerRef);
      if (session.metadata?.trackingId !== trackingId)
        throw new Error(`Stripe session ${providerRef} is not the one of payment ${trackingId}`);
      return sessionVerdict(session);
    },
    async refund({ trackingId, providerRef }) {
      if (!providerRef) throw new Error(`payment ${trackingId} has no Stripe session to refund`);
      const session = await stripe.checkout.sessions.retrieve(providerRef);
      const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
      if (session.metadata?.trackingId !== trackingId || !intent)
        throw new Error(`Stripe session ${providerRef} has no payment of ${trackingId}`);
      // one refund per payment, whatever the retries (its charge.refunded webhook then finds it refunded here)
      await stripe.refunds.create({ payment_intent: intent, metadata: { trackingId } }, { idempotencyKey: `kinora-refund-${trackingId}` });
    },
  };
}
