import type { Prisma } from "@/generated/prisma/client";

/** The columns of a payment every part of the core reads. */
export const paymentSelect = {
  id: true,
  trackingId: true,
  buyerId: true,
  buyerClientId: true,
  sellerId: true,
  kind: true,
  itemId: true,
  title: true,
  amountCents: true,
  currency: true,
  periods: true,
  status: true,
  provider: true,
  providerRef: true,
  returnUrl: true,
  cancelUrl: true,
  embedded: true,
  mobile: true,
  expiresAt: true,
  settledAt: true,
  paidAt: true,
  completedAt: true,
  shareSellerId: true,
  shareCents: true,
  sharePercent: true,
  guestEmail: true,
  createdAt: true,
} satisfies Prisma.PaymentSelect;

export type PaymentRow = Prisma.PaymentGetPayload<{ select: typeof paymentSelect }>;
