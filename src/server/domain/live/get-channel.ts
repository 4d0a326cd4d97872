import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId, requireUserId } from "@/server/core/context";
import { loadAudienceChannel, loadOwnChannel, type LiveChannelView } from "./channel-view";

export const getChannelInput = z.object({ channelId: z.string() });

// GET /api/live/channel/{channelId} - one of the caller's channels (404 for another user's).
export async function getChannel(ctx: Ctx, input: z.output<typeof getChannelInput>): Promise<LiveChannelView> {
  return (await loadOwnChannel(ctx.db, requireUserId(ctx), input.channelId, ctx.baseUrl)).view;
}

// GET /api/public/live/channel/{channelId} - any channel of an active creator, with its publisher
// (one that is not public only stays out of the public searches).
export async function getPublicChannel(ctx: Ctx, input: z.output<typeof getChannelInput>): Promise<LiveChannelView> {
  return (await loadAudienceChannel(ctx.db, optionalUserId(ctx), input.channelId, ctx.baseUrl)).view;
}
