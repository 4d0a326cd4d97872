import { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
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
});

// POST /checkout/{trackingId} (form: outcome=paid|cancelled|failed) - the sandbox provider's answer.
// Settles a PENDING payment (a settled or expired one stays as it is: posting again changes
// nothing) and says where the buyer goes: returnUrl when the payment is PAID, cancelUrl otherwise,
// each with trackingId=<id> added; without them, back to this checkout page, which shows the outcome.
// Both were checked when the payment was opened: our own origins or the client's (payments/return-urls.ts).
export async function settleCheckout(ctx: Ctx, input: z.output<typeof settleCheckoutInput>): Promise<{ location: string }> {
  const current = await resolvePayment(ctx.db, input.trackingId);
  if (!current || current.provider !== "sandbox") throw notFound("error.paymentNotFound");
  const settled = current.status === "PENDING" ? await settlePayment(ctx.db, current.trackingId, OUTCOMES[input.outcome]) : current;
  const payment = settled ?? current;
  const page = `${ctx.baseUrl ?? env().publicUrl}/checkout/${payment.trackingId}`;
  const target = payment.status === "PAID" ? (payment.returnUrl ?? page) : (payment.cancelUrl ?? page);
  return { location: target === page ? page : withTrackingId(target, payment.trackingId) };
}
