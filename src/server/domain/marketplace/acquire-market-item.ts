import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { boxItemSelect, toBoxItemView, type BoxItemView } from "@/server/domain/box/box-item-view";
import type { MessageId } from "@/server/i18n/messages";
import { completePayment, findPurchase } from "@/server/payments/complete-payment";
import { normalizeTrackingId } from "@/server/payments/tracking-id";
import { isLicenseEnded } from "./acquired-license";
import { grantLicense, type Grantable } from "./grant-license";
import { loadVisibleMarketItem, type LoadedMarketItem, type MarketItemView } from "./market-item-view";

export const acquireMarketItemInput = z.object({
  marketplaceId: z.string(),
  /** The payment-check parameter (supplement §1): the trackingId `pay` returned; ignored for listings acquired without paying. */
  trackingId: z.preprocess((v) => (typeof v === "string" && v.length <= 200 ? v : undefined), z.string().optional()),
});

export type AcquireResult =
  | { result: "FULFILLED"; marketplaceContent: MarketItemView; boxContent: BoxItemView }
  | { result: "PAYMENT_REQUIRED"; messageId: MessageId; marketplaceContent: MarketItemView };

/** A listing the caller may acquire or pay for: visible (404 otherwise), not their own (400). */
export async function reachForAcquire(ctx: Ctx, buyerId: string, marketplaceId: string): Promise<LoadedMarketItem> {
  const item = await loadVisibleMarketItem(ctx.db, buyerId, marketplaceId, ctx.baseUrl);
  if (item.sellerId === buyerId) throw new DomainError("BAD_REQUEST", "error.marketOwnContent");
  return item;
}

/** The caller's license of a listing while it runs (the box item it shows may have been deleted since). */
export async function heldLicense(ctx: Ctx, marketplaceId: string, acquirerId: string) {
  const license = await ctx.db.acquiredLicense.findUnique({
    where: { marketplaceItemId_acquirerId: { marketplaceItemId: marketplaceId, acquirerId } },
    select: { id: true, expiresAt: true, licenseType: true },
  });
  return license && !isLicenseEnded(license.expiresAt) ? license : undefined;
}

const grantableOf = (item: LoadedMarketItem): Grantable => ({
  marketplaceId: item.view.marketplaceId,
  sellerId: item.sellerId,
  boxId: item.view.boxId,
  conditions: item.view.conditions,
});

// POST /api/marketplace/{marketplaceId}/acquire - the transaction step of the 3-step flow: the
// caller acquires a license of the listing and finds the content in their box (boxContent, source
// MARKETPLACE, with its marketplaceLicense). FREE, CREATIVE_COMMONS, PAY_PER_VIEW and
// REVENUE_SHARING are fulfilled at once (the last two are settled on use: every paid view of the
// acquirer's vods credits the seller, acquired-use.ts). SPOT_PRICE answers PAYMENT_REQUIRED until
// the caller presents the paid trackingId of `pay` (completed once by the payments core: a replay
// answers the same box item, another item's or another user's trackingId does not count) or, without
// one, holds a paid purchase not yet completed. A license still running is kept: acquiring again
// gives the same box item (re-created if the acquirer deleted it). One's own listing: 400.
export async function acquireMarketItem(ctx: Ctx, input: z.output<typeof acquireMarketItemInput>): Promise<AcquireResult> {
  const buyerId = requireUserId(ctx);
  const item = await reachForAcquire(ctx, buyerId, input.marketplaceId);
  const marketplaceContent = item.view;
  const grantable = grantableOf(item);
  const fulfil = async (grant: (tx: Prisma.TransactionClient) => Promise<string>) => {
    const boxId = await ctx.db.$transaction(grant).catch((err: unknown) => {
      // the seller deleted the content meanwhile: its files take no new box item (kinora_media_ref)
      if ((err as { code?: string }).code === "P2003" || /stored media .* is gone/.test(String(err)))
        throw notFound("error.marketItemNotFound");
      throw err;
    });
    return fulfilled(ctx, marketplaceContent, boxId);
  };

  if (marketplaceContent.conditions.licenseType !== "SPOT_PRICE" || (await heldLicense(ctx, marketplaceContent.marketplaceId, buyerId)))
    return fulfil((tx) => grantLicense(tx, grantable, buyerId));

  const trackingId =
    normalizeTrackingId(input.trackingId) ??
    (await findPurchase(ctx, { kind: "MARKETPLACE", itemId: marketplaceContent.marketplaceId }))?.trackingId;
  if (trackingId) {
    const completion = await completePayment(
      ctx,
      { trackingId, kind: "MARKETPLACE", itemId: marketplaceContent.marketplaceId },
      async (tx, payment) => void (await grantLicense(tx, grantable, buyerId, payment.id)),
    );
    // first time: granted now; a replay: granted before, and answered alike while the license runs
    if (completion.ok && (await heldLicense(ctx, marketplaceContent.marketplaceId, buyerId)))
      return fulfil((tx) => grantLicense(tx, grantable, buyerId));
  }
  return { result: "PAYMENT_REQUIRED", messageId: "market.paymentRequired", marketplaceContent };
}

async function fulfilled(ctx: Ctx, marketplaceContent: MarketItemView, boxId: string): Promise<AcquireResult> {
  const row = await ctx.db.boxItem.findUniqueOrThrow({ where: { id: boxId }, select: boxItemSelect });
  return { result: "FULFILLED", marketplaceContent, boxContent: toBoxItemView(row, ctx.baseUrl) };
}
