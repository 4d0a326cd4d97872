import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { bundleMatch } from "@/server/domain/bundles/bundle-search";
import { bundlesById, type BundleView } from "@/server/domain/bundles/bundle-view";
import { readIdPage } from "@/server/domain/shared/id-page";
import type { SearchPage } from "@/server/domain/shared/search";
import { todayUtc } from "@/server/domain/vod/vod-item-view";
import { effectiveSort, type CatalogRequest } from "./catalog-input";

/** Bundle `b` has at least one item the audience sees (an empty bundle has nothing to offer yet). */
const hasVisibleItem = (now = new Date()) => Prisma.sql`EXISTS (SELECT 1 FROM "BundleItem" bi JOIN "VodItem" bv ON bv."id" = bi."vodId"
  WHERE bi."bundleId" = b."id" AND bv."listed" AND (bv."expirationDate" IS NULL OR bv."expirationDate" >= ${todayUtc(now)}::date))`;

/** The bundles of active creators (of one, `ownerId`) with something in them: words as the public bundle search has them. */
export function searchCatalogBundles(ctx: Ctx, request: CatalogRequest, ownerId?: string): Promise<SearchPage<BundleView>> {
  const m = bundleMatch(request.queryString, !ownerId);
  const conditions = [Prisma.sql`u."status" = 'ACTIVE'`, Prisma.sql`b."takedownId" IS NULL`, hasVisibleItem()];
  if (ownerId) conditions.push(Prisma.sql`b."ownerId" = ${ownerId}::uuid`);
  if (m) conditions.push(m.where);
  const from = Prisma.sql`FROM "Bundle" b JOIN "User" u ON u."id" = b."ownerId" WHERE ${Prisma.join(conditions, " AND ")}`;
  const newest = Prisma.sql`b."createdAt" DESC, b."id" DESC`;
  const order = {
    relevance: m ? Prisma.sql`${m.rank} DESC, ${newest}` : newest,
    newest,
    title: Prisma.sql`lower(b."name") ASC, b."id" ASC`,
  }[effectiveSort(request)];
  return readIdPage(ctx, request, { from, id: `b."id"`, order }, (ids) => bundlesById(ctx.db, ids, "public"));
}
