import type { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { channelColumns, streamPathTaken } from "./channel-columns";
import { channelFields } from "./channel-fields";
import { loadOwnChannel, type LiveChannelView } from "./channel-view";

export const createChannelInput = channelFields;

// POST /api/live/channel - a new live channel of the caller's: 201 with it. Its streamPath (from
// the stream path operation, or the caller's own) must be free: 400 on it otherwise.
export async function createChannel(ctx: Ctx, input: z.output<typeof createChannelInput>): Promise<LiveChannelView> {
  const ownerId = requireUserId(ctx);
  const created = await ctx.db.liveChannel
    .create({ data: { ownerId, ...(await channelColumns(ctx.db, ownerId, input)) }, select: { id: true } })
    .catch(streamPathTaken);
  return (await loadOwnChannel(ctx.db, ownerId, created.id, ctx.baseUrl)).view;
}
