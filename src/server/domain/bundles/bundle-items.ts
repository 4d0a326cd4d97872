import type { Prisma } from "@/generated/prisma/client";
import {
  contentColumnsOf,
  contentColumnsSql,
  contentFieldsOf,
  contentRowAt,
  type ContentFields,
  type ContentRow,
} from "@/server/domain/box/content-fields";
import { columnsOf, jsonColumns } from "@/server/db/json-rows";
import { queryOf } from "@/server/db/client";
import type { DirectRead } from "@/server/db/sql-runner";
import type { Ctx } from "@/server/core/context";
import { optionalUserId, requireUserId } from "@/server/core/context";
import { notFound, type DomainError } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";
import { MEDIA_ELSEWHERE_SQL, mediaHomeOf } from "@/server/domain/box/box-item-view";
import { todayUtc } from "@/server/domain/vod/vod-item-view";
import type { OrderedItem } from "./item-positions";
import { bundleRowOf, bundleRowSql, loadPublicBundle, toBundleView, type BundleView } from "./bundle-view";

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
 * An item as the statement reads it: `position` its place in the order (item-positions.ts);
 * `hasPoster` whether the ingest grabbed one; `homeBoxId` and `homeOwnerId` the media home when the
 * files are another box item's (MEDIA_ELSEWHERE_SQL); then the content's columns.
 */
interface ItemRow extends ContentRow {
  id: string;
  position: number;
  vodId: string;
  boxId: string;
  hasPoster: boolean;
  homeBoxId: string | null;
  homeOwnerId: string | null;
}
const ITEM_COLUMNS = jsonColumns<ItemRow>({
  ...columnsOf("s", "id", "position", "vodId", "boxId", "hasPoster", "homeBoxId", "homeOwnerId"),
  ...contentColumnsOf("s"),
});

// The items leave the database as one value, a JSON array of columns: a bundle of 1,000 items answers
// every move with all of them (a third faster than 13,000 fields to decode, on PGlite most of all),
// and one json_agg per column works out how to write its type once, where building an array per
// item did it for every value (a quarter of the statement's time on PGlite: bench/bundle-move.ts).
// The bundle's owner is every item's owner (items are the owner's box contents), so it is not
// repeated. The rows are sorted in a subquery, which every aggregate reads in that order
// (PostgreSQL's documented way of feeding aggregates sorted input; an ORDER BY in each would sort
// the rows once per column).
const itemsWhere = (joinsAndWhere: string) => `SELECT ${ITEM_COLUMNS.sql}::text
  FROM (SELECT i."id", i."position", i."vodId", b."id" AS "boxId", EXISTS (SELECT 1 FROM "Thumbnail" t WHERE t."boxItemId" = b."id") AS "hasPoster",
      ${MEDIA_ELSEWHERE_SQL.boxId} AS "homeBoxId", ${MEDIA_ELSEWHERE_SQL.ownerId} AS "homeOwnerId", ${contentColumnsSql("b")}
    FROM "BundleItem" i JOIN "BoxItem" b ON b."id" = i."boxItemId" LEFT JOIN "StoredMedia" m ON m."id" = b."mediaId" ${joinsAndWhere}
    ORDER BY i."position") s`;
/** The owner's bundle ($1, of owner $2) and all its items, in one statement: what every items operation of the owner answers. */
const OWN_BUNDLE_ITEMS = `SELECT ${bundleRowSql("bundle")}::text AS bundle, (${itemsWhere(`WHERE i."bundleId" = $1::uuid`)}) AS items
  FROM "Bundle" bundle WHERE bundle."id" = $1::uuid AND bundle."ownerId" = $2::uuid`;
/** The items of bundle $1 whose vods are visible on day $2 (the public's). */
const VISIBLE_ITEMS = `SELECT (${itemsWhere(`JOIN "VodItem" v ON v."id" = i."vodId"
  WHERE i."bundleId" = $1::uuid AND v."listed" AND (v."expirationDate" IS NULL OR v."expirationDate" >= $2::date)`)}) AS items`;

/** The items of the statement's JSON (ITEM_COLUMNS), in order, and their positions; `ownerId` the bundle's owner. */
function itemsOf(json: string, ownerId: string, baseUrl?: string): { items: BundleItemView[]; positions: number[] } {
  const c = ITEM_COLUMNS.columns(JSON.parse(json) as (unknown[] | null)[]);
  const items = c.id.map((itemCode, k) => {
    const boxId = c.boxId[k]!;
    const poster = c.hasPoster[k]
      ? mediaHomeOf({ id: boxId, ownerId }, { boxId: c.homeBoxId[k] ?? null, ownerId: c.homeOwnerId[k] ?? null })
      : undefined;
    return { itemCode, vodId: c.vodId[k]!, ...contentFieldsOf(boxId, contentRowAt(c, k), poster, baseUrl) };
  });
  return { items, positions: c.position };
}

/**
 * A bundle as the audience reaches it (loadPublicBundle) with the items they see (whose vods are
 * visible), itemCount their number; its owner sees all (readOwnBundleItems).
 */
export async function readPublicBundleItems(ctx: Ctx, bundleId: unknown): Promise<BundleItemsView> {
  const viewerId = optionalUserId(ctx);
  const bundle = await loadPublicBundle(ctx.db, viewerId, bundleId);
  const { read } = ctx.sql;
  if (bundle.ownerId === viewerId) return readOwnBundleItems(read, bundle.ownerId, bundle.view.bundleId, ctx.baseUrl);
  const [row] = await read<{ items: string }>(VISIBLE_ITEMS, [bundle.view.bundleId, todayUtc()]);
  const { items } = itemsOf(row!.items, bundle.ownerId, ctx.baseUrl);
  return { items, bundle: { ...bundle.view, itemCount: items.length } };
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

/** What readOwnBundle reads: the bundle with its items, and the items' positions in the same order. */
interface OwnBundle {
  view: BundleItemsView;
  positions: number[];
}

async function readOwnBundle(query: DirectRead, ownerId: string, bundleId: string | undefined, baseUrl?: string): Promise<OwnBundle> {
  const [row] = bundleId ? await query<{ bundle: string; items: string }>(OWN_BUNDLE_ITEMS, [bundleId, ownerId]) : [];
  if (!row) throw notFound("error.bundleNotFound");
  const { items, positions } = itemsOf(row.items, ownerId, baseUrl);
  return { view: { items, bundle: toBundleView(bundleRowOf(row.bundle, items.length)) }, positions };
}

/**
 * One of the owner's bundles with all its items, read by one statement through `query` (the driver's,
 * or the transaction's that changed them); 404 for another user's.
 */
export async function readOwnBundleItems(
  query: DirectRead,
  ownerId: string,
  bundleId: unknown,
  baseUrl?: string,
): Promise<BundleItemsView> {
  return (await readOwnBundle(query, ownerId, normalizeUuid(bundleId), baseUrl)).view;
}

type LockedBundle = { ownerId: string; bundleId: string };

/**
 * Runs a change of the caller's bundle's items in a Prisma transaction holding the bundle's lock
 * (item-positions.ts: `queryOf(tx)` for its statements), and answers the bundle with its items as
 * the change left them, read in the same transaction.
 */
export async function changeBundleItems(
  ctx: Ctx,
  bundleId: unknown,
  change: (tx: Prisma.TransactionClient, bundle: LockedBundle) => Promise<void>,
): Promise<BundleItemsView> {
  const ownerId = requireUserId(ctx);
  return ctx.db.$transaction(async (tx) => {
    const query = queryOf(tx);
    const locked = await lockOwnBundle(query, ownerId, normalizeUuid(bundleId));
    await change(tx, { ownerId, bundleId: locked });
    return readOwnBundleItems(query, ownerId, locked, ctx.baseUrl);
  });
}

/** A bundle's items in order as a change of the order sees them: `at(index)` the item there, with its position. */
export interface BundleOrder {
  items: BundleItemView[];
  at: (index: number) => OrderedItem | undefined;
}

/**
 * changeBundleItems for a change of the order alone (a move), in the driver's transaction (Prisma's
 * interactive one cost more than the statements: bench/bundle-move.ts). The bundle and its items are
 * read once, under the lock: `reorder` works out the change from them, writes it and returns the
 * items in their new order, which is the answer (the contents are as read; only their order changed).
 */
export async function changeBundleOrder(
  ctx: Ctx,
  bundleId: unknown,
  reorder: (query: DirectRead, bundle: LockedBundle, order: BundleOrder) => Promise<BundleItemView[]>,
): Promise<BundleItemsView> {
  const ownerId = requireUserId(ctx);
  return ctx.sql.transaction(async (query) => {
    const locked = await lockOwnBundle(query, ownerId, normalizeUuid(bundleId));
    const { view, positions } = await readOwnBundle(query, ownerId, locked, ctx.baseUrl);
    const at = (index: number): OrderedItem | undefined => {
      const item = view.items[index];
      return item && { id: item.itemCode, vodId: item.vodId, position: positions[index]!, index };
    };
    const items = await reorder(query, { ownerId, bundleId: locked }, { items: view.items, at });
    return { ...view, items };
  });
}
