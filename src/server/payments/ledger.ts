import type { Prisma } from "@/generated/prisma/client";
import { env } from "@/server/env";

type Tx = Prisma.TransactionClient;

/** The platform's part of a sale: PLATFORM_FEE_PERCENT of it, rounded to the cent; all of it when the platform sells. */
export function platformFeeCents(grossCents: number, sellerId: string | null, percent = env().PLATFORM_FEE_PERCENT): number {
  if (sellerId === null) return grossCents;
  return Math.round((grossCents * percent) / 100);
}

/**
 * The lowest gross of a creator's sale whose part after the platform's fee (platformFeeCents) is
 * at least `netCents`: the lowest price of a vod of a content acquired under a PAY_PER_VIEW license,
 * the one whose every sale pays the licensor the licensed price and leaves its seller nothing below
 * zero. Infinity when no gross does (a fee of 100 %).
 */
export function minimumGrossCents(netCents: number, feePercent = env().PLATFORM_FEE_PERCENT): number {
  if (netCents <= 0) return 0;
  if (feePercent >= 100) return Number.POSITIVE_INFINITY;
  const afterFee = (gross: number) => gross - Math.round((gross * feePercent) / 100);
  // one cent more of gross leaves 0 or 1 cent more after the fee (a rounded percentage below 100),
  // so the first gross that covers it, counting up from a bound below the answer (a fee rounds at
  // most half a cent down), is the lowest
  let gross = Math.max(netCents, Math.floor(((netCents - 0.5) * 100) / (100 - feePercent)));
  while (afterFee(gross) < netCents) gross++;
  return gross;
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
 * is below zero only when a fixed share exceeds what the fee leaves: the seller owes the rest.
 */
export interface SaleSplit {
  feeCents: number;
  sellerNetCents: number;
  shareNetCents: number;
}

/**
 * Splits a gross: the platform's fee first (platformFeeCents), then the second creator's share:
 * fixed cents (a PAY_PER_VIEW license's price) are the licensor's in full, whatever the seller
 * charged; a percentage (REVENUE_SHARING) is of what the fee leaves, rounded down. The seller keeps
 * the remainder: below zero, a debt, when its price left less than a fixed share (a vod priced
 * below its floor, minimumGrossCents, before there was one: the seller set the price, so it pays
 * the difference, not the licensor, and the platform keeps its fee of the gross). Each part is
 * computed from the one before, so no cent is created or lost by rounding.
 */
export function splitSale(
  grossCents: number,
  sellerId: string | null,
  share?: Omit<SaleShare, "sellerId">,
  feePercent = env().PLATFORM_FEE_PERCENT,
): SaleSplit {
  const feeCents = platformFeeCents(grossCents, sellerId, feePercent);
  const afterFee = grossCents - feeCents;
  const shareNetCents =
    share?.cents !== undefined
      ? Math.max(0, share.cents)
      : share?.percent !== undefined
        ? Math.max(0, Math.min(afterFee, Math.floor((afterFee * share.percent) / 100)))
        : 0;
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
