import { z } from "zod";
import type { PaymentStatus } from "@/generated/prisma/enums";
import type { Ctx } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { resolvePayment } from "@/server/payments/resolve-payment";

export const getPaymentStateInput = z.object({ trackingId: z.string() });

// Where a payment stands, for the page the checkout sent the buyer back to (any provider; a PENDING one
// is first brought up to date with it): the page then names what happened (paid, cancelled, failed,
// expired, or left unpaid at the provider). Whoever holds the trackingId may ask, as for the checkout page.
export async function getPaymentState(ctx: Ctx, input: z.output<typeof getPaymentStateInput>): Promise<{ status: PaymentStatus }> {
  const p = await resolvePayment(ctx.db, input.trackingId);
  if (!p) throw notFound("error.paymentNotFound");
  return { status: p.status };
}
