import type { Prisma } from "@/generated/prisma/client";
import { env } from "@/server/env";

type Tx = Prisma.TransactionClient;

/** The platform's part of a sale: PLATFORM_FEE_PERCENT of it, rounded to the cent; all of it when the platform sells. */
export function platformFeeCents(grossCents: number, sellerId: string | null, percent = env().PLATFORM_FEE_PERCENT): number {
  if (sellerId === null) return grossCents;
  return Math.round((grossCents * percent) / 100);
}

/**
 * The lowest price of a vod of a content acquired under a PAY_PER_VIEW license: the licensed price
 * plus the platform's fee on it (platformFeeCents), 2,00 + 0,20 at 10 %. Every sale from there on
 * pays the licensor the licensed price in full and leaves its seller nothing below zero (splitSale
 * takes the platform's fee out of what the licensed price leaves).
 */
export function minimumGrossCents(licensedCents: number, feePercent = env().PLATFORM_FEE_PERCENT): number {
  if (licensedCents <= 0) return 0;
  return licensedCents + platformFeeCents(licensedCents, "", feePercent);
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

/**
 * How a sale's gross divides, in whole cents: fee + sellerNet + shareNet = gross, always. sellerNet
 * is below zero only when a fixed share exceeds the gross: the seller owes the rest.
 */
export interface SaleSplit {
  feeCents: number;
  sellerNetCents: number;
  shareNetCents: number;
}

/**
 * Splits a gross. A fixed share (a PAY_PER_VIEW license's price) is the licensor's in full,
 * whatever the seller charged, and the platform's fee (platformFeeCents) is taken from what it
 * leaves: at the lowest allowed price (minimumGrossCents) the fee on the licensed price, the seller
 * nothing; a gross below the licensed price (a vod priced below its floor before there was one)
 * leaves no fee and the seller, who set the price, owes the difference. Otherwise the fee first,
 * then a percentage share (REVENUE_SHARING) of what it leaves, rounded down. The seller keeps the
 * remainder; each part is computed from the one before, so no cent is created or lost by rounding.
 */
export function splitSale(
  grossCents: number,
  sellerId: string | null,
  share?: Omit<SaleShare, "sellerId">,
  feePercent = env().PLATFORM_FEE_PERCENT,
): SaleSplit {
  const fee = platformFeeCents(grossCents, sellerId, feePercent);
  if (share?.cents !== undefined) {
    const shareNetCents = Math.max(0, share.cents);
    const feeCents = Math.min(fee, Math.max(0, grossCents - shareNetCents));
    return { feeCents, sellerNetCents: grossCents - feeCents - shareNetCents, shareNetCents };
  }
  const afterFee = grossCents - fee;
  const shareNetCents = share?.percent !== undefined ? Math.max(0, Math.min(afterFee, Math.floor((afterFee * share.percent) / 100))) : 0;
  return { feeCents: fee, sellerNetCents: afterFee - shareNetCents, shareNetCents };
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
