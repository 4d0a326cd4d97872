import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";

export const deleteVodInput = z.object({ vodId: z.string() });

// DELETE /api/vod/{vodId} - unpublishes a vod (404 for another user's). The content stays in the
// box; purchases of it stay in the buyers' and the seller's records (payments name the vod by id).
export async function deleteVod(ctx: Ctx, input: z.output<typeof deleteVodInput>): Promise<void> {
  const ownerId = requireUserId(ctx);
  const id = normalizeUuid(input.vodId);
  const { count } = id ? await ctx.db.vodItem.deleteMany({ where: { id, ownerId } }) : { count: 0 };
  if (count === 0) throw notFound("error.vodNotFound");
}
