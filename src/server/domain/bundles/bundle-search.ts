import { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { toTsQuery } from "@/server/domain/shared/search";
import { bundlesById, type BundleAudience, type BundleView } from "./bundle-view";

// What the bundle searches and the subscription search share: the words of a bundle `b` (name A,
// tags B, description C) and of its publisher `u` (userCode, first and last name, page title and
// description: D), matched with the query, and the relevance. Bundles are few per creator and
// their subscriptions few per viewer: the vectors are computed on the fly, not indexed.

const words = (text: string, weight: string) =>
  `setweight(to_tsvector('simple'::regconfig, translate(${text}, '.@/:_', '     ')), '${weight}')`;

const BUNDLE_WORDS = `${words(`b."name"`, "A")} || ${words(`kinora_tags_text(b."tags")`, "B")} || ${words(`coalesce(b."description", '')`, "C")}`;
const PUBLISHER_WORDS = words(`concat_ws(' ', u."userCode", u."firstName", u."lastName", u."pageTitle", u."pageDescription")`, "D");

/**
 * Relevance: ts_rank with the weights of the vod and box searches for the bundle's own fields
 * (name 1, tags 0.4, description 0.2) and the publisher at the document's boost 0.7 of the
 * bundle's lowest field (0.14), so a publisher-only match ranks below any match in the bundle.
 */
const WEIGHTS = `'{0.14, 0.2, 0.4, 1.0}'::float4[]`;

/** A query's match and relevance over bundle `b` (and its publisher `u` when `publisher`); undefined without words. */
export function bundleMatch(queryString: string | undefined, publisher: boolean): { where: Prisma.Sql; rank: Prisma.Sql } | undefined {
  const tsQuery = toTsQuery(queryString);
  if (!tsQuery) return undefined;
  const vector = Prisma.raw(`(${BUNDLE_WORDS}${publisher ? ` || ${PUBLISHER_WORDS}` : ""})`);
  const query = Prisma.sql`to_tsquery('simple', ${tsQuery})`;
  return { where: Prisma.sql`${vector} @@ ${query}`, rank: Prisma.sql`ts_rank(${Prisma.raw(WEIGHTS)}, ${vector}, ${query})` };
}

/** The bundles of `ids`, in that order, as `audience` sees them. */
export async function bundlesInOrder(db: Db, ids: string[], audience: BundleAudience): Promise<BundleView[]> {
  const byId = await bundlesById(db, ids, audience);
  return ids.flatMap((id) => byId.get(id) ?? []);
}
