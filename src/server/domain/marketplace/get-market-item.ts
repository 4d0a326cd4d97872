import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId, requireUserId } from "@/server/core/context";
import { loadOwnMarketItem, loadVisibleMarketItem, type MarketItemView } from "./market-item-view";

export const getMarketItemInput = z.object({ marketplaceId: z.string() });

// GET /api/marketplace/{marketplaceId} - one of the caller's listings (404 for another's).
export async function getMarketItem(ctx: Ctx, input: z.output<typeof getMarketItemInput>): Promise<MarketItemView> {
  return (await loadOwnMarketItem(ctx.db, requireUserId(ctx), input.marketplaceId, ctx.baseUrl)).view;
}

// GET /api/public/marketplace/{marketplaceId} - a listing of an active seller, with the seller (its
// seller also reads it while not listed).
export async function getPublicMarketItem(ctx: Ctx, input: z.output<typeof getMarketItemInput>): Promise<MarketItemView> {
  return (await loadVisibleMarketItem(ctx.db, optionalUserId(ctx), input.marketplaceId, ctx.baseUrl)).view;
}
