import { z } from "zod";
import { directRead, type Db } from "@/server/db/client";
import { searchPage, type SearchPage, type SearchRequest } from "@/server/domain/shared/search";
import { toTsQuery } from "@/server/domain/shared/search";
import { CC_TYPES, upperOrUndefined, VOD_LICENSE_TYPES } from "./vod-fields";
import { todayUtc, toLoadedVod, VOD_COLUMNS, VOD_JOINS, type VodItemView, type VodRow } from "./vod-item-view";

// What the private and the public vod search share: the publishing-condition filters, the text
// query over the denormalized VodItem.searchVector (migration 20261123222432_vod), the order
// (relevance, then publishing date, newest first) and the one statement that reads a page.

const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

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
      bundleId: z.preprocess(blankToUndefined, z.uuid("field.invalid").optional()),
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
 * Ranking weights of the vector's classes {D, C, B, A}: title A 1, tags B 0.4, description C 0.2
 * (as the box search), the publisher D 0.1: the document's boost 0.5 of the publisher against the
 * content, taken against the content's lowest field, so a publisher-only match ranks below any
 * content match.
 */
const RANK_WEIGHTS = "{0.1,0.2,0.4,1}";

/** Positional parameters of a statement being written ($1, $2, ...). */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

export interface VodSearch {
  request: SearchRequest;
  /** Conditions on the vod `v`, written with `params`. */
  where: string[];
  params: Params;
  /** Whether the query also matches the publisher (public search without a userCode filter). */
  matchPublisher: boolean;
  conditions: VodConditions;
}

/** A search being built: the request's query, tags and conditions become conditions on `v`. */
export function vodSearch(request: SearchRequest & { conditions?: VodConditions }, matchPublisher: boolean): VodSearch {
  return { request, where: [], params: new Params(), matchPublisher, conditions: request.conditions };
}

/** Only vods visible in public pages today (visibility rule 1 via `listed`, and the expiry). */
export function whereVisible(s: VodSearch, now = new Date()): void {
  s.where.push(`v."listed"`, `(v."expirationDate" IS NULL OR v."expirationDate" >= ${s.params.add(todayUtc(now))}::date)`);
}

/**
 * Runs the search: one statement reads the page (ranked by ts_rank, then newest first) with its
 * total (a window count, computed anyway for the ranking); without a text query, the page comes in
 * publishing order from an index and the total from its own count.
 */
export async function runVodSearch(db: Db, s: VodSearch, baseUrl?: string): Promise<SearchPage<VodItemView>> {
  const { params, request } = s;
  const where = [...s.where];
  const tsQuery = toTsQuery(request.queryString, s.matchPublisher ? "" : "ABC");
  const query = tsQuery ? `to_tsquery('simple', ${params.add(tsQuery)})` : undefined;
  if (query) where.push(`v."searchVector" @@ ${query}`);
  const c = s.conditions;
  if (c?.licenseType) where.push(`v."licenseType" = ${params.add(c.licenseType)}::"VodLicenseType"`);
  if (c?.ccType) where.push(`v."ccType" = ${params.add(c.ccType)}::"CcType"`);
  if (c?.bundleId) where.push(`v."bundleId" = ${params.add(c.bundleId)}::uuid`);
  if (request.tags?.length)
    where.push(`EXISTS (SELECT 1 FROM "BoxItem" tb WHERE tb."id" = v."boxItemId" AND tb."tags" @> ${params.add(request.tags)}::text[])`);
  const whereSql = where.length ? where.join(" AND ") : "true";
  const rank = query ? `ts_rank('${RANK_WEIGHTS}'::float4[], v."searchVector", ${query})` : "0::float4";
  const total = query ? `count(*) OVER ()` : "0";
  const limit = params.add(request.pageSize);
  const offset = params.add(request.pageIndex * request.pageSize);
  const sql = `WITH page AS (
      SELECT v."id", v."createdAt", ${rank} AS rank, ${total} AS total FROM "VodItem" v WHERE ${whereSql}
      ORDER BY rank DESC, v."createdAt" DESC, v."id" DESC LIMIT ${limit} OFFSET ${offset})
    SELECT ${VOD_COLUMNS}, p.total::float8 AS "total" FROM page p JOIN "VodItem" v ON v."id" = p."id" ${VOD_JOINS}
    ORDER BY p.rank DESC, p."createdAt" DESC, p."id" DESC`;
  const read = directRead(db);
  const countSql = `SELECT count(*)::float8 AS total FROM "VodItem" v WHERE ${whereSql}`;
  // the count's parameters are the page's without LIMIT and OFFSET (the last two)
  const [rows, counted] = await Promise.all([
    read<VodRow & { total: number }>(sql, params.values),
    query ? undefined : read<{ total: number }>(countSql, params.values.slice(0, -2)),
  ]);
  let totalCount = counted?.[0]?.total ?? rows[0]?.total;
  // a page past the end has no row to carry the window count
  if (totalCount === undefined) totalCount = (await read<{ total: number }>(countSql, params.values.slice(0, -2)))[0]?.total ?? 0;
  const now = new Date();
  return searchPage(
    request,
    totalCount,
    rows.map((r) => toLoadedVod(r, baseUrl, now).view),
  );
}
