import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { searchPage, type SearchPage } from "@/server/domain/shared/search";
import { findActiveUserIdByCode, userCodeFilter } from "@/server/domain/users/active-user-by-code";
import { marketSearchRequest, runMarketSearch } from "./market-search";
import type { MarketItemView } from "./market-item-view";

export const searchMarketItemsInput = marketSearchRequest;

export const searchPublicMarketItemsInput = marketSearchRequest.extend({
  /** Only this seller's listings (supplement §1). */
  userCode: userCodeFilter,
  /** Every seller's but this one's (supplement §1): a creator browsing what others offer. */
  excludeUserCode: userCodeFilter,
});

// POST /api/search/marketplace/contents - the caller's listings: queryString over the content
// (title, tags, description; `*` at the end: prefix), every tag of `tags`, the license conditions;
// by relevance, then publishing date, newest first.
export async function searchMarketItems(ctx: Ctx, input: z.output<typeof searchMarketItemsInput>): Promise<SearchPage<MarketItemView>> {
  return runMarketSearch(ctx.sql, input, { kind: "seller", sellerId: requireUserId(ctx) }, ctx.baseUrl);
}

// POST /api/public/search/marketplace/contents - the listings of active sellers: queryString over
// the content and, without a userCode filter, the seller (userCode, names, page title and
// description; boost 0.7); `userCode` and `excludeUserCode` (case-insensitive; an unknown userCode
// finds nothing, an unknown excludeUserCode excludes nothing), `tags` and the
// license conditions filter; by relevance, then publishing date, newest first.
export async function searchPublicMarketItems(
  ctx: Ctx,
  input: z.output<typeof searchPublicMarketItemsInput>,
): Promise<SearchPage<MarketItemView>> {
  const sellerId = input.userCode === undefined ? undefined : await findActiveUserIdByCode(ctx.sql, input.userCode);
  if (input.userCode !== undefined && !sellerId) return searchPage(input, 0, []);
  const excludeSellerId = input.excludeUserCode === undefined ? undefined : await findActiveUserIdByCode(ctx.sql, input.excludeUserCode);
  return runMarketSearch(ctx.sql, input, { kind: "listed", sellerId, excludeSellerId }, ctx.baseUrl);
}
