import { z } from "zod";
import { warmCastSlate } from "@/server/media/cast/output/slate";
import type { Ctx } from "@/server/core/context";
import { optionalUserId, requireUserId } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { streamableColumns, streamPathTaken } from "@/server/domain/live/channel-columns";
import { normalizeUuid } from "@/server/core/uuid";
import { castScheduleChanged } from "@/server/media/cast/output/channel-schedule";
import { castChannelFields } from "./cast-fields";
import { loadAudienceCastChannel, loadOwnCastChannel, type CastChannelView } from "./cast-views";

export const createCastChannelInput = castChannelFields;
export const castChannelIdInput = z.object({ channelId: z.string() });
export const updateCastChannelInput = castChannelFields.safeExtend({ channelId: z.string() });

// POST /api/cast/channel - a new cast channel of the caller's: 201 with it. Its streamPath must be
// free among live channels, cast channels and streams: 400 on it otherwise.
export async function createCastChannel(ctx: Ctx, input: z.output<typeof createCastChannelInput>): Promise<CastChannelView> {
  const ownerId = requireUserId(ctx);
  const data = { ownerId, ...(await streamableColumns(ctx.db, ownerId, input)), locked: input.locked };
  const created = await ctx.db.castChannel.create({ data, select: { id: true } }).catch(streamPathTaken);
  warmCastSlate(); // the channel's output plays it in its empty time
  return loadOwnCastChannel(ctx.db, ownerId, created.id, ctx.baseUrl);
}

// GET /api/cast/channel/{channelId} - one of the caller's channels (404 for another user's).
export async function getCastChannel(ctx: Ctx, input: z.output<typeof castChannelIdInput>): Promise<CastChannelView> {
  return loadOwnCastChannel(ctx.db, requireUserId(ctx), input.channelId, ctx.baseUrl);
}

// GET /api/public/cast/channel/{channelId} - any channel of an active creator, with its publisher.
export async function getPublicCastChannel(ctx: Ctx, input: z.output<typeof castChannelIdInput>): Promise<CastChannelView> {
  return loadAudienceCastChannel(ctx.db, optionalUserId(ctx), input.channelId, ctx.baseUrl);
}

// POST /api/cast/channel/{channelId} - the same fields as create; clients post the whole channel
// back, which is how `locked` is set and cleared (absent: unlocked). An absent description,
// thumbnailId or tags clears it.
export async function updateCastChannel(ctx: Ctx, input: z.output<typeof updateCastChannelInput>): Promise<CastChannelView> {
  const ownerId = requireUserId(ctx);
  const { channelId } = await loadOwnCastChannel(ctx.db, ownerId, input.channelId);
  const data = { ...(await streamableColumns(ctx.db, ownerId, input, channelId)), locked: input.locked };
  await ctx.db.castChannel.update({ where: { id: channelId }, data }).catch(streamPathTaken);
  return loadOwnCastChannel(ctx.db, ownerId, channelId, ctx.baseUrl);
}

// DELETE /api/cast/channel/{channelId} - removes the channel and its programming (the programs
// belong to it alone). A locked channel is deleted too: `locked` guards the programming against
// edits, and its owner can unlock it anyway.
export async function deleteCastChannel(ctx: Ctx, input: z.output<typeof castChannelIdInput>): Promise<void> {
  const ownerId = requireUserId(ctx);
  const id = normalizeUuid(input.channelId);
  const { count } = id ? await ctx.db.castChannel.deleteMany({ where: { id, ownerId } }) : { count: 0 };
  if (!count) throw notFound("error.castChannelNotFound");
  await castScheduleChanged(ctx.db, id!); // its output stops at once, on every node
}
