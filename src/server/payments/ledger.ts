import type { Prisma } from "@/generated/prisma/client";
import { env } from "@/server/env";

type Tx = Prisma.TransactionClient;

/** The platform's part of a sale: PLATFORM_FEE_PERCENT of it, rounded to the cent; all of it when the platform sells. */
export function platformFeeCents(grossCents: number, sellerId: string | null, percent = env().PLATFORM_FEE_PERCENT): number {
  if (sellerId === null) return grossCents;
  return Math.round((grossCents * percent) / 100);
}

interface LedgerPayment {
  id: string;
  sellerId: string | null;
  amountCents: number;
  currency: string;
}

/**
 * The SALE entry of a payment that just became PAID, in the transaction that made it so. The
 * unique (paymentId, type) makes a second one impossible, whatever races.
 */
export async function recordSale(tx: Tx, p: LedgerPayment): Promise<void> {
  const feeCents = platformFeeCents(p.amountCents, p.sellerId);
  await tx.ledgerEntry.create({
    data: {
      paymentId: p.id,
      type: "SALE",
      sellerId: p.sellerId,
      grossCents: p.amountCents,
      feeCents,
      netCents: p.amountCents - feeCents,
      currency: p.currency,
    },
  });
}

/** The REFUND entry of a refunded payment: the SALE entry's amounts, negative. */
export async function recordRefund(tx: Tx, paymentId: string): Promise<void> {
  const sale = await tx.ledgerEntry.findUnique({ where: { paymentId_type: { paymentId, type: "SALE" } } });
  if (!sale) return;
  await tx.ledgerEntry.create({
    data: {
      paymentId,
      type: "REFUND",
      sellerId: sale.sellerId,
      grossCents: -sale.grossCents,
      feeCents: -sale.feeCents,
      netCents: -sale.netCents,
      currency: sale.currency,
    },
  });
}
