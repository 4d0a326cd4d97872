import type { Ctx } from "@/server/domain/context";
import { signPlayback, type PlayGranted } from "@/server/domain/playback/sign-playback";

/**
 * The signed play sources of a live channel: `<live tree base>master.m3u8` (the contract with the
 * ingest: it writes live/<ownerId>/<channelId>/ while the channel publishes). Before the stream
 * arrives the playlist answers 404 and players retry; its bytes are the owner's band.
 */
export function signLive(ctx: Ctx, channel: { ownerId: string; channelId: string }): PlayGranted {
  return signPlayback({ ownerId: channel.ownerId, boxId: channel.channelId, bandOwnerId: channel.ownerId }, "live", {
    baseUrl: ctx.baseUrl,
  });
}
