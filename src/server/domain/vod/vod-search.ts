import { z } from "zod";
import { emptyToUndefined } from "@/server/domain/shared/schema";
import { directRead, type Db } from "@/server/db/client";
import { queryWords, searchPage, toTsQuery, type SearchPage, type SearchRequest } from "@/server/domain/shared/search";
import { CC_TYPES, upperOrUndefined, VOD_LICENSE_TYPES } from "./vod-fields";
import { rememberedTotal, rememberTotal } from "./large-totals";
import { todayUtc, toLoadedVod, VOD_COLUMNS, VOD_JOINS, type VodItemView, type VodRow } from "./vod-item-view";

// What the private and the public vod search share: the publishing-condition filters, the words of
// the query matched against the denormalized words of vods (VodItem.searchVector, VodSearchTerm:
// migration 20261123225248_vod), the order (relevance, then publishing date, newest first) and the
// one statement that reads a page with its total.

/**
 * Publishing-condition filters (supplement §1: `conditions: {licenseType, ccType, bundleId}`):
 * licenseType is required with ccType or bundleId; ccType only with CREATIVE_COMMONS, bundleId only
 * with CONTENT_BUNDLE.
 */
export const vodConditionsInput = z.preprocess(
  (v) => v ?? undefined,
  z
    .object({
      licenseType: z.preprocess(upperOrUndefined, z.enum(VOD_LICENSE_TYPES, "field.licenseType").optional()),
      ccType: z.preprocess(upperOrUndefined, z.enum(CC_TYPES, "field.ccType").optional()),
      bundleId: z.preprocess(emptyToUndefined, z.uuid("field.invalid").optional()),
    })
    .superRefine((c, ctx) => {
      if (!c.licenseType && (c.ccType || c.bundleId))
        ctx.addIssue({ code: "custom", path: ["licenseType"], message: "field.licenseTypeRequired" });
      else if (c.ccType && c.licenseType !== "CREATIVE_COMMONS")
        ctx.addIssue({ code: "custom", path: ["ccType"], message: "field.onlyWithCreativeCommons" });
      if (c.bundleId && c.licenseType && c.licenseType !== "CONTENT_BUNDLE")
        ctx.addIssue({ code: "custom", path: ["bundleId"], message: "field.onlyWithContentBundle" });
    })
    .optional(),
);

export type VodConditions = z.output<typeof vodConditionsInput>;

/**
 * Where a search looks: every listed vod (the public search; its words come from the VodSearchTerm
 * index), or one owner's vods (the private search, and the public one with a userCode filter: a
 * small set, whose words are read from the vods' own vectors, the content's only).
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
 * the rank the index gives it (4 title, 3 tags, 2 description, 1 publisher) with these weights:
 * title 1, tags 0.4, description 0.2 (as the box search ranks them), the publisher 0.1, the
 * document's boost 0.5 of the publisher against the content, taken against the content's lowest
 * field so a publisher-only match ranks below any content match. Ties: newest first.
 */
const WEIGHT_BY_RANK = "(ARRAY[0.1, 0.2, 0.4, 1.0]::float8[])";

/** Positional parameters of a statement being written ($1, $2, ...). */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

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

/**
 * The words a prefix matches, as a range of the lexeme index: from the prefix up to the prefix
 * followed by the last code point (the lexemes' collation is "C": byte order, which UTF-8 keeps as
 * code point order). A range, not LIKE: a parameter's LIKE pattern cannot bound an index scan in a
 * statement planned once for all parameters (the named statements of directRead).
 */
function prefixRange(word: string, p: Params): { from: string; below: string } {
  return { from: p.add(word), below: p.add(`${word}\u{10FFFF}`) };
}

/** The box item of vod `vodIdSql` has every tag. */
const hasTags = (vodIdSql: string, tags: string[], p: Params) =>
  `EXISTS (SELECT 1 FROM "VodItem" tv JOIN "BoxItem" tb ON tb."id" = tv."boxItemId" WHERE tv."id" = ${vodIdSql} AND tb."tags" @> ${p.add(tags)}::text[])`;

/**
 * Runs a search in one statement: the total and the page's vods.
 * - No words: the scope's vods, newest first (partial index VodItem_listed_recent_idx, or the owner's).
 * - One word over the listed vods: its rows of VodSearchTerm, in relevance order in the index; a
 *   prefix: the distinct words of its range (one index probe each) merged, their first rows each.
 *   The page costs the same however common the word; the total grows with it (large-totals.ts).
 * - Otherwise (several words, tags, an owner's vods): every word's matches, scored per vod; the
 *   work grows with the matches of the words.
 */
export async function runVodSearch(
  db: Db,
  request: VodSearchRequest,
  scope: VodSearchScope,
  baseUrl?: string,
  now = new Date(),
): Promise<SearchPage<VodItemView>> {
  const p = new Params();
  const { words, prefix } = queryWords(request.queryString);
  const c = request.conditions;
  const tags = request.tags?.length ? request.tags : undefined;
  const page = () => `LIMIT ${p.add(request.pageSize)} OFFSET ${p.add(request.pageIndex * request.pageSize)}`;

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

  let withSql = "";
  let countSql: string;
  let idsSql: string;
  /** The count's identity (its SQL and the parameters so far, before the page's), when its total may be remembered. */
  let totalKey: string | undefined;
  const keyOf = (sql: string) => `${sql}\n${JSON.stringify(p.values)}`;
  const oneListedWord = scope.kind === "listed" && words.length === 1 && !tags;
  if (words.length === 0) {
    const where = vodWhere();
    countSql = `SELECT count(*) FROM "VodItem" v WHERE ${where}`;
    totalKey = keyOf(countSql);
    idsSql = `SELECT v."id" FROM "VodItem" v WHERE ${where} ORDER BY v."createdAt" DESC, v."id" DESC ${page()}`;
  } else if (oneListedWord && !prefix) {
    const where = [`t."lexeme" = ${p.add(words[0])}`, notExpired("t", p, now), ...conditionsOn("t", c, p)].join(" AND ");
    countSql = `SELECT count(*) FROM "VodSearchTerm" t WHERE ${where}`;
    totalKey = keyOf(countSql);
    idsSql = `SELECT t."vodId" FROM "VodSearchTerm" t WHERE ${where} ORDER BY t."rank" DESC, t."publishedAt" DESC, t."vodId" DESC ${page()}`;
  } else if (oneListedWord) {
    // the words of the prefix's range, one index probe each (a loose index scan); then each word's
    // first rows: the page's vods are among them (a vod's best row precedes fewer than a page's
    // worth of others in its word), deduplicated to their best row
    const range = prefixRange(words[0]!, p);
    const filters = [notExpired("t", p, now), ...conditionsOn("t", c, p)].join(" AND ");
    countSql = `SELECT count(DISTINCT t."vodId") FROM "VodSearchTerm" t WHERE t."lexeme" >= ${range.from} AND t."lexeme" < ${range.below} AND ${filters}`;
    totalKey = keyOf(countSql);
    withSql = `RECURSIVE lexemes AS (
        (SELECT t."lexeme" FROM "VodSearchTerm" t WHERE t."lexeme" >= ${range.from} AND t."lexeme" < ${range.below} ORDER BY t."lexeme" LIMIT 1)
        UNION ALL
        SELECT (SELECT t."lexeme" FROM "VodSearchTerm" t WHERE t."lexeme" > l."lexeme" AND t."lexeme" < ${range.below} ORDER BY t."lexeme" LIMIT 1)
        FROM lexemes l WHERE l."lexeme" IS NOT NULL)`;
    const firstRows = p.add((request.pageIndex + 1) * request.pageSize);
    idsSql = `SELECT b."vodId" FROM (
        SELECT DISTINCT ON (f."vodId") f."vodId", f."rank", f."publishedAt"
        FROM lexemes l CROSS JOIN LATERAL (
          SELECT t."vodId", t."rank", t."publishedAt" FROM "VodSearchTerm" t WHERE t."lexeme" = l."lexeme" AND ${filters}
          ORDER BY t."rank" DESC, t."publishedAt" DESC, t."vodId" DESC LIMIT ${firstRows}) f
        ORDER BY f."vodId", f."rank" DESC) b
      ORDER BY b."rank" DESC, b."publishedAt" DESC, b."vodId" DESC ${page()}`;
  } else {
    let terms = `"VodSearchTerm"`;
    let termFilters: string[] = [];
    if (scope.kind === "listed") termFilters = [notExpired("t", p, now), ...conditionsOn("t", c, p)];
    else {
      // the owner's matching vods (their vectors' index-free check, on a small set), the content's words only
      withSql = `terms AS MATERIALIZED (
        SELECT v."id" AS "vodId", v."createdAt" AS "publishedAt", x."lexeme", x."rank"
        FROM "VodItem" v CROSS JOIN LATERAL kinora_vod_terms(v."searchVector") x
        WHERE ${vodWhere()} AND v."searchVector" @@ to_tsquery('simple', ${p.add(toTsQuery(request.queryString, "ABC"))}) AND x."rank" > 1), `;
      terms = "terms";
    }
    const hits = words
      .map((word, i) => {
        const range = prefix && i === words.length - 1 ? prefixRange(word, p) : undefined;
        const match = range ? `t."lexeme" >= ${range.from} AND t."lexeme" < ${range.below}` : `t."lexeme" = ${p.add(word)}`;
        return `SELECT t."vodId", t."publishedAt", ${i} AS word, t."rank" FROM ${terms} t WHERE ${[match, ...termFilters].join(" AND ")}`;
      })
      .join(" UNION ALL ");
    const having = [
      ...(words.length > 1 ? [`count(*) = ${words.length}`] : []),
      ...(tags && scope.kind === "listed" ? [hasTags(`"vodId"`, tags, p)] : []),
    ];
    // one word: its best rank orders as its score would (a vod matches a prefix through several words)
    const perVod =
      words.length > 1
        ? `SELECT "vodId", "publishedAt", sum(${WEIGHT_BY_RANK}[best]) AS score
           FROM (SELECT "vodId", "publishedAt", word, max("rank") AS best FROM hits GROUP BY 1, 2, 3) per_word GROUP BY 1, 2`
        : `SELECT "vodId", "publishedAt", max("rank") AS score FROM hits GROUP BY 1, 2`;
    withSql += `hits AS (${hits}), scored AS MATERIALIZED (${perVod}${having.length ? ` HAVING ${having.join(" AND ")}` : ""})`;
    countSql = `SELECT count(*) FROM scored`;
    idsSql = `SELECT "vodId" FROM scored ORDER BY score DESC, "publishedAt" DESC, "vodId" DESC ${page()}`;
  }

  const remembered = totalKey === undefined ? undefined : rememberedTotal(totalKey);
  const sql = `${withSql ? `WITH ${withSql} ` : ""}SELECT c.total, r.* FROM (SELECT (${remembered === undefined ? countSql : "NULL"})::float8 AS total) c
    LEFT JOIN LATERAL (SELECT ${VOD_COLUMNS}, p.ord FROM unnest(ARRAY(${idsSql})) WITH ORDINALITY p(id, ord)
      JOIN "VodItem" v ON v."id" = p."id" ${VOD_JOINS}) r ON true
    ORDER BY r.ord`;
  const rows = await directRead(db)<VodRow & { total: number | null }>(sql, p.values);
  const total = remembered ?? rows[0]?.total ?? 0;
  if (totalKey !== undefined && remembered === undefined) rememberTotal(totalKey, total);
  const items = rows.filter((r) => r.vodId !== null).map((r) => toLoadedVod(r, baseUrl, now).view);
  return searchPage(request, total, items);
}
