import { z } from "zod";
import type { PaymentKind, PaymentStatus } from "@/generated/prisma/enums";
import type { Ctx } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { resolvePayment } from "@/server/payments/resolve-payment";

export const getCheckoutInput = z.object({ trackingId: z.string() });

/** What the sandbox checkout page shows. */
export interface CheckoutView {
  trackingId: string;
  kind: PaymentKind;
  title: string;
  amountCents: number;
  currency: string;
  periods: number;
  status: PaymentStatus;
  /** The creator who sells it; absent when the platform sells (license plans). */
  seller?: { userCode: string; pageTitle?: string; thumbnailId?: string };
  expiresAt: Date;
  /** Nobody's account pays: the page asks for an e-mail for the receipt, required for a guest of this site (not a REST client's). */
  guest?: { emailRequired: boolean };
}

// GET /checkout/{trackingId} - the sandbox provider's payment page. Whoever holds the trackingId may
// see it (it is the link the buyer was sent to); a payment of another provider is not shown here.
export async function getCheckout(ctx: Ctx, input: z.output<typeof getCheckoutInput>): Promise<CheckoutView> {
  const p = await resolvePayment(ctx.db, input.trackingId);
  if (!p || p.provider !== "sandbox") throw notFound("error.paymentNotFound");
  const seller = p.sellerId
    ? await ctx.db.user.findUnique({ where: { id: p.sellerId }, select: { userCode: true, pageTitle: true, thumbnailId: true } })
    : null;
  return {
    trackingId: p.trackingId,
    kind: p.kind,
    title: p.title,
    amountCents: p.amountCents,
    currency: p.currency,
    periods: p.periods,
    status: p.status,
    seller: seller
      ? { userCode: seller.userCode, pageTitle: seller.pageTitle ?? undefined, thumbnailId: seller.thumbnailId ?? undefined }
      : undefined,
    expiresAt: p.expiresAt,
    guest: p.buyerId === null ? { emailRequired: p.buyerClientId === null } : undefined,
  };
}
