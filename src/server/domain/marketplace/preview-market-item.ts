import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { signPlayback, type PlayGranted } from "@/server/domain/playback/sign-playback";
import { loadVisibleMarketItem, type MarketItemView } from "./market-item-view";

export const previewMarketItemInput = z.object({ marketplaceId: z.string() });

// POST /api/public/marketplace/{marketplaceId}/preview - the 15-second preview of a listed content
// (document Limits 1), for anyone who may read the listing: the signed URLs open only the preview
// rendition's tree, never the full ladder (as the vod preview).
export async function previewMarketItem(
  ctx: Ctx,
  input: z.output<typeof previewMarketItemInput>,
): Promise<PlayGranted & { resource: MarketItemView }> {
  const item = await loadVisibleMarketItem(ctx.db, optionalUserId(ctx), input.marketplaceId, ctx.baseUrl);
  return { ...signPlayback(item.media, "preview", { baseUrl: ctx.baseUrl }), resource: item.view };
}
