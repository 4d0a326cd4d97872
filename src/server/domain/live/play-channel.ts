import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId, requireUserId } from "@/server/core/context";
import type { PlayGranted } from "@/server/domain/playback/sign-playback";
import { loadAudienceChannel, loadOwnChannel, type LiveChannelView } from "./channel-view";
import { eventSelect, toEventView, type LiveEventView } from "./event-view";
import { playLoadedEvent, trackingIdParam, type EventPlayResult } from "./play-event";
import { signLive } from "./live-sources";
import { playOriginInput } from "@/server/domain/analytics/play-grant";

export const playChannelInput = z.object({ channelId: z.string(), trackingId: trackingIdParam, origin: playOriginInput });
export const testChannelInput = z.object({ channelId: z.string() });

/** Nothing on air: the channel as resource, and its next event when one is scheduled (a product decision: the document is silent). */
export interface ChannelNotOnAir {
  result: "NOT_ON_AIR";
  messageId: "live.notOnAir";
  resource: LiveChannelView;
  nextEvent?: LiveEventView;
}

export type ChannelPlayResult = EventPlayResult | ChannelNotOnAir;

// POST /api/live/channel/{channelId}/play and /api/public/live/channel/{channelId}/play - the
// channel's event on air now (its window holds now), played as the event play plays it (resource
// the event; {trackingId} of a ticket of that event). With none on air: NOT_ON_AIR, the channel as
// resource and the next event. 404 for a channel the caller cannot reach.
export async function playChannel(ctx: Ctx, input: z.output<typeof playChannelInput>, now = new Date()): Promise<ChannelPlayResult> {
  const channel = await loadAudienceChannel(ctx.db, optionalUserId(ctx), input.channelId, ctx.baseUrl);
  const [onAir, next] = await Promise.all([
    ctx.db.liveEvent.findFirst({
      where: { channelId: channel.view.channelId, startsAt: { lte: now }, endsAt: { gt: now } },
      select: eventSelect,
    }),
    ctx.db.liveEvent.findFirst({
      where: { channelId: channel.view.channelId, startsAt: { gt: now } },
      orderBy: { startsAt: "asc" },
      select: eventSelect,
    }),
  ]);
  if (!onAir)
    return {
      result: "NOT_ON_AIR",
      messageId: "live.notOnAir",
      resource: channel.view,
      nextEvent: next ? toEventView(next, ctx.baseUrl, now) : undefined,
    };
  return playLoadedEvent(
    ctx,
    { ownerId: channel.ownerId, view: toEventView(onAir, ctx.baseUrl, now) },
    input.trackingId,
    input.origin,
    now,
  );
}

// POST /api/live/channel/{channelId}/test - the owner checks an encoder without an event: the
// channel's live sources, resource the channel (404 for another user's channel).
export async function testChannel(
  ctx: Ctx,
  input: z.output<typeof testChannelInput>,
): Promise<PlayGranted & { resource: LiveChannelView }> {
  const channel = await loadOwnChannel(ctx.db, requireUserId(ctx), input.channelId, ctx.baseUrl);
  return { ...signLive(ctx, { ownerId: channel.ownerId, channelId: channel.view.channelId }), resource: channel.view };
}
