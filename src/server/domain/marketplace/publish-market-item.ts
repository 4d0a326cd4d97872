import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { loadOwnBoxItem } from "@/server/domain/box/box-item-view";
import { termColumns } from "./license-terms";
import { marketFields, termsOfFields } from "./market-fields";
import { loadOwnMarketItem, type MarketItemView } from "./market-item-view";

export const publishMarketItemInput = marketFields.safeExtend({ boxId: z.string() });

// POST /api/box/{boxId}/marketplace - offers a content of the caller's box to other creators under
// license terms (market-fields.ts): 201 with the marketplace item. Only the caller's own uploaded
// contents, once READY (409 while PROCESSING or FAILED, as vod publish); a content acquired on the
// marketplace is not sold on (400); another user's 404. A content may be listed more than once
// (under different terms).
export async function publishMarketItem(ctx: Ctx, input: z.output<typeof publishMarketItemInput>): Promise<MarketItemView> {
  const sellerId = requireUserId(ctx);
  const item = await loadOwnBoxItem(ctx.db, sellerId, input.boxId);
  if (item.source !== "UPLOAD") throw new DomainError("BAD_REQUEST", "error.marketResale");
  if (item.status === "PROCESSING") throw new DomainError("CONFLICT", "error.vodContentProcessing");
  if (item.status === "FAILED") throw new DomainError("CONFLICT", "error.vodContentFailed");
  const created = await ctx.db.marketplaceItem
    .create({ data: { boxItemId: item.boxId, ownerId: sellerId, ...termColumns(termsOfFields(input)) }, select: { id: true } })
    .catch((err: unknown) => {
      // the item was deleted since it was read: its foreign key refused the listing
      if ((err as { code?: string }).code === "P2003") throw notFound("error.boxItemNotFound");
      throw err;
    });
  return (await loadOwnMarketItem(ctx.db, sellerId, created.id, ctx.baseUrl)).view;
}
