import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { emptyToUndefined, zBool } from "@/server/core/schema";
import { searchPage, searchRequest, type SearchPage } from "@/server/domain/shared/search";
import { bundleMatch } from "./bundle-search";
import { bundlesById, type BundleView } from "./bundle-view";

/** The document's Bundle subscription. */
export interface BundleSubscriptionView {
  subscriptionId: string;
  /** The bundle as its audience sees it. */
  bundle: BundleView;
  /** When it started (valueDate, the subscription date). */
  startsAt: Date;
  /** When it ends; subscribing again before then moves it on. */
  expiresAt: Date;
}

/** The document's four orders: relevance, subscription date (newest first), expiration (soonest first), bundle name. */
const SORTS = ["relevance", "valueDate", "expirationDate", "name"] as const;
const sortAliases: Record<string, (typeof SORTS)[number]> = {
  relevance: "relevance",
  valuedate: "valueDate",
  subscriptiondate: "valueDate",
  date: "valueDate",
  expirationdate: "expirationDate",
  expiration: "expirationDate",
  name: "name",
};

export const searchSubscriptionsInput = searchRequest.extend({
  /** Only the subscriptions to this bundle (supplement §1). */
  bundleId: z.preprocess(emptyToUndefined, z.uuid("field.invalid").optional()),
  /** Expired subscriptions too (by default only the running ones). */
  expiredIncluded: z.preprocess((v) => emptyToUndefined(v) ?? false, zBool()),
  // case-insensitive; absent or empty = relevance (which is subscription date order without a query)
  sort: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() === "" ? undefined : (sortAliases[v.trim().toLowerCase()] ?? v)) : (v ?? undefined)),
    z.enum(SORTS, "field.sort").default("relevance"),
  ),
});

// POST /api/search/contentbundle/subscriptions - the caller's bundle subscriptions: queryString over
// the bundle (name, tags, description) and its publisher (boost 0.7), `bundleId`, `tags` (the
// bundle's), the running ones only unless expiredIncluded; sorted by `sort` (relevance, valueDate,
// expirationDate, name), ties newest subscription first.
export async function searchSubscriptions(
  ctx: Ctx,
  input: z.output<typeof searchSubscriptionsInput>,
): Promise<SearchPage<BundleSubscriptionView>> {
  const userId = requireUserId(ctx);
  const match = bundleMatch(input.queryString, true);
  const conditions = [Prisma.sql`s."userId" = ${userId}::uuid`];
  if (input.bundleId) conditions.push(Prisma.sql`s."bundleId" = ${input.bundleId}::uuid`);
  if (!input.expiredIncluded) conditions.push(Prisma.sql`s."expiresAt" > ${new Date()}`);
  if (match) conditions.push(match.where);
  if (input.tags?.length) conditions.push(Prisma.sql`b."tags" @> ${input.tags}::text[]`);
  const ties = Prisma.sql`s."startsAt" DESC, s."id" DESC`;
  const order = {
    relevance: match ? Prisma.sql`${match.rank} DESC, ${ties}` : ties,
    valueDate: ties,
    expirationDate: Prisma.sql`s."expiresAt", ${ties}`,
    name: Prisma.sql`lower(b."name"), ${ties}`,
  }[input.sort];
  const from = Prisma.sql`FROM "BundleSubscription" s JOIN "Bundle" b ON b."id" = s."bundleId" JOIN "User" u ON u."id" = b."ownerId"
    WHERE ${Prisma.join(conditions, " AND ")}`;
  const [countRows, rows] = await Promise.all([
    ctx.db.$queryRaw<{ count: bigint | number }[]>`SELECT count(*) AS count ${from}`,
    ctx.db.$queryRaw<{ id: string; bundleId: string; startsAt: Date; expiresAt: Date }[]>`
      SELECT s."id"::text AS id, s."bundleId"::text AS "bundleId", s."startsAt", s."expiresAt" ${from}
      ORDER BY ${order} LIMIT ${input.pageSize} OFFSET ${input.pageIndex * input.pageSize}`,
  ]);
  const bundles = await bundlesById(
    ctx.db,
    rows.map((r) => r.bundleId),
  );
  const items = rows.flatMap((r) => {
    const bundle = bundles.get(r.bundleId);
    return bundle ? [{ subscriptionId: r.id, bundle, startsAt: new Date(r.startsAt), expiresAt: new Date(r.expiresAt) }] : [];
  });
  return searchPage(input, Number(countRows[0]?.count ?? 0), items);
}
