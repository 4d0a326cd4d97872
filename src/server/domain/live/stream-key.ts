import type { Ctx } from "@/server/core/context";
import type { z } from "zod";
import { hashLivePassword } from "@/server/media/live/live-password";
import { newLivePassword, sealLivePassword, unsealLivePassword } from "@/server/media/live/live-password-seal";
import { ownedChannel, type goLiveInput } from "./go-live";

// The whole OBS stream key of a live channel, `<streamPath>?user=<userCode>&password=<live password>`,
// for its owner only (another user's channel is "not found"). The live password is the account's:
// the same key part opens every channel and cast stream of the creator.

export type StreamKey = { streamKey: string } | { streamKey?: undefined; reason: "NO_PASSWORD" | "NOT_REVEALABLE" };

const keyOf = (c: { streamPath: string; owner: { userCode: string } }, password: string) =>
  `${c.streamPath}?user=${c.owner.userCode}&password=${encodeURIComponent(password)}`;

/**
 * The channel's whole stream key; NO_PASSWORD when the owner has no live password yet,
 * NOT_REVEALABLE when it was set before passwords were kept sealed (only its hash exists: a reset
 * makes one that can be revealed).
 */
export async function revealStreamKey(ctx: Ctx, input: z.output<typeof goLiveInput>): Promise<StreamKey> {
  const channel = await ownedChannel(ctx, input.channelId);
  const sealed = channel.owner.livePasswordSealed;
  const password = sealed ? unsealLivePassword(sealed) : undefined;
  if (password) return { streamKey: keyOf(channel, password) };
  return { reason: channel.owner.livePasswordHash ? "NOT_REVEALABLE" : "NO_PASSWORD" };
}

/**
 * A new live password for the owner (the old one stops admitting publishes at once; a stream on
 * air goes on until it stops), answered as the channel's whole stream key.
 */
export async function resetStreamKey(ctx: Ctx, input: z.output<typeof goLiveInput>): Promise<{ streamKey: string }> {
  const channel = await ownedChannel(ctx, input.channelId);
  const password = newLivePassword();
  await ctx.db.user.update({
    where: { id: channel.ownerId },
    data: { livePasswordHash: await hashLivePassword(password), livePasswordSealed: sealLivePassword(password) },
  });
  return { streamKey: keyOf(channel, password) };
}
