import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { termColumns } from "./license-terms";
import { marketFields, termsOfFields } from "./market-fields";
import { loadOwnMarketItem, type MarketItemView } from "./market-item-view";

export const updateMarketItemInput = marketFields.safeExtend({ marketplaceId: z.string() });

// POST /api/marketplace/{marketplaceId} - new terms for a listing (the same fields and rules as
// publish; every term is replaced). Licenses already acquired keep the terms they were acquired under.
export async function updateMarketItem(ctx: Ctx, input: z.output<typeof updateMarketItemInput>): Promise<MarketItemView> {
  const sellerId = requireUserId(ctx);
  const current = await loadOwnMarketItem(ctx.db, sellerId, input.marketplaceId);
  await ctx.db.marketplaceItem.update({ where: { id: current.view.marketplaceId }, data: termColumns(termsOfFields(input)) });
  return (await loadOwnMarketItem(ctx.db, sellerId, current.view.marketplaceId, ctx.baseUrl)).view;
}
