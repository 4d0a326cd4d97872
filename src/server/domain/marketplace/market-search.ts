import { z } from "zod";
import { directRead, type Db } from "@/server/db/client";
import { emptyToUndefined, zBool, zPriceCents } from "@/server/domain/shared/schema";
import { searchPage, searchRequest, toTsQuery, type SearchPage } from "@/server/domain/shared/search";
import { CC_TYPES, upperOrUndefined } from "@/server/domain/vod/vod-fields";
import { MARKET_LICENSE_TYPES } from "./market-fields";
import { loadMarketItems, type MarketItemView } from "./market-item-view";

// What the private and the public marketplace search share: the license-condition filters, the
// words of the query matched against MarketplaceItem.searchVector (migration
// 20261124013011_marketplace: content title A, tags B, description C, seller D), the order
// (relevance, then publishing date, newest first) and the one statement that reads a page's ids
// with the total.

/**
 * License-condition filters (supplement §1: `conditions: {licenseType, ccType, download}`):
 * licenseType is required with ccType, ccType only with CREATIVE_COMMONS.
 */
export const marketConditionsInput = z.preprocess(
  (v) => v ?? undefined,
  z
    .object({
      licenseType: z.preprocess(upperOrUndefined, z.enum(MARKET_LICENSE_TYPES, "field.marketLicenseType").optional()),
      ccType: z.preprocess(upperOrUndefined, z.enum(CC_TYPES, "field.ccType").optional()),
      download: z.preprocess(emptyToUndefined, zBool().optional()),
    })
    .superRefine((c, ctx) => {
      if (c.ccType && !c.licenseType) ctx.addIssue({ code: "custom", path: ["licenseType"], message: "field.licenseTypeRequired" });
      else if (c.ccType && c.licenseType !== "CREATIVE_COMMONS")
        ctx.addIssue({ code: "custom", path: ["ccType"], message: "field.onlyWithCreativeCommons" });
    })
    .optional(),
);

/** The search request of both searches: conditions, and (portal) the highest price, activation or per view. */
export const marketSearchRequest = searchRequest.extend({
  conditions: marketConditionsInput,
  maxPrice: z.preprocess(emptyToUndefined, zPriceCents("field.price").optional()),
});

export type MarketSearchRequest = z.output<typeof marketSearchRequest>;

export type MarketSearchScope =
  /** The seller's own listings (private search): the content's words only. */
  | { kind: "seller"; sellerId: string }
  /** Listed listings (public search): one seller's (userCode: content words only), every one but excluded sellers'. */
  | { kind: "listed"; sellerCode?: string; excludeSellerCode?: string };

/**
 * Relevance: ts_rank with the document's weights, title 1, tags 0.4, description 0.2 (as the box
 * and vod searches rank them) and the seller at 0.7 of the description (the document's boost 0.7
 * of the seller against the content), only searched without a userCode filter.
 */
const WEIGHTS = "'{0.14, 0.2, 0.4, 1.0}'::float4[]";

const SELLER_BY_CODE = (param: string) => `(SELECT u."id" FROM "User" u WHERE lower(u."userCode") = lower(${param}))`;

export async function runMarketSearch(
  db: Db,
  request: MarketSearchRequest,
  scope: MarketSearchScope,
  baseUrl?: string,
): Promise<SearchPage<MarketItemView>> {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where: string[] = [];
  if (scope.kind === "seller") where.push(`m."ownerId" = ${p(scope.sellerId)}::uuid`);
  else {
    where.push(`m."listed"`);
    if (scope.sellerCode) where.push(`m."ownerId" = ${SELLER_BY_CODE(p(scope.sellerCode))}`);
    if (scope.excludeSellerCode) where.push(`m."ownerId" IS DISTINCT FROM ${SELLER_BY_CODE(p(scope.excludeSellerCode))}`);
  }
  const c = request.conditions;
  if (c?.licenseType) where.push(`m."licenseType" = ${p(c.licenseType)}::"MarketLicenseType"`);
  if (c?.ccType) where.push(`m."ccType" = ${p(c.ccType)}::"CcType"`);
  if (c?.download !== undefined) where.push(`m."download" = ${p(c.download)}`);
  if (request.maxPrice !== undefined) where.push(`coalesce(m."activationPriceCents", m."pricePerViewCents", 0) <= ${p(request.maxPrice)}`);
  if (request.tags?.length)
    where.push(`EXISTS (SELECT 1 FROM "BoxItem" tb WHERE tb."id" = m."boxItemId" AND tb."tags" @> ${p(request.tags)}::text[])`);
  const contentOnly = scope.kind === "seller" || !!scope.sellerCode;
  const tsQuery = toTsQuery(request.queryString, contentOnly ? "ABC" : "");
  const query = tsQuery ? `to_tsquery('simple', ${p(tsQuery)})` : undefined;
  if (query) where.push(`m."searchVector" @@ ${query}`);
  const order = query
    ? `ts_rank(${WEIGHTS}, m."searchVector", ${query}) DESC, m."createdAt" DESC, m."id" DESC`
    : `m."createdAt" DESC, m."id" DESC`;
  const filter = where.join(" AND ");
  const sql = `SELECT (SELECT count(*) FROM "MarketplaceItem" m WHERE ${filter})::float8 AS total,
      ARRAY(SELECT m."id"::text FROM "MarketplaceItem" m WHERE ${filter} ORDER BY ${order}
        LIMIT ${p(request.pageSize)} OFFSET ${p(request.pageIndex * request.pageSize)}) AS ids`;
  const [row] = await directRead(db)<{ total: number; ids: string[] }>(sql, params);
  return searchPage(request, row?.total ?? 0, await loadMarketItems(db, row?.ids ?? [], baseUrl));
}
