import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { readIdPage } from "@/server/domain/shared/id-page";
import { toTsQuery, type SearchPage } from "@/server/domain/shared/search";
import { publicUserSelect, toPublicUser, type PublicUser } from "@/server/domain/users/public-user";
import { USER_SEARCH_VECTOR } from "@/server/domain/users/search-users";
import { effectiveSort, type CatalogRequest } from "./catalog-input";
import { listedVodsWhere } from "./catalog-videos";

/** User `u` has something in the catalog: a listed video, a bundle, a public live channel or a cast channel. */
const hasPublicContent = () => Prisma.sql`(
  EXISTS (SELECT 1 FROM "VodItem" v WHERE v."ownerId" = u."id" AND ${listedVodsWhere()})
  OR EXISTS (SELECT 1 FROM "Bundle" b WHERE b."ownerId" = u."id")
  OR EXISTS (SELECT 1 FROM "LiveChannel" lc WHERE lc."ownerId" = u."id" AND lc."public")
  OR EXISTS (SELECT 1 FROM "CastChannel" cc WHERE cc."ownerId" = u."id"))`;

/** Active creators with something to see: the words of the user search (userCode, names and page title, description). */
export function searchCatalogCreators(ctx: Ctx, request: CatalogRequest, ownerId?: string): Promise<SearchPage<PublicUser>> {
  const tsQuery = toTsQuery(request.queryString);
  // its columns unqualified: "User" u is the statement's one table outside the EXISTS checks
  const vector = Prisma.raw(USER_SEARCH_VECTOR);
  const query = tsQuery ? Prisma.sql`to_tsquery('simple', ${tsQuery})` : undefined;
  const conditions = [Prisma.sql`u."status" = 'ACTIVE'`, Prisma.sql`u."takedownId" IS NULL`, hasPublicContent()];
  if (ownerId) conditions.push(Prisma.sql`u."id" = ${ownerId}::uuid`);
  if (query) conditions.push(Prisma.sql`${vector} @@ ${query}`);
  const from = Prisma.sql`FROM "User" u WHERE ${Prisma.join(conditions, " AND ")}`;
  const newest = Prisma.sql`u."createdAt" DESC, u."id" DESC`;
  const order = {
    relevance: query ? Prisma.sql`ts_rank(${vector}, ${query}) DESC, ${newest}` : newest,
    newest,
    title: Prisma.sql`lower(coalesce(u."pageTitle", u."userCode")) ASC, u."id" ASC`,
  }[effectiveSort(request)];
  return readIdPage(ctx, request, { from, id: `u."id"`, order }, async (ids) => {
    const rows = await ctx.db.user.findMany({ where: { id: { in: ids } }, select: { id: true, ...publicUserSelect } });
    return new Map(rows.map(({ id, ...row }) => [id, toPublicUser(row)]));
  });
}
