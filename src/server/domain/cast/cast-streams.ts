import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { streamableColumns, streamPathTaken } from "@/server/domain/live/channel-columns";
import { removeLiveHome } from "@/server/media/live/live-dirs";
import { normalizeUuid } from "@/server/core/uuid";
import { castStreamFields } from "./cast-fields";
import { loadOwnCastStream, type CastStreamView } from "./cast-views";

export const createCastStreamInput = castStreamFields;
export const castStreamIdInput = z.object({ streamId: z.string() });
export const updateCastStreamInput = castStreamFields.safeExtend({ streamId: z.string() });

// POST /api/cast/stream - a new cast stream of the caller's: 201 with it (streamPath free, as for channels).
export async function createCastStream(ctx: Ctx, input: z.output<typeof createCastStreamInput>): Promise<CastStreamView> {
  const ownerId = requireUserId(ctx);
  const created = await ctx.db.castStream
    .create({ data: { ownerId, ...(await streamableColumns(ctx.db, ownerId, input)) }, select: { id: true } })
    .catch(streamPathTaken);
  return loadOwnCastStream(ctx.db, ownerId, created.id, ctx.baseUrl);
}

// GET /api/cast/stream/{streamId} - one of the caller's streams (404 for another user's).
export async function getCastStream(ctx: Ctx, input: z.output<typeof castStreamIdInput>): Promise<CastStreamView> {
  return loadOwnCastStream(ctx.db, requireUserId(ctx), input.streamId, ctx.baseUrl);
}

// POST /api/cast/stream/{streamId} - the same fields as create.
export async function updateCastStream(ctx: Ctx, input: z.output<typeof updateCastStreamInput>): Promise<CastStreamView> {
  const ownerId = requireUserId(ctx);
  const { streamId } = await loadOwnCastStream(ctx.db, ownerId, input.streamId);
  await ctx.db.castStream
    .update({ where: { id: streamId }, data: await streamableColumns(ctx.db, ownerId, input, streamId) })
    .catch(streamPathTaken);
  return loadOwnCastStream(ctx.db, ownerId, streamId, ctx.baseUrl);
}

// DELETE /api/cast/stream/{streamId} - refused with 409 DEPENDANTS (the supplement's exception)
// while a LIVE program plays it: delete or change those programs first, so that no scheduled slot
// silently loses its stream. Its publisher row and live files go with it, on every node (live-dirs.ts).
export async function deleteCastStream(ctx: Ctx, input: z.output<typeof castStreamIdInput>): Promise<void> {
  const ownerId = requireUserId(ctx);
  const id = normalizeUuid(input.streamId);
  const stream = id
    ? await ctx.db.castStream.findFirst({
        where: { id, ownerId },
        select: { id: true, streamPath: true, _count: { select: { programs: true } } },
      })
    : null;
  if (!stream) throw notFound("error.castStreamNotFound");
  if (stream._count.programs > 0) throw new DomainError("DEPENDANTS", "error.castStreamHasPrograms", { programs: stream._count.programs });
  await ctx.db.castStream.delete({ where: { id: stream.id } });
  const publisher = await ctx.db.castPublish.findUnique({ where: { streamId: stream.id }, select: { since: true } });
  await ctx.db.castPublish.deleteMany({ where: { streamId: stream.id } });
  const home = { kind: "cast" as const, ownerId, homeId: stream.id, streamPath: stream.streamPath };
  await removeLiveHome(ctx.db, { ...home, publishing: publisher?.since != null });
}
