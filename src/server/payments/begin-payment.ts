import type { PaymentKind } from "@/generated/prisma/enums";
import type { Ctx } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { env } from "@/server/env";
import { enqueueJob } from "@/server/jobs/queue";
import type { SaleShare } from "./ledger";
import type { PaymentInitiation, PaymentRequest } from "./payment-request";
import { currentProvider } from "./provider";
import { assertReturnUrlsAllowed } from "./return-urls";
import { countPayment } from "./settle-payment";
import { newTrackingId, withTrackingId } from "./tracking-id";
import { logger } from "@/server/log/logger.mjs";

/** A pending payment is given up (EXPIRED) this long after it was opened. */
export const PAYMENT_PENDING_MS = 24 * 3600_000;

/** What is being sold: each selling context (licenses, vod, bundles, marketplace, live) describes its item so. */
export interface PaymentItem {
  kind: PaymentKind;
  /** The item's id as that context names it (license id, vodId, ...). */
  itemId: string;
  title: string;
  /** The creator paid for it; null when the platform sells (license plans). */
  sellerId: string | null;
  amountCents: number;
  /** License periods bought at once (advanceMonthlyPayments); 1 otherwise. */
  periods?: number;
  /** A second creator's part of the sale (the licensor of an acquired content), credited in the ledger beside the seller. */
  share?: SaleShare;
}

/**
 * Opens a payment of `item` for the caller (a user, or a public-token client: then the trackingId
 * alone proves the purchase): a PENDING row with a fresh trackingId and its expiry job, written
 * before the provider is asked, so nothing the provider confirms can be lost; then the provider's
 * page. The buyer comes back to returnUrl (cancelUrl when not paid) with trackingId=<id> added; both
 * must lead to our own origins or the calling client's registered ones (return-urls.ts), else 400.
 */
export async function beginPayment(ctx: Ctx, item: PaymentItem, request: PaymentRequest): Promise<PaymentInitiation> {
  if (!Number.isInteger(item.amountCents) || item.amountCents <= 0) throw new DomainError("BAD_REQUEST", "error.nothingToPay");
  await assertReturnUrlsAllowed(ctx, request);
  const provider = await currentProvider();
  const baseUrl = ctx.baseUrl ?? env().publicUrl;
  const now = new Date();
  const trackingId = newTrackingId();
  const expiresAt = new Date(now.getTime() + PAYMENT_PENDING_MS);
  const checkoutPage = `${baseUrl}/checkout/${trackingId}`;
  const buyer =
    ctx.actor.kind === "user"
      ? { buyerId: ctx.actor.userId, buyerClientId: ctx.actor.clientId }
      : { buyerId: null, buyerClientId: ctx.actor.kind === "client" ? ctx.actor.clientId : null };

  const payment = await ctx.db.$transaction(async (tx) => {
    const row = await tx.payment.create({
      data: {
        trackingId,
        ...buyer,
        sellerId: item.sellerId,
        kind: item.kind,
        itemId: item.itemId,
        title: item.title,
        amountCents: item.amountCents,
        currency: env().CURRENCY,
        periods: item.periods ?? 1,
        shareSellerId: item.share?.sellerId ?? null,
        shareCents: item.share?.cents ?? null,
        sharePercent: item.share?.percent ?? null,
        provider: provider.name,
        returnUrl: request.returnUrl,
        cancelUrl: request.cancelUrl,
        embedded: request.embedded,
        mobile: request.mobile,
        expiresAt,
      },
      select: { id: true, buyer: { select: { email: true } } },
    });
    await enqueueJob(tx, "payments.expire", { trackingId }, { runAt: expiresAt });
    return row;
  });

  let opened: { url: string; providerRef?: string };
  try {
    opened = await provider.begin({
      trackingId,
      title: item.title,
      amountCents: item.amountCents,
      currency: env().CURRENCY,
      successUrl: withTrackingId(request.returnUrl ?? checkoutPage, trackingId),
      cancelUrl: withTrackingId(request.cancelUrl ?? checkoutPage, trackingId),
      expiresAt,
      baseUrl,
      buyerEmail: payment.buyer?.email,
    });
  } catch (err) {
    logger().error({ err }, `payments: ${provider.name} refused to open a payment`);
    await ctx.db.payment.update({ where: { id: payment.id }, data: { status: "FAILED", settledAt: new Date() } });
    countPayment(provider.name, "provider_error");
    throw new DomainError("UNAVAILABLE", "error.paymentProviderUnreachable");
  }
  if (opened.providerRef) await ctx.db.payment.update({ where: { id: payment.id }, data: { providerRef: opened.providerRef } });
  countPayment(provider.name, "started");
  return { trackingId, url: opened.url, embedded: request.embedded, mobile: request.mobile };
}
