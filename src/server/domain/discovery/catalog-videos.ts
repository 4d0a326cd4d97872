import { Prisma } from "@/generated/prisma/client";
import type { DbAccess } from "@/server/db/client";
import type { Ctx } from "@/server/core/context";
import { readIdPage } from "@/server/domain/shared/id-page";
import { toTsQuery, type SearchPage } from "@/server/domain/shared/search";
import { withBundles } from "@/server/domain/vod/vod-bundles";
import { todayUtc, toLoadedVod, VOD_COLUMNS, VOD_JOINS, type VodItemView, type VodRow } from "@/server/domain/vod/vod-item-view";
import { effectiveSort, type CatalogRequest } from "./catalog-input";

/**
 * The vods `v` anyone may find in listings: visible (listed: public, the publisher's vods public and
 * account active; not expired) and not a bundle's copy, which is listed under its bundle (the bundle
 * card, the bundle page), not as a card of its own.
 */
export const listedVodsWhere = (now = new Date()) =>
  Prisma.sql`v."listed" AND v."licenseType" <> 'CONTENT_BUNDLE'::"VodLicenseType"
    AND (v."expirationDate" IS NULL OR v."expirationDate" >= ${todayUtc(now)}::date)`;

/** Vods by id as the audience sees them (with their publisher), keyed by id. */
export async function vodsById({ db, sql }: DbAccess, ids: string[], baseUrl: string | undefined): Promise<Map<string, VodItemView>> {
  const rows = await sql.read<VodRow>(`SELECT ${VOD_COLUMNS} FROM "VodItem" v ${VOD_JOINS} WHERE v."id" = ANY($1::uuid[])`, [ids]);
  const views = rows.map((r) => toLoadedVod(r, baseUrl).view);
  await withBundles(db, views);
  return new Map(views.map((v) => [v.vodId, v]));
}

/**
 * The listed vods (of one publisher, `ownerId`): the words over the content (title A, tags B,
 * description C) and, for every publisher, the publisher's (D); newest first, by title, or by
 * relevance (the vod search's weights).
 */
export function searchCatalogVideos(ctx: Ctx, request: CatalogRequest, ownerId?: string): Promise<SearchPage<VodItemView>> {
  const conditions = [listedVodsWhere()];
  if (ownerId) conditions.push(Prisma.sql`v."ownerId" = ${ownerId}::uuid`);
  const tsQuery = toTsQuery(request.queryString, ownerId ? "ABC" : "");
  const query = tsQuery ? Prisma.sql`to_tsquery('simple', ${tsQuery})` : undefined;
  if (query) conditions.push(Prisma.sql`v."searchVector" @@ ${query}`);
  const from = Prisma.sql`FROM "VodItem" v JOIN "BoxItem" b ON b."id" = v."boxItemId" WHERE ${Prisma.join(conditions, " AND ")}`;
  const newest = Prisma.sql`v."createdAt" DESC, v."id" DESC`;
  const order = {
    relevance: query ? Prisma.sql`ts_rank('{0.1, 0.2, 0.4, 1.0}'::float4[], v."searchVector", ${query}) DESC, ${newest}` : newest,
    newest,
    title: Prisma.sql`lower(b."title") ASC, v."id" ASC`,
  }[effectiveSort(request)];
  return readIdPage(ctx, request, { from, id: `v."id"`, order }, (ids) => vodsById(ctx, ids, ctx.baseUrl));
}
