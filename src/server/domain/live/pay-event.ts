import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { beginPayment } from "@/server/payments/begin-payment";
import { paymentRequestInput, type PaymentInitiation } from "@/server/payments/payment-request";
import { loadAudienceEvent, type LiveEventView } from "./event-view";
import { replayUntil } from "./live-ticket";

export const payEventInput = paymentRequestInput.extend({ eventId: z.string() });

// POST /api/live/event/{eventId}/pay and /api/public/live/event/{eventId}/pay - opens the payment
// of a ticket to a pay-per-view event (its pricePerView, sold by the channel's owner): the buyer
// pays at `url`, comes back with the trackingId and plays the event or its channel with
// {trackingId}. A signed-in buyer's ticket is also theirs without it. 404 as for play; 400 for a
// free event, for its own owner (who plays without paying), and for an event over without a
// recording or whose replay days have passed (nothing left to watch).
export async function payEvent(ctx: Ctx, input: z.output<typeof payEventInput>): Promise<PaymentInitiation & { resource: LiveEventView }> {
  const viewerId = optionalUserId(ctx);
  const event = await loadAudienceEvent(ctx.db, viewerId, input.eventId, ctx.baseUrl);
  const resource = event.view;
  if (resource.paymentMode !== "PAY_PER_VIEW" || !resource.pricePerViewCents)
    throw new DomainError("BAD_REQUEST", "error.liveEventNotForSale");
  if (event.ownerId === viewerId) throw new DomainError("BAD_REQUEST", "error.liveEventOwn");
  const now = Date.now();
  if (resource.endsAt.getTime() <= now && (!resource.recordingBoxItemId || replayUntil(resource.endsAt).getTime() <= now))
    throw new DomainError("BAD_REQUEST", "error.liveEventOver");
  const started = await beginPayment(
    ctx,
    {
      kind: "LIVE_EVENT",
      itemId: resource.eventId,
      title: resource.name,
      sellerId: event.ownerId,
      amountCents: resource.pricePerViewCents,
    },
    input,
  );
  return { ...started, resource };
}
