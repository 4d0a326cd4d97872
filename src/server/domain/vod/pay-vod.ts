import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { beginPayment } from "@/server/payments/begin-payment";
import { paymentRequestInput, type PaymentInitiation } from "@/server/payments/payment-request";
import { licenseShareOf } from "@/server/domain/marketplace/acquired-use";
import { loadViewableVod, type VodItemView } from "./vod-item-view";

export const payVodInput = paymentRequestInput.extend({ vodId: z.string() });

// POST /api/vod/{vodId}/pay and /api/public/vod/{vodId}/pay - opens the payment of one
// pay-per-view access to a vod (its pricePerView, sold by its publisher): the buyer pays at `url`,
// comes back with the trackingId and plays with {trackingId}. A signed-in buyer's purchase is also
// theirs without it. 404 as for play; 400 for a vod that is not pay-per-view and for its own owner,
// who plays without paying; 409 for a vod of an acquired content priced below its license's floor
// (marketplace/acquired-use.ts licenseShareOf).
export async function payVod(ctx: Ctx, input: z.output<typeof payVodInput>): Promise<PaymentInitiation & { resource: VodItemView }> {
  const viewerId = optionalUserId(ctx);
  const vod = await loadViewableVod(ctx, viewerId, input.vodId, ctx.baseUrl);
  const resource = vod.view;
  if (resource.licenseType !== "PAY_PER_VIEW" || !resource.pricePerViewCents) throw new DomainError("BAD_REQUEST", "error.vodNotForSale");
  if (vod.ownerId === viewerId) throw new DomainError("BAD_REQUEST", "error.vodOwnContent");
  const started = await beginPayment(
    ctx,
    {
      kind: "VOD",
      itemId: resource.vodId,
      title: resource.title,
      sellerId: vod.ownerId,
      amountCents: resource.pricePerViewCents,
      // a content acquired on the marketplace under PAY_PER_VIEW or REVENUE_SHARING: its seller's part
      // (409 for a PAY_PER_VIEW license's vod priced below the licensed price plus the fee)
      share: await licenseShareOf(ctx.db, resource.boxId, resource.pricePerViewCents),
    },
    input,
  );
  return { ...started, resource };
}
