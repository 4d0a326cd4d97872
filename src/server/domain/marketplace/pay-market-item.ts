import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { beginPayment } from "@/server/payments/begin-payment";
import { paymentRequestInput, type PaymentInitiation } from "@/server/payments/payment-request";
import { heldLicense, reachForAcquire } from "./acquire-market-item";
import type { MarketItemView } from "./market-item-view";

export const payMarketItemInput = paymentRequestInput.extend({ marketplaceId: z.string() });

// POST /api/marketplace/{marketplaceId}/pay - opens the payment of a SPOT_PRICE license (its
// activationPrice, sold by the seller): the buyer pays at `url`, comes back with the trackingId and
// acquires with {trackingId}. 404 as for acquire; 400 for a listing of another type (acquired
// without paying), for one's own, and for a license the caller already holds, still running.
export async function payMarketItem(
  ctx: Ctx,
  input: z.output<typeof payMarketItemInput>,
): Promise<PaymentInitiation & { resource: MarketItemView }> {
  const buyerId = requireUserId(ctx);
  const item = await reachForAcquire(ctx, buyerId, input.marketplaceId);
  const resource = item.view;
  if (resource.conditions.licenseType !== "SPOT_PRICE" || !resource.conditions.activationPriceCents)
    throw new DomainError("BAD_REQUEST", "error.marketNotForSale");
  if (await heldLicense(ctx, resource.marketplaceId, buyerId)) throw new DomainError("BAD_REQUEST", "error.marketAlreadyAcquired");
  const started = await beginPayment(
    ctx,
    {
      kind: "MARKETPLACE",
      itemId: resource.marketplaceId,
      title: resource.title,
      sellerId: item.sellerId,
      amountCents: resource.conditions.activationPriceCents,
    },
    input,
  );
  return { ...started, resource };
}
