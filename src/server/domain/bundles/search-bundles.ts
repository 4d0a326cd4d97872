import type { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { searchPage, searchRequest, type SearchPage, type SearchRequest } from "@/server/domain/shared/search";
import { findActiveUserIdByCode, userCodeFilter } from "@/server/domain/users/active-user-by-code";
import { bundleMatch, bundlesInOrder } from "./bundle-search";
import type { BundleAudience, BundleView } from "./bundle-view";

export const searchBundlesInput = searchRequest;

export const searchPublicBundlesInput = searchRequest.extend({
  /** Only this creator's bundles (supplement §1). */
  userCode: userCodeFilter,
});

/** One statement for the total, one for the page: bundles of one owner, or of every active creator (publisher words included). */
async function runBundleSearch(
  ctx: Ctx,
  request: SearchRequest,
  scope: { ownerId?: string; publisherWords: boolean },
  audience: BundleAudience,
): Promise<SearchPage<BundleView>> {
  const match = bundleMatch(request.queryString, scope.publisherWords);
  const conditions = [Prisma.sql`u."status" = 'ACTIVE'`];
  if (scope.ownerId) conditions.push(Prisma.sql`b."ownerId" = ${scope.ownerId}::uuid`);
  // the audience never finds a bundle taken down (domain/admin); its owner does
  if (audience === "public") conditions.push(Prisma.sql`b."takedownId" IS NULL`);
  if (match) conditions.push(match.where);
  if (request.tags?.length) conditions.push(Prisma.sql`b."tags" @> ${request.tags}::text[]`);
  const where = Prisma.join(conditions, " AND ");
  const order = match ? Prisma.sql`${match.rank} DESC, b."createdAt" DESC, b."id" DESC` : Prisma.sql`b."createdAt" DESC, b."id" DESC`;
  const from = Prisma.sql`FROM "Bundle" b JOIN "User" u ON u."id" = b."ownerId" WHERE ${where}`;
  const [countRows, idRows] = await Promise.all([
    ctx.db.$queryRaw<{ count: bigint | number }[]>`SELECT count(*) AS count ${from}`,
    ctx.db.$queryRaw<{ id: string }[]>`SELECT b."id"::text AS id ${from} ORDER BY ${order}
      LIMIT ${request.pageSize} OFFSET ${request.pageIndex * request.pageSize}`,
  ]);
  const items = await bundlesInOrder(
    ctx.db,
    idRows.map((r) => r.id),
    audience,
  );
  return searchPage(request, Number(countRows[0]?.count ?? 0), items);
}

// POST /api/search/contentbundles - the caller's bundles: queryString over name, tags, description
// (`*` at the end: prefix), every tag of `tags`; by relevance, then creation date, newest first.
export async function searchBundles(ctx: Ctx, input: z.output<typeof searchBundlesInput>): Promise<SearchPage<BundleView>> {
  return runBundleSearch(ctx, input, { ownerId: requireUserId(ctx), publisherWords: false }, "owner");
}

// POST /api/public/search/contentbundles - the bundles of active creators, with their publisher:
// queryString over name, tags, description and, without a userCode filter, the publisher (userCode,
// names, page title and description) at the document's boost 0.7; `userCode` and `tags` filter; by
// relevance, then creation date, newest first. An unknown userCode finds nothing.
export async function searchPublicBundles(ctx: Ctx, input: z.output<typeof searchPublicBundlesInput>): Promise<SearchPage<BundleView>> {
  if (input.userCode === undefined) return runBundleSearch(ctx, input, { publisherWords: true }, "public");
  const ownerId = await findActiveUserIdByCode(ctx.sql, input.userCode);
  if (!ownerId) return searchPage(input, 0, []);
  return runBundleSearch(ctx, input, { ownerId, publisherWords: false }, "public");
}
