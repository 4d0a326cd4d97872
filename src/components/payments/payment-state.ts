import type { PaymentStatus } from "@/generated/prisma/enums";

// The name of every state a payment can be in, the same on the checkout's result, the page the
// buyer returns to, the Library and the purchases list. The providers report them so: the sandbox
// settles PAID, CANCELLED (Cancel) or FAILED (a failed payment); Stripe PAID (session paid),
// FAILED (a delayed payment method that failed), EXPIRED (session expired); our own 24 h deadline
// EXPIRED; a refund REFUNDED. A buyer who leaves Stripe's page by its back link comes back with the
// payment still PENDING: nothing was paid, and the page can still be paid until it expires.
// The words are messages: payments.state.<STATUS> (the short name in tables and badges) and
// payments.stateText.<STATUS> (the sentence a page says about a payment in that state).

/** The badge variant of a state: paid plain, refunded and failed as a problem, the rest muted. */
export function paymentStateBadge(status: PaymentStatus): string | undefined {
  if (status === "PAID") return undefined;
  return status === "FAILED" || status === "REFUNDED" ? "badge badge--danger" : "badge badge--muted";
}
