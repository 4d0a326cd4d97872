import type { Prisma } from "@/generated/prisma/client";
import { env } from "@/server/env";

type Tx = Prisma.TransactionClient;

/** The platform's part of a sale: PLATFORM_FEE_PERCENT of it, rounded to the cent; all of it when the platform sells. */
export function platformFeeCents(grossCents: number, sellerId: string | null, percent = env().PLATFORM_FEE_PERCENT): number {
  if (sellerId === null) return grossCents;
  return Math.round((grossCents * percent) / 100);
}

/** A second creator's part of a sale (PaymentItem.share): fixed cents, or a percentage of the seller's net. */
export interface SaleShare {
  sellerId: string;
  cents?: number;
  percent?: number;
}

interface LedgerPayment {
  id: string;
  sellerId: string | null;
  amountCents: number;
  currency: string;
  shareSellerId: string | null;
  shareCents: number | null;
  sharePercent: number | null;
}

/** How a sale's gross divides, in whole cents: fee + sellerNet + shareNet = gross, always. */
export interface SaleSplit {
  feeCents: number;
  sellerNetCents: number;
  shareNetCents: number;
}

/**
 * Splits a gross: the platform's fee first (platformFeeCents), then the second creator's share out
 * of what is left (fixed cents, or a percentage of it rounded down), never more than that; the
 * seller keeps the remainder. Each part is computed from the one before, so no cent is created or
 * lost by rounding.
 */
export function splitSale(
  grossCents: number,
  sellerId: string | null,
  share?: Omit<SaleShare, "sellerId">,
  feePercent = env().PLATFORM_FEE_PERCENT,
): SaleSplit {
  const feeCents = platformFeeCents(grossCents, sellerId, feePercent);
  const afterFee = grossCents - feeCents;
  const wanted = share?.cents ?? (share?.percent === undefined ? 0 : Math.floor((afterFee * share.percent) / 100));
  const shareNetCents = Math.max(0, Math.min(afterFee, wanted));
  return { feeCents, sellerNetCents: afterFee - shareNetCents, shareNetCents };
}

/**
 * The SALE entry of a payment that just became PAID, in the transaction that made it so, and the
 * SHARE entry of its second creator when it has one (gross = that creator's part, no fee). The
 * unique (paymentId, type) makes a second one of either impossible, whatever races.
 */
export async function recordSale(tx: Tx, p: LedgerPayment): Promise<void> {
  const share = p.shareSellerId ? { cents: p.shareCents ?? undefined, percent: p.sharePercent ?? undefined } : undefined;
  const split = splitSale(p.amountCents, p.sellerId, share);
  await tx.ledgerEntry.create({
    data: {
      paymentId: p.id,
      type: "SALE",
      sellerId: p.sellerId,
      grossCents: p.amountCents,
      feeCents: split.feeCents,
      netCents: split.sellerNetCents,
      currency: p.currency,
    },
  });
  if (p.shareSellerId && split.shareNetCents > 0) {
    await tx.ledgerEntry.create({
      data: {
        paymentId: p.id,
        type: "SHARE",
        sellerId: p.shareSellerId,
        grossCents: split.shareNetCents,
        feeCents: 0,
        netCents: split.shareNetCents,
        currency: p.currency,
      },
    });
  }
}

/** The REFUND (and SHARE_REFUND) entries of a refunded payment: the SALE (and SHARE) entry's amounts, negative. */
export async function recordRefund(tx: Tx, paymentId: string): Promise<void> {
  const entries = await tx.ledgerEntry.findMany({ where: { paymentId, type: { in: ["SALE", "SHARE"] } } });
  for (const entry of entries) {
    await tx.ledgerEntry.create({
      data: {
        paymentId,
        type: entry.type === "SALE" ? "REFUND" : "SHARE_REFUND",
        sellerId: entry.sellerId,
        grossCents: -entry.grossCents,
        feeCents: -entry.feeCents,
        netCents: -entry.netCents,
        currency: entry.currency,
      },
    });
  }
}
