import type { Ctx } from "@/server/core/context";
import { env } from "@/server/env";
import { signPlayback, type PlayGranted } from "@/server/domain/playback/sign-playback";

/**
 * How long after its end an event's URL still plays: players are a few seconds behind the encoder.
 * Never into the next event of the channel (see signEventLive).
 */
export const EVENT_END_GRACE_MS = 10_000;

/**
 * The signed play sources of a live channel: `<live tree base>master.m3u8` (the contract with the
 * ingest: it writes live/<ownerId>/<channelId>/ while the channel publishes). Before the stream
 * arrives the playlist answers 404 and players retry; its bytes are the owner's band. This grant
 * covers whatever the channel airs for the URL's lifetime: only for its owner (the channel test, the
 * owner's event list). An audience's play is one event's: signEventLive.
 */
export function signLive(ctx: Ctx, channel: { ownerId: string; channelId: string }): PlayGranted {
  return signPlayback({ ownerId: channel.ownerId, boxId: channel.channelId, bandOwnerId: channel.ownerId }, "live", {
    baseUrl: ctx.baseUrl,
  });
}

/**
 * The channel's live sources for one event only: the URL opens at the event's start and closes at
 * its end plus EVENT_END_GRACE_MS, cut at the start of the channel's next event, so neither a play
 * before the window (a free event's, a day ahead) nor a ticket for this event plays what the channel
 * airs before or after it (a pay-per-view event). Before the start the edge refuses the playlist
 * and players retry, as before the stream arrives. It closes one MEDIA_URL_TTL after it opens at the
 * latest (a player plays again for a new one).
 */
export async function signEventLive(
  ctx: Ctx,
  event: { ownerId: string; channelId: string; startsAt: Date; endsAt: Date },
): Promise<PlayGranted> {
  const next = await ctx.db.liveEvent.findFirst({
    where: { channelId: event.channelId, startsAt: { gte: event.endsAt } },
    orderBy: { startsAt: "asc" },
    select: { startsAt: true },
  });
  const graceEnd = event.endsAt.getTime() + EVENT_END_GRACE_MS;
  // at most one media URL lifetime from when it opens, as every signed URL: a takedown or a suspension
  // (domain/admin) ends what was issued before it within that time, however long the event
  const opens = Math.max(Date.now(), event.startsAt.getTime());
  const until = new Date(Math.min(next ? Math.min(graceEnd, next.startsAt.getTime()) : graceEnd, opens + env().MEDIA_URL_TTL * 1000));
  return signPlayback({ ownerId: event.ownerId, boxId: event.channelId, bandOwnerId: event.ownerId }, "live", {
    baseUrl: ctx.baseUrl,
    window: { from: event.startsAt, until },
  });
}
