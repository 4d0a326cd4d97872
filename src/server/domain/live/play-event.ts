import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { playableOf } from "@/server/domain/box/box-item-view";
import { bandLimitRefusal } from "@/server/domain/playback/band-limit";
import { signPlayback, type PlayGranted, type PlayOutcome } from "@/server/domain/playback/sign-playback";
import { loadAudienceEvent, type LiveEventView, type LoadedEvent } from "./event-view";
import { holdsTicket, replayUntil } from "./live-ticket";
import { signEventLive, signLive } from "./live-sources";
import { playOriginInput, withPlaySession, type PlayOrigin } from "@/server/domain/analytics/play-grant";

/** The payment-check parameter (supplement §1); anything that cannot be a trackingId is ignored, as players attach it everywhere. */
export const trackingIdParam = z.preprocess((v) => (typeof v === "string" && v.length <= 200 ? v : undefined), z.string().optional());

export const playEventInput = z.object({ eventId: z.string(), trackingId: trackingIdParam, origin: playOriginInput });

export type EventPlayResult = PlayOutcome & {
  resource: LiveEventView;
  /** What PLAY plays: the live stream, or the recording of an event that is over. */
  mode?: "LIVE" | "REPLAY";
  /** A ticket holder's play: until when it lets them watch (not in the document's shape). */
  accessUntil?: Date;
  /** The play session of a PLAY (analytics/play-grant.ts; not in the document's shape). */
  playSession?: string;
};

/** The box item an event's recording became, when it is READY: the replay's media home. */
async function readyRecording(ctx: Ctx, event: LoadedEvent) {
  const boxId = event.view.recordingBoxItemId;
  if (!boxId) return undefined;
  const row = await ctx.db.boxItem.findFirst({
    where: { id: boxId, ownerId: event.ownerId, status: "READY" },
    select: { id: true, ownerId: true, media: { select: { id: true, ownerId: true } } },
  });
  return row ? playableOf(row) : undefined;
}

/**
 * The play of an event the caller reaches (event play, and channel play once it found the event
 * on air), resource the event:
 * - before and during the window: the channel's live sources for this event's window only
 *   (live-sources.ts signEventLive; PLAY even before the stream arrives: the playlist starts
 *   answering when it does, and players retry);
 * - after the end: the recording's HLS (as box and vod play sign it) when the event was recorded
 *   into a READY box item; without one, NOT_ON_AIR;
 * - its owner always plays (the channel's live sources once over without a replay);
 * - anyone else: BAND_LIMIT_EXCEEDED when the owner's band is used up; FREE plays; PAY_PER_VIEW
 *   answers PAYMENT_REQUIRED until the caller holds a ticket (live-ticket.ts), which plays live
 *   and the replay until REPLAY_ACCESS_DAYS after the end; past that, NOT_ON_AIR.
 */
export async function playLoadedEvent(
  ctx: Ctx,
  event: LoadedEvent,
  trackingId: string | undefined,
  origin: PlayOrigin,
  now = new Date(),
): Promise<EventPlayResult> {
  const resource = event.view;
  const over = now.getTime() >= resource.endsAt.getTime();
  const replay = over ? await readyRecording(ctx, event) : undefined;
  const channel = { ownerId: event.ownerId, channelId: resource.channel.channelId };
  const grant = async () =>
    withPlaySession(ctx, await sources(), { kind: "live", itemId: resource.eventId, ownerId: event.ownerId }, origin);
  const sources = async (): Promise<PlayGranted & { mode: "LIVE" | "REPLAY" }> => {
    if (replay) return { ...signPlayback({ ...replay, bandOwnerId: event.ownerId }, "hls", { baseUrl: ctx.baseUrl }), mode: "REPLAY" };
    if (over) return { ...signLive(ctx, channel), mode: "LIVE" }; // the owner's, after the end
    return { ...(await signEventLive(ctx, { ...channel, startsAt: resource.startsAt, endsAt: resource.endsAt })), mode: "LIVE" };
  };
  if (event.ownerId === optionalUserId(ctx)) return { ...(await grant()), resource };
  if (over && !replay) return { result: "NOT_ON_AIR", messageId: "live.over", resource };
  const band = await bandLimitRefusal(ctx.db, event.ownerId, now);
  if (band) return { ...band, resource };
  if (resource.paymentMode === "FREE") return { ...(await grant()), resource };
  // one window, said the same on the ticket, the event page and the replay: live until the end, then
  // the replay (a recorded event) until REPLAY_ACCESS_DAYS after it
  const accessUntil = over || resource.recordEvent ? replayUntil(resource.endsAt) : resource.endsAt;
  if (accessUntil.getTime() <= now.getTime()) return { result: "NOT_ON_AIR", messageId: "live.over", resource };
  if (!(await holdsTicket(ctx, resource.eventId, trackingId)))
    return { result: "PAYMENT_REQUIRED", messageId: "live.paymentRequired", resource };
  return { ...(await grant()), resource, accessUntil };
}

// POST /api/live/event/{eventId}/play and /api/public/live/event/{eventId}/play - the play result
// of an event, resource the event ({trackingId} after paying a ticket); 404 for an event the
// caller cannot reach (event-view.ts loadAudienceEvent).
export async function playEvent(ctx: Ctx, input: z.output<typeof playEventInput>): Promise<EventPlayResult> {
  const event = await loadAudienceEvent(ctx.db, optionalUserId(ctx), input.eventId, ctx.baseUrl);
  return playLoadedEvent(ctx, event, input.trackingId, input.origin);
}
