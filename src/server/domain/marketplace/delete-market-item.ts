import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";

export const deleteMarketItemInput = z.object({ marketplaceId: z.string() });

// DELETE /api/marketplace/{marketplaceId} - withdraws a listing: nobody acquires it any more. The
// licenses acquired from it stay, with their box items (their marketplaceId is then left out).
export async function deleteMarketItem(ctx: Ctx, input: z.output<typeof deleteMarketItemInput>): Promise<void> {
  const sellerId = requireUserId(ctx);
  const id = normalizeUuid(input.marketplaceId);
  const { count } = id ? await ctx.db.marketplaceItem.deleteMany({ where: { id, ownerId: sellerId } }) : { count: 0 };
  if (count === 0) throw notFound("error.marketItemNotFound");
}
