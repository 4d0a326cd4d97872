import { z } from "zod";
import { emptyToUndefined } from "@/server/core/schema";
import type { SqlPort } from "@/server/db/sql-runner";
import { queryWords, searchPage, toTsQuery, type SearchPage, type SearchRequest } from "@/server/domain/shared/search";
import {
  newestStatement,
  ownerTerms,
  Params,
  readPage,
  wordsStatement,
  type ItemWords,
  type PageStatement,
  type WordSearch,
} from "@/server/domain/shared/term-search";
import { searchConditions } from "@/server/domain/shared/search-conditions";
import { ccTypeCondition, upperOrUndefined, VOD_LICENSE_TYPES } from "./vod-fields";
import { todayUtc, toLoadedVod, VOD_COLUMNS, VOD_JOINS, type VodItemView, type VodRow } from "./vod-item-view";

// What the private and the public vod search share: the publishing-condition filters, the words of
// the query matched against the denormalized words of vods (VodItem.searchVector and bundleVector,
// VodSearchTerm: migrations 20261123225248_vod and 20261124044648_vod_bundle_words), the order
// (relevance, then publishing date, newest first) and the one statement that reads a page with its total.

/**
 * Publishing-condition filters (supplement §1: `conditions: {licenseType, ccType, bundleId}`):
 * licenseType is required with ccType or bundleId; ccType only with CREATIVE_COMMONS, bundleId only
 * with CONTENT_BUNDLE.
 */
export const vodConditionsInput = searchConditions(
  z.preprocess(upperOrUndefined, z.enum(VOD_LICENSE_TYPES, "field.licenseType").optional()),
  {
    ccType: ccTypeCondition,
    bundleId: {
      schema: z.preprocess(emptyToUndefined, z.uuid("field.invalid").optional()),
      onlyWith: "CONTENT_BUNDLE",
      message: "field.onlyWithContentBundle",
    },
  },
  {},
);

export type VodConditions = z.output<typeof vodConditionsInput>;

/**
 * Where a search looks: every listed vod (the public search; its words come from the VodSearchTerm
 * index), or one owner's vods (the private search, and the public one with a userCode filter: a
 * small set, whose words are read from the vods' own vectors, the content's and the bundle's only).
 */
export type VodSearchScope =
  | { kind: "listed" }
  | {
      kind: "owner";
      ownerId: string;
      /** The public search: only what is visible (listed, not expired). */
      visibleOnly: boolean;
      /** The private search's filter on the owner's choice. */
      public?: boolean;
    };

export type VodSearchRequest = SearchRequest & { conditions?: VodConditions };

/**
 * Relevance (the document's boosts): each word of the query counts for the best field it is in, by
 * the rank the index gives it (5 title, 4 bundle, 3 tags, 2 description, 1 publisher) with these
 * weights: title 1, tags 0.4, description 0.2 (as the box search ranks them); the bundle's words
 * (name, tags, description) 0.7, the document's boost of the bundle against the content, and 1 when
 * the search filters on that bundle (conditions.bundleId: its words then count as the content's);
 * the publisher 0.1, the document's boost 0.5 of the publisher against the content, taken against
 * the content's lowest field so a publisher-only match ranks below any content match (and not
 * searched with a userCode filter). Ties: newest first.
 */
const weights = (c: VodConditions): number[] => [0.1, 0.2, 0.4, c?.bundleId ? 1.0 : 0.7, 1.0];

/** A vod's words: its own vector's and its bundle's (kinora_vod_search_terms gives them their ranks). */
const VOD_WORDS: ItemWords = {
  vector: `(v."searchVector" || coalesce(v."bundleVector", ''::tsvector))`,
  terms: `kinora_vod_search_terms(v."searchVector", v."bundleVector")`,
};

/** The filters a row `alias` of VodItem or VodSearchTerm carries (both name them alike). */
function conditionsOn(alias: string, c: VodConditions, p: Params): string[] {
  const out: string[] = [];
  if (c?.licenseType) out.push(`${alias}."licenseType" = ${p.add(c.licenseType)}::"VodLicenseType"`);
  if (c?.ccType) out.push(`${alias}."ccType" = ${p.add(c.ccType)}::"CcType"`);
  if (c?.bundleId) out.push(`${alias}."bundleId" = ${p.add(c.bundleId)}::uuid`);
  return out;
}

const notExpired = (alias: string, p: Params, now: Date) =>
  `(${alias}."expirationDate" IS NULL OR ${alias}."expirationDate" >= ${p.add(todayUtc(now))}::date)`;

/** The box item of vod `vodIdSql` has every tag. */
const hasTags = (vodIdSql: string, tags: string[], p: Params) =>
  `EXISTS (SELECT 1 FROM "VodItem" tv JOIN "BoxItem" tb ON tb."id" = tv."boxItemId" WHERE tv."id" = ${vodIdSql} AND tb."tags" @> ${p.add(tags)}::text[])`;

/**
 * Runs a search in one statement: the total and the page's vods.
 * - No words: the scope's vods, newest first (partial index VodItem_listed_recent_idx, or the owner's).
 * - Words over the listed vods: the VodSearchTerm index (shared/term-search.ts: one word or a prefix
 *   read in the index's order, except with a bundle filter, whose bundle words tie with the titles:
 *   its matches are scored); over an owner's vods: their vectors' words.
 */
export async function runVodSearch(
  sql: SqlPort,
  request: VodSearchRequest,
  scope: VodSearchScope,
  baseUrl?: string,
  now = new Date(),
): Promise<SearchPage<VodItemView>> {
  const p = new Params();
  const { words, prefix } = queryWords(request.queryString);
  const c = request.conditions;
  const tags = request.tags?.length ? request.tags : undefined;

  // the scope's vods `v`, filtered as asked
  const vodWhere = () => {
    const where =
      scope.kind === "listed"
        ? [`v."listed"`, notExpired("v", p, now)]
        : [`v."ownerId" = ${p.add(scope.ownerId)}::uuid`, ...(scope.visibleOnly ? [`v."listed"`, notExpired("v", p, now)] : [])];
    if (scope.kind === "owner" && scope.public !== undefined) where.push(`v."public" = ${p.add(scope.public)}`);
    where.push(...conditionsOn("v", c, p));
    if (tags) where.push(hasTags(`v."id"`, tags, p));
    return where.join(" AND ");
  };

  let st: PageStatement;
  if (words.length === 0) st = newestStatement(`"VodItem" v`, "v", vodWhere(), p, request);
  else {
    const listed = scope.kind === "listed";
    // the owner's matching vods (their vectors' index-free check, on a small set), the content's and the bundle's words
    const withSql = listed
      ? ""
      : ownerTerms(`"VodItem" v`, "v", `"vodId"`, vodWhere(), toTsQuery(request.queryString, "ABC")!, p, VOD_WORDS);
    const search: WordSearch = {
      p,
      words,
      prefix,
      terms: listed ? `"VodSearchTerm"` : "terms",
      indexed: listed,
      id: `"vodId"`,
      filters: listed ? [notExpired("t", p, now), ...conditionsOn("t", c, p)] : [],
      itemCheck: tags && listed ? (id) => hasTags(id, tags, p) : undefined,
      weights: weights(c),
      request,
    };
    st = wordsStatement(search, withSql);
  }
  const { total, rows } = await readPage<VodRow>(sql, st, p, VOD_COLUMNS, `JOIN "VodItem" v ON v."id" = p."id" ${VOD_JOINS}`);
  const items = rows.filter((r) => r.vodId !== null).map((r) => toLoadedVod(r, baseUrl, now).view);
  return searchPage(request, total, items);
}
