import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { invalidField, notFound } from "@/server/core/errors";
import { emptyToUndefined } from "@/server/core/schema";
import { zEmail } from "@/server/domain/users/user-fields";
import { env } from "@/server/env";
import { resolvePayment } from "@/server/payments/resolve-payment";
import { settlePayment } from "@/server/payments/settle-payment";
import { withTrackingId } from "@/server/payments/tracking-id";

const OUTCOMES = { paid: "PAID", cancelled: "CANCELLED", failed: "FAILED" } as const;

export const settleCheckoutInput = z.object({
  trackingId: z.string(),
  outcome: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : v),
    z.enum(["paid", "cancelled", "failed"], "field.outcome"),
  ),
  /** A guest's e-mail (a payment without a buyer account): the receipt and its restore link go there. */
  email: z.preprocess(emptyToUndefined, zEmail().optional()),
});

// POST /checkout/{trackingId} (form: outcome=paid|cancelled|failed, email for a guest) - the sandbox provider's answer.
// Settles a PENDING payment (a settled or expired one stays as it is: posting again changes
// nothing) and says where the buyer goes: returnUrl when the payment is PAID, cancelUrl otherwise,
// each with trackingId=<id> added; without them, back to this checkout page, which shows the outcome.
// Both were checked when the payment was opened: our own origins or the client's (payments/return-urls.ts).
export async function settleCheckout(ctx: Ctx, input: z.output<typeof settleCheckoutInput>): Promise<{ location: string }> {
  const current = await resolvePayment(ctx.db, input.trackingId);
  if (!current || current.provider !== "sandbox") throw notFound("error.paymentNotFound");
  const guest = current.buyerId === null && input.email ? { email: input.email, language: ctx.lang ?? "en" } : undefined;
  // a guest of this site pays with an e-mail; a REST client's buyer (public token) may, as the
  // document's sandbox form has only outcome
  if (current.status === "PENDING" && input.outcome === "paid" && !guest && current.buyerId === null && current.buyerClientId === null)
    throw invalidField("email", "field.required");
  const settled =
    current.status === "PENDING" ? await settlePayment(ctx.db, current.trackingId, OUTCOMES[input.outcome], new Date(), guest) : current;
  const payment = settled ?? current;
  const page = `${ctx.baseUrl ?? env().publicUrl}/checkout/${payment.trackingId}`;
  const target = payment.status === "PAID" ? (payment.returnUrl ?? page) : (payment.cancelUrl ?? page);
  return { location: target === page ? page : withTrackingId(target, payment.trackingId) };
}
