import type { Prisma } from "@/generated/prisma/client";
import { contentTupleSql, contentFieldsOf, contentRowOf, type ContentFields, type ContentTuple } from "@/server/domain/box/content-fields";
import { directRead, directTransaction, queryOf, type Db, type DirectRead } from "@/server/db/client";
import type { Ctx } from "@/server/domain/context";
import { optionalUserId, requireUserId } from "@/server/domain/context";
import { notFound, type DomainError } from "@/server/domain/errors";
import { normalizeUuid } from "@/server/domain/shared/uuid";
import { MEDIA_ELSEWHERE_SQL, mediaHomeOf } from "@/server/domain/box/box-item-view";
import { todayUtc } from "@/server/domain/vod/vod-item-view";
import { loadOwnBundle, loadPublicBundle, type BundleAudience, type BundleView } from "./bundle-view";

/** The document's Bundle item: the bundle's vod (vodId) of a box content, with the content's fields. */
export interface BundleItemView extends ContentFields {
  itemCode: string;
  vodId: string;
}

/** What the items operations answer: the items in order and their bundle, whose itemCount is their number. */
export interface BundleItemsView {
  items: BundleItemView[];
  bundle: BundleView;
}

/**
 * An item as the statement sends it: a JSON array rather than an object (no key names repeated
 * 1,000 times); `hasPoster` whether the ingest grabbed one; `homeBoxId` and `homeOwnerId` the media
 * home when the files are another box item's (MEDIA_ELSEWHERE_SQL); then the content's columns.
 */
type ItemTuple = [
  itemCode: string,
  vodId: string,
  boxId: string,
  hasPoster: boolean,
  homeBoxId: string | null,
  homeOwnerId: string | null,
  ...content: ContentTuple,
];

// One statement through the driver, and one value: a bundle of 1,000 items answers every move with
// all of them, and the rows leave the database as one JSON array of arrays (a third faster than
// 13,000 fields to decode, on PGlite most of all; arrays about a quarter cheaper than objects for the
// database: bench/bundle-move.ts). The bundle's owner is every item's owner (items are the owner's
// box contents), so it is not repeated per row. The rows are sorted in a subquery and the arrays
// built after it (PostgreSQL's documented way of feeding an aggregate sorted input): an ORDER BY in
// json_agg sorts the built arrays, a quarter of the statement's time on PostgreSQL 15.
const itemsWhere = (joinsAndWhere: string) => `SELECT coalesce(json_agg(json_build_array(s."id", s."vodId", s."boxId", s."hasPoster",
      s."homeBoxId", s."homeOwnerId", ${contentTupleSql("s")})), '[]')::text AS items
  FROM (SELECT i."id", i."vodId", b."id" AS "boxId", EXISTS (SELECT 1 FROM "Thumbnail" t WHERE t."boxItemId" = b."id") AS "hasPoster",
      ${MEDIA_ELSEWHERE_SQL.boxId} AS "homeBoxId", ${MEDIA_ELSEWHERE_SQL.ownerId} AS "homeOwnerId", ${contentTupleSql("b")}
    FROM "BundleItem" i JOIN "BoxItem" b ON b."id" = i."boxItemId" LEFT JOIN "StoredMedia" m ON m."id" = b."mediaId" ${joinsAndWhere}
    ORDER BY i."position") s`;
const ALL_ITEMS = itemsWhere(`WHERE i."bundleId" = $1::uuid`);
const VISIBLE_ITEMS = itemsWhere(`JOIN "VodItem" v ON v."id" = i."vodId"
  WHERE i."bundleId" = $1::uuid AND v."listed" AND (v."expirationDate" IS NULL OR v."expirationDate" >= $2::date)`);

/** A bundle's items in order, as `audience` sees them (bundle-view.ts: the owner all, anyone else the visible ones). */
async function readItems(
  db: Db,
  { bundleId, ownerId }: { bundleId: string; ownerId: string },
  audience: BundleAudience,
  baseUrl?: string,
): Promise<BundleItemView[]> {
  const read = directRead(db);
  const [row] =
    audience === "owner"
      ? await read<{ items: string }>(ALL_ITEMS, [bundleId])
      : await read<{ items: string }>(VISIBLE_ITEMS, [bundleId, todayUtc()]);
  return (JSON.parse(row?.items ?? "[]") as ItemTuple[]).map(([itemCode, vodId, boxId, hasPoster, homeBoxId, homeOwnerId, ...content]) => {
    const poster = hasPoster ? mediaHomeOf({ id: boxId, ownerId }, { boxId: homeBoxId, ownerId: homeOwnerId }) : undefined;
    return { itemCode, vodId, ...contentFieldsOf(boxId, contentRowOf(content), poster, baseUrl) };
  });
}

/** A bundle with its items: itemCount is the count of the very items listed (a change committed between the two reads cannot make them disagree). */
const withItems = (bundle: BundleView, items: BundleItemView[]): BundleItemsView => ({
  items,
  bundle: { ...bundle, itemCount: items.length },
});

/** A bundle as the audience reaches it (loadPublicBundle) with its items as they see them; its owner sees all. */
export async function readPublicBundleItems(ctx: Ctx, bundleId: unknown): Promise<BundleItemsView> {
  const viewerId = optionalUserId(ctx);
  const bundle = await loadPublicBundle(ctx.db, viewerId, bundleId);
  const audience = bundle.ownerId === viewerId ? "owner" : "public";
  return withItems(
    bundle.view,
    await readItems(ctx.db, { bundleId: bundle.view.bundleId, ownerId: bundle.ownerId }, audience, ctx.baseUrl),
  );
}

/**
 * Locks one of the owner's bundles for a change of its items (item-positions.ts) or its deletion,
 * through the transaction's `query`; 404 for another user's, or the error `refusal` makes.
 */
export async function lockOwnBundle(
  query: DirectRead,
  ownerId: string,
  bundleId: string | undefined,
  refusal: () => DomainError = () => notFound("error.bundleNotFound"),
): Promise<string> {
  const [row] = bundleId
    ? await query<{ id: string }>(`SELECT "id"::text AS id FROM "Bundle" WHERE "id" = $1::uuid AND "ownerId" = $2::uuid FOR UPDATE`, [
        bundleId,
        ownerId,
      ])
    : [];
  if (!row) throw refusal();
  return row.id;
}

/** One of the owner's bundles with all its items, both read at once: what every items operation of the owner answers. */
export async function readOwnBundleItems(ctx: Ctx, ownerId: string, bundleId: unknown): Promise<BundleItemsView> {
  const id = normalizeUuid(bundleId);
  if (!id) throw notFound("error.bundleNotFound");
  const [bundle, items] = await Promise.all([
    loadOwnBundle(ctx.db, ownerId, id),
    readItems(ctx.db, { bundleId: id, ownerId }, "owner", ctx.baseUrl),
  ]);
  return withItems(bundle.view, items);
}

type LockedBundle = { ownerId: string; bundleId: string };

/**
 * Runs a change of the caller's bundle's items in a Prisma transaction holding the bundle's lock
 * (item-positions.ts: `queryOf(tx)` for its statements); then answers the bundle with its items.
 */
export async function changeBundleItems(
  ctx: Ctx,
  bundleId: unknown,
  change: (tx: Prisma.TransactionClient, bundle: LockedBundle) => Promise<void>,
): Promise<BundleItemsView> {
  const ownerId = requireUserId(ctx);
  const id = await ctx.db.$transaction(async (tx) => {
    const locked = await lockOwnBundle(queryOf(tx), ownerId, normalizeUuid(bundleId));
    await change(tx, { ownerId, bundleId: locked });
    return locked;
  });
  return readOwnBundleItems(ctx, ownerId, id);
}

/**
 * changeBundleItems for a change of the order alone (a move: a few statements, no row written
 * through Prisma), in the driver's transaction: Prisma's interactive one cost more than the
 * statements (bench/bundle-move.ts).
 */
export async function changeBundleOrder(
  ctx: Ctx,
  bundleId: unknown,
  change: (query: DirectRead, bundle: LockedBundle) => Promise<void>,
): Promise<BundleItemsView> {
  const ownerId = requireUserId(ctx);
  const id = await directTransaction(ctx.db)(async (query) => {
    const locked = await lockOwnBundle(query, ownerId, normalizeUuid(bundleId));
    await change(query, { ownerId, bundleId: locked });
    return locked;
  });
  return readOwnBundleItems(ctx, ownerId, id);
}
