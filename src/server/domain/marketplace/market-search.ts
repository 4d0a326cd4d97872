import { z } from "zod";
import type { SqlPort } from "@/server/db/sql-runner";
import { emptyToUndefined, zBool, zPriceCents } from "@/server/core/schema";
import { queryWords, searchPage, searchRequest, toTsQuery, type SearchPage } from "@/server/domain/shared/search";
import {
  newestStatement,
  ownerTerms,
  Params,
  readPage,
  wordsStatement,
  type PageStatement,
  type WordSearch,
} from "@/server/domain/shared/term-search";
import { searchConditions } from "@/server/domain/shared/search-conditions";
import { ccTypeCondition, upperOrUndefined } from "@/server/domain/vod/vod-fields";
import { MARKET_LICENSE_TYPES } from "./market-fields";
import {
  fromMarketColumns,
  MARKET_COLUMNS,
  MARKET_JOINS,
  toLoadedMarketItem,
  type MarketColumnsRow,
  type MarketItemView,
} from "./market-item-view";

// What the private and the public marketplace search share: the license-condition filters, the
// words of the query matched against the denormalized words of listings (MarketplaceItem.searchVector:
// content title A, tags B, description C, seller D, migration 20261124013011_marketplace; and for
// listed listings MarketSearchTerm, migration 20261124021017_market_search_terms), the order
// (relevance, then publishing date, newest first) and the one statement that reads a page with
// its total.

/**
 * License-condition filters (supplement §1: `conditions: {licenseType, ccType, download}`):
 * licenseType is required with ccType, ccType only with CREATIVE_COMMONS; download stands alone.
 */
export const marketConditionsInput = searchConditions(
  z.preprocess(upperOrUndefined, z.enum(MARKET_LICENSE_TYPES, "field.marketLicenseType").optional()),
  { ccType: ccTypeCondition },
  { download: z.preprocess(emptyToUndefined, zBool().optional()) },
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
  /** Listed listings (public search): one seller's (userCode: content words only), or every one but an excluded seller's. */
  | { kind: "listed"; sellerId?: string; excludeSellerId?: string };

/**
 * Relevance (the document's boosts): each word of the query counts for the best field it is in, by
 * the rank the index gives it (4 title, 3 tags, 2 description, 1 seller) with these weights: title
 * 1, tags 0.4, description 0.2 (as the box and vod searches rank them) and the seller at 0.7 of the
 * description (the document's boost 0.7 of the seller against the content), only searched without
 * a userCode filter. Ties: newest first.
 */
const WEIGHTS = [0.14, 0.2, 0.4, 1.0];

/** The filters a row `alias` of MarketplaceItem or MarketSearchTerm carries (price: the term's own column). */
function conditionsOn(alias: string, request: MarketSearchRequest, price: string, p: Params): string[] {
  const c = request.conditions;
  const out: string[] = [];
  if (c?.licenseType) out.push(`${alias}."licenseType" = ${p.add(c.licenseType)}::"MarketLicenseType"`);
  if (c?.ccType) out.push(`${alias}."ccType" = ${p.add(c.ccType)}::"CcType"`);
  if (c?.download !== undefined) out.push(`${alias}."download" = ${p.add(c.download)}`);
  if (request.maxPrice !== undefined) out.push(`${price} <= ${p.add(request.maxPrice)}`);
  return out;
}

/** The box item of listing `idSql` has every tag. */
const hasTags = (idSql: string, tags: string[], p: Params) =>
  `EXISTS (SELECT 1 FROM "MarketplaceItem" tm JOIN "BoxItem" tb ON tb."id" = tm."boxItemId" WHERE tm."id" = ${idSql} AND tb."tags" @> ${p.add(tags)}::text[])`;

/** What a page statement of the marketplace joins to read its listings' MARKET_COLUMNS. */
export const MARKET_PAGE_JOINS = `JOIN "MarketplaceItem" m ON m."id" = p."id" ${MARKET_JOINS}`;

/**
 * The statement of a search (its total and the page's ids; readPage adds the listings) with its parameters.
 * - No words: the scope's listings, newest first (partial index MarketplaceItem_listed_recent_idx,
 *   or the seller's).
 * - Words over every listed listing: the MarketSearchTerm index (shared/term-search.ts: one word or a
 *   prefix read in the index's order, whatever the word's frequency); over one seller's listings:
 *   their vectors' words.
 */
export function marketSearchStatement(request: MarketSearchRequest, scope: MarketSearchScope): { st: PageStatement; p: Params } {
  const p = new Params();
  const { words, prefix } = queryWords(request.queryString);
  const tags = request.tags?.length ? request.tags : undefined;
  const sellerId = scope.sellerId;
  const excluded = scope.kind === "listed" ? scope.excludeSellerId : undefined;

  // the scope's listings `m`, filtered as asked
  const itemWhere = () => {
    const where: string[] = [];
    if (scope.kind === "listed") where.push(`m."listed"`);
    if (sellerId) where.push(`m."ownerId" = ${p.add(sellerId)}::uuid`);
    if (excluded) where.push(`m."ownerId" <> ${p.add(excluded)}::uuid`);
    where.push(...conditionsOn("m", request, `coalesce(m."activationPriceCents", m."pricePerViewCents", 0)`, p));
    if (tags) where.push(hasTags(`m."id"`, tags, p));
    return where.join(" AND ");
  };

  let st: PageStatement;
  if (words.length === 0) st = newestStatement(`"MarketplaceItem" m`, "m", itemWhere(), p, request);
  else {
    const indexed = !sellerId;
    // a seller's matching listings (their vectors' index-free check, on a small set), the content's words only
    const withSql = indexed
      ? ""
      : ownerTerms(`"MarketplaceItem" m`, "m", `"marketplaceItemId"`, itemWhere(), toTsQuery(request.queryString, "ABC")!, p);
    const filters = indexed ? conditionsOn("t", request, `t."priceCents"`, p) : [];
    if (indexed && excluded) filters.push(`t."ownerId" <> ${p.add(excluded)}::uuid`);
    const search: WordSearch = {
      p,
      words,
      prefix,
      terms: indexed ? `"MarketSearchTerm"` : "terms",
      indexed,
      id: `"marketplaceItemId"`,
      filters,
      itemCheck: tags && indexed ? (id) => hasTags(id, tags, p) : undefined,
      weights: WEIGHTS,
      request,
    };
    st = wordsStatement(search, withSql);
  }
  return { st, p };
}

/** Runs a search: the total and the page's listings in one statement. */
export async function runMarketSearch(
  sql: SqlPort,
  request: MarketSearchRequest,
  scope: MarketSearchScope,
  baseUrl?: string,
): Promise<SearchPage<MarketItemView>> {
  const { st, p } = marketSearchStatement(request, scope);
  const { total, rows } = await readPage<MarketColumnsRow>(sql, st, p, MARKET_COLUMNS, MARKET_PAGE_JOINS);
  const items = rows.filter((r) => r.id !== null).map((r) => toLoadedMarketItem(fromMarketColumns(r), baseUrl).view);
  return searchPage(request, total, items);
}
