import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { channelColumns, streamPathTaken } from "./channel-columns";
import { channelFields } from "./channel-fields";
import { loadOwnChannel, type LiveChannelView } from "./channel-view";

export const updateChannelInput = channelFields.safeExtend({ channelId: z.string() });

// POST /api/live/channel/{channelId} - the same fields as create. Clients post back the object they
// read: an absent description, thumbnailId or tags clears it. A new streamPath applies to the next
// publish (an encoder already publishing keeps its session until it stops).
export async function updateChannel(ctx: Ctx, input: z.output<typeof updateChannelInput>): Promise<LiveChannelView> {
  const ownerId = requireUserId(ctx);
  const current = await loadOwnChannel(ctx.db, ownerId, input.channelId);
  await ctx.db.liveChannel
    .update({ where: { id: current.view.channelId }, data: await channelColumns(ctx.db, ownerId, input, current.view.channelId) })
    .catch(streamPathTaken);
  return (await loadOwnChannel(ctx.db, ownerId, current.view.channelId, ctx.baseUrl)).view;
}
