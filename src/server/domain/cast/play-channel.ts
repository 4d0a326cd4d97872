import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId, requireUserId } from "@/server/core/context";
import { bandLimitRefusal } from "@/server/domain/playback/band-limit";
import { signPlayback, type PlayGranted, type PlayOutcome } from "@/server/domain/playback/sign-playback";
import { signLive } from "@/server/domain/live/live-sources";
import { playOriginInput, withPlaySession } from "@/server/domain/analytics/play-grant";
import { loadAudienceCastChannelOf, loadOwnCastChannel, loadOwnCastStream, type CastChannelView, type CastStreamView } from "./cast-views";

export const playCastChannelInput = z.object({ channelId: z.string(), origin: playOriginInput });
export const testCastChannelInput = z.object({ channelId: z.string() });
export const testCastStreamInput = z.object({ streamId: z.string() });

export type CastChannelPlayResult = PlayOutcome & {
  resource: CastChannelView;
  /** The caller owns the channel (REST shows the owner the private view; not in the document's shape). */
  own: boolean;
  /** The play session of a PLAY (analytics/play-grant.ts; not in the document's shape). */
  playSession?: string;
};

/**
 * The signed sources of a cast channel's output: `<cast tree base>master.m3u8`, rendered per request
 * from the schedule and the clock (src/server/media/cast/serve). The channel is its own media home
 * and its owner's band pays, acquired contents included: the segments of every source are signed for
 * the channel's owner as band owner.
 */
export function signCast(ctx: Ctx, channel: { ownerId: string; channelId: string }): PlayGranted {
  return signPlayback({ ownerId: channel.ownerId, boxId: channel.channelId, bandOwnerId: channel.ownerId }, "cast", {
    baseUrl: ctx.baseUrl,
  });
}

// POST /api/cast/channel/{channelId}/play and /api/public/cast/channel/{channelId}/play - the
// channel's output as it airs (every viewer sees the same program at the same moment), resource the
// channel. Always PLAY: empty time plays the slate. Anyone but the owner gets BAND_LIMIT_EXCEEDED when
// the owner's band is used up. 404 for a channel the caller cannot reach (deleted, unknown, or of
// a creator who is no longer active).
export async function playCastChannel(
  ctx: Ctx,
  input: z.output<typeof playCastChannelInput>,
  now = new Date(),
): Promise<CastChannelPlayResult> {
  const viewerId = optionalUserId(ctx);
  const { ownerId, view } = await loadAudienceCastChannelOf(ctx.db, viewerId, input.channelId, ctx.baseUrl);
  const own = ownerId === viewerId;
  if (!own) {
    const band = await bandLimitRefusal(ctx.db, ownerId, now);
    if (band) return { ...band, resource: view, own };
  }
  const granted = withPlaySession(
    ctx,
    signCast(ctx, { ownerId, channelId: view.channelId }),
    { kind: "cast", itemId: view.channelId, ownerId },
    input.origin,
  );
  return { ...granted, resource: view, own };
}

// POST /api/cast/channel/{channelId}/test - the owner's preview of the channel's output (never
// refused for band, as the owner's box play), resource the channel; 404 for another user's.
export async function testCastChannel(
  ctx: Ctx,
  input: z.output<typeof testCastChannelInput>,
): Promise<PlayGranted & { resource: CastChannelView }> {
  const ownerId = requireUserId(ctx);
  const resource = await loadOwnCastChannel(ctx.db, ownerId, input.channelId, ctx.baseUrl);
  return { ...signCast(ctx, { ownerId, channelId: resource.channelId }), resource };
}

// POST /api/cast/stream/{streamId}/test - the owner checks an encoder publishing to the stream: the
// stream's live HLS as the ingest writes it (live/<ownerId>/<streamId>/), resource the stream. Before
// a publisher arrives the playlist answers 404 and players retry, as a live channel's test.
export async function testCastStream(
  ctx: Ctx,
  input: z.output<typeof testCastStreamInput>,
): Promise<PlayGranted & { resource: CastStreamView }> {
  const ownerId = requireUserId(ctx);
  const resource = await loadOwnCastStream(ctx.db, ownerId, input.streamId, ctx.baseUrl);
  return { ...signLive(ctx, { ownerId, channelId: resource.streamId }), resource };
}
