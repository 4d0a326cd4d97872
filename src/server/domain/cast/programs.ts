import { z } from "zod";
import { refuseTakenDown } from "@/server/domain/admin/taken-down";
import type { Ctx } from "@/server/core/context";
import { optionalUserId, requireUserId } from "@/server/core/context";
import { invalidField, notFound } from "@/server/core/errors";
import { findOwnThumbnail } from "@/server/domain/thumbnails/own-thumbnail";
import { normalizeUuid } from "@/server/core/uuid";
import { programDescriptiveFields } from "./program-input";
import { programSelect, toProgramView, type ProgramView } from "./program-view";
import { lockProgramming } from "./write-days";

export const programIdInput = z.object({ programId: z.string() });
export const updateProgramInput = programDescriptiveFields.safeExtend({ programId: z.string() });

// GET /api/cast/program/{programId} - a program of one of the caller's channels (404 otherwise).
export async function getProgram(ctx: Ctx, input: z.output<typeof programIdInput>): Promise<ProgramView> {
  const id = normalizeUuid(input.programId);
  const row = id
    ? await ctx.db.castProgram.findFirst({ where: { id, channel: { ownerId: requireUserId(ctx) } }, select: programSelect })
    : null;
  if (!row) throw notFound("error.castProgramNotFound");
  return toProgramView(row, ctx.baseUrl);
}

// GET /api/public/cast/program/{programId} - a program of any channel of an active creator, with its channel and publisher.
export async function getPublicProgram(ctx: Ctx, input: z.output<typeof programIdInput>): Promise<ProgramView> {
  const id = normalizeUuid(input.programId);
  const row = id ? await ctx.db.castProgram.findUnique({ where: { id }, select: programSelect }) : null;
  const viewerId = optionalUserId(ctx);
  if (!row || (row.channel.ownerId !== viewerId && row.channel.owner.status !== "ACTIVE")) throw notFound("error.castProgramNotFound");
  await refuseTakenDown(ctx.db, row.channel.takedownId);
  return toProgramView(row, ctx.baseUrl);
}

// POST /api/cast/program/{programId} {title, description, thumbnailId, tags} - only the descriptive
// data changes, never the times or what it plays (the day operations do that); 409 while its
// channel is locked.
export async function updateProgram(ctx: Ctx, input: z.output<typeof updateProgramInput>): Promise<ProgramView> {
  const ownerId = requireUserId(ctx);
  const current = await getProgram(ctx, input);
  if (input.thumbnailId && !(await findOwnThumbnail(ctx.db, ownerId, input.thumbnailId)))
    throw invalidField("thumbnailId", "field.thumbnailId");
  await ctx.db.$transaction(async (tx) => {
    await lockProgramming(tx, ownerId, current.channel.channelId);
    await tx.castProgram.update({
      where: { id: current.programId },
      data: { title: input.title, description: input.description ?? null, thumbnailId: input.thumbnailId ?? null, tags: input.tags },
    });
  });
  return getProgram(ctx, input);
}
