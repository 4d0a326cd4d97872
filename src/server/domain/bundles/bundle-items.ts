import type { Prisma } from "@/generated/prisma/client";
import { contentFieldsOf, type ContentFields, type ContentRow } from "@/server/domain/box/content-fields";
import { directRead, type Db } from "@/server/db/client";
import type { Ctx } from "@/server/domain/context";
import { optionalUserId, requireUserId } from "@/server/domain/context";
import { notFound, type DomainError } from "@/server/domain/errors";
import { normalizeUuid } from "@/server/domain/shared/uuid";
import { MEDIA_HOME_SQL } from "@/server/domain/box/box-item-view";
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

interface ItemRow extends ContentRow {
  itemCode: string;
  vodId: string;
  ownerId: string;
  boxId: string;
  hasPoster: boolean;
  /** Where the item's files are (box-item-view playableOf). */
  mediaBoxId: string;
  mediaOwnerId: string;
}

// One statement through the driver, and one value: a bundle of 1,000 items answers every move with
// all of them, and the rows leave the database as one JSON array (a third faster than 12,000
// fields to decode, on PGlite most of all: bench/bundle-move.ts). The array is made of the rows
// themselves (json_agg of a row), a sixth cheaper for the database than building each object.
const itemsWhere = (joinsAndWhere: string) => `SELECT coalesce(json_agg(r ORDER BY r."position"), '[]')::text AS items
  FROM (SELECT i."position", i."id" AS "itemCode", i."vodId", b."ownerId", b."id" AS "boxId", b."contentId", b."resourceId",
      b."title", b."description", b."durationSeconds", b."thumbnailId",
      EXISTS (SELECT 1 FROM "Thumbnail" t WHERE t."boxItemId" = b."id") AS "hasPoster", b."tags",
      ${MEDIA_HOME_SQL.boxId} AS "mediaBoxId", ${MEDIA_HOME_SQL.ownerId} AS "mediaOwnerId"
    FROM "BundleItem" i JOIN "BoxItem" b ON b."id" = i."boxItemId" ${joinsAndWhere}) r`;
const ALL_ITEMS = itemsWhere(`WHERE i."bundleId" = $1::uuid`);
const VISIBLE_ITEMS = itemsWhere(`JOIN "VodItem" v ON v."id" = i."vodId"
  WHERE i."bundleId" = $1::uuid AND v."listed" AND (v."expirationDate" IS NULL OR v."expirationDate" >= $2::date)`);

/** A bundle's items in order, as `audience` sees them (bundle-view.ts: the owner all, anyone else the visible ones). */
async function readItems(db: Db, bundleId: string, audience: BundleAudience, baseUrl?: string): Promise<BundleItemView[]> {
  const read = directRead(db);
  const [row] =
    audience === "owner"
      ? await read<{ items: string }>(ALL_ITEMS, [bundleId])
      : await read<{ items: string }>(VISIBLE_ITEMS, [bundleId, todayUtc()]);
  return (JSON.parse(row?.items ?? "[]") as ItemRow[]).map((r): BundleItemView => ({
    itemCode: r.itemCode,
    vodId: r.vodId,
    ...contentFieldsOf(
      r.boxId,
      r,
      r.hasPoster ? { ownerId: r.mediaOwnerId, boxId: r.mediaBoxId, bandOwnerId: r.ownerId } : undefined,
      baseUrl,
    ),
  }));
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
  return withItems(bundle.view, await readItems(ctx.db, bundle.view.bundleId, audience, ctx.baseUrl));
}

/**
 * Locks one of the owner's bundles for a change of its items (item-positions.ts) or its deletion;
 * 404 for another user's, or the error `refusal` makes.
 */
export async function lockOwnBundle(
  tx: Prisma.TransactionClient,
  ownerId: string,
  bundleId: string | undefined,
  refusal: () => DomainError = () => notFound("error.bundleNotFound"),
): Promise<string> {
  const [row] = bundleId
    ? await tx.$queryRaw<
        { id: string }[]
      >`SELECT "id"::text AS id FROM "Bundle" WHERE "id" = ${bundleId}::uuid AND "ownerId" = ${ownerId}::uuid FOR UPDATE`
    : [];
  if (!row) throw refusal();
  return row.id;
}

/** One of the owner's bundles with all its items, both read at once: what every items operation of the owner answers. */
export async function readOwnBundleItems(ctx: Ctx, ownerId: string, bundleId: unknown): Promise<BundleItemsView> {
  const id = normalizeUuid(bundleId);
  if (!id) throw notFound("error.bundleNotFound");
  const [bundle, items] = await Promise.all([loadOwnBundle(ctx.db, ownerId, id), readItems(ctx.db, id, "owner", ctx.baseUrl)]);
  return withItems(bundle.view, items);
}

/**
 * Runs a change of the caller's bundle's items in a transaction holding the bundle's lock
 * (item-positions.ts); then answers the bundle with its items.
 */
export async function changeBundleItems(
  ctx: Ctx,
  bundleId: unknown,
  change: (tx: Prisma.TransactionClient, change: { ownerId: string; bundleId: string }) => Promise<void>,
): Promise<BundleItemsView> {
  const ownerId = requireUserId(ctx);
  const id = await ctx.db.$transaction(async (tx) => {
    const locked = await lockOwnBundle(tx, ownerId, normalizeUuid(bundleId));
    await change(tx, { ownerId, bundleId: locked });
    return locked;
  });
  return readOwnBundleItems(ctx, ownerId, id);
}
