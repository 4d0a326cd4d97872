import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { searchPage, searchRequest, toTsQuery, type SearchPage } from "@/server/domain/shared/search";
import { boxItemSelect, toBoxItemView, type BoxItemView } from "./box-item-view";
import { emptyToUndefined } from "@/server/core/schema";

/**
 * The box search vector: title (weight A), tags (B), description (C). The same text is indexed by
 * the expression GIN index of migration 20261122000654_box_media: change both together (PostgreSQL
 * uses the index only for an identical expression).
 */
export const BOX_SEARCH_VECTOR = `(setweight(to_tsvector('simple'::regconfig, translate("title", '.@/:_', '     ')), 'A') || setweight(to_tsvector('simple'::regconfig, translate(kinora_tags_text("tags"), '.@/:_', '     ')), 'B') || setweight(to_tsvector('simple'::regconfig, translate(coalesce("description", ''), '.@/:_', '     ')), 'C'))`;

export const searchBoxItemsInput = searchRequest.extend({
  /** UPLOAD or MARKETPLACE (supplement §1). */
  source: z.preprocess(
    (v) => (typeof v === "string" ? emptyToUndefined(v.trim().toUpperCase()) : v),
    z.enum(["UPLOAD", "MARKETPLACE"]).optional(),
  ),
  /** Items already in this bundle are left out (supplement §1). */
  excludeBundleId: z.preprocess(emptyToUndefined, z.uuid().optional()),
});

// POST /api/search/box/contents - the caller's box items matching `queryString` (title, tags,
// description; `*` at the end makes the last word a prefix), having every tag of `tags`, of the
// given source, not in `excludeBundleId`; by relevance, then newest first.
export async function searchBoxItems(ctx: Ctx, input: z.output<typeof searchBoxItemsInput>): Promise<SearchPage<BoxItemView>> {
  const ownerId = requireUserId(ctx);
  const tsQuery = toTsQuery(input.queryString);
  const vector = Prisma.raw(BOX_SEARCH_VECTOR);
  const query = tsQuery ? Prisma.sql`to_tsquery('simple', ${tsQuery})` : undefined;
  const conditions = [Prisma.sql`b."ownerId" = ${ownerId}::uuid`];
  if (query) conditions.push(Prisma.sql`${vector} @@ ${query}`);
  if (input.tags?.length) conditions.push(Prisma.sql`b."tags" @> ${input.tags}::text[]`);
  if (input.source) conditions.push(Prisma.sql`b."source" = ${input.source}::"BoxSource"`);
  if (input.excludeBundleId)
    conditions.push(
      Prisma.sql`NOT EXISTS (SELECT 1 FROM "BundleItem" bi WHERE bi."boxItemId" = b."id" AND bi."bundleId" = ${input.excludeBundleId}::uuid)`,
    );
  const where = Prisma.join(conditions, " AND ");
  const orderBy = query
    ? Prisma.sql`ts_rank(${vector}, ${query}) DESC, b."createdAt" DESC, b."id"`
    : Prisma.sql`b."createdAt" DESC, b."id"`;

  const [countRows, idRows] = await Promise.all([
    ctx.db.$queryRaw<{ count: bigint | number }[]>`SELECT count(*) AS count FROM "BoxItem" b WHERE ${where}`,
    ctx.db.$queryRaw<{ id: string }[]>`
      SELECT b."id"::text AS id FROM "BoxItem" b WHERE ${where}
      ORDER BY ${orderBy}
      LIMIT ${input.pageSize} OFFSET ${input.pageIndex * input.pageSize}`,
  ]);
  const ids = idRows.map((r) => r.id);
  const rows = ids.length ? await ctx.db.boxItem.findMany({ where: { id: { in: ids } }, select: boxItemSelect }) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toBoxItemView(row, ctx.baseUrl)] : [];
  });
  return searchPage(input, Number(countRows[0]?.count ?? 0), items);
}
