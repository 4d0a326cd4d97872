import type { Prisma } from "@/generated/prisma/client";
import { refuseTakenDown } from "@/server/domain/admin/taken-down";
import type { DurationUnit } from "@/generated/prisma/enums";
import type { Db, DbOrTx } from "@/server/db/client";
import { notFound } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";
import {
  publicUserColumnsSql,
  publicUserRowOf,
  publicUserSelect,
  toPublicUser,
  type PublicUser,
  type PublicUserSqlRow,
} from "@/server/domain/users/public-user";

/** The document's Content bundle, with domain types. */
export interface BundleView {
  bundleId: string;
  name: string;
  description?: string;
  priceCents: number;
  /** The subscription period: `duration` whole `durationUnit`s from activation. */
  duration: number;
  durationUnit: DurationUnit;
  /** The number of items the view lists: all of them for the owner, the visible ones for anyone else. */
  itemCount: number;
  thumbnailId?: string;
  tags: string[];
  createdAt: Date;
  /** The creator (the document shows it in public views only; the REST layer decides). */
  publisher: PublicUser;
}

/** Who reads: the owner sees every item; the audience only the items whose vods are visible (vod visibility rule 1, not expired). */
export type BundleAudience = "owner" | "public";

/** The items an audience sees, as a filter on BundleItem. */
export const visibleItemsWhere = (audience: BundleAudience, now = new Date()): Prisma.BundleItemWhereInput =>
  audience === "owner"
    ? {}
    : { vodItem: { listed: true, OR: [{ expirationDate: null }, { expirationDate: { gte: startOfUtcDay(now) } }] } };

/** 00:00 UTC of the day of `now` (vod expiration dates are UTC days, the last one included). */
const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

export const bundleSelect = (audience: BundleAudience) =>
  ({
    id: true,
    ownerId: true,
    name: true,
    description: true,
    priceCents: true,
    duration: true,
    durationUnit: true,
    thumbnailId: true,
    tags: true,
    createdAt: true,
    owner: { select: publicUserSelect },
    _count: { select: { items: { where: visibleItemsWhere(audience) } } },
  }) satisfies Prisma.BundleSelect;

export type BundleRow = Prisma.BundleGetPayload<{ select: ReturnType<typeof bundleSelect> }>;

export function toBundleView(row: BundleRow, now = new Date()): BundleView {
  return {
    bundleId: row.id,
    name: row.name,
    description: row.description ?? undefined,
    priceCents: row.priceCents,
    duration: row.duration,
    durationUnit: row.durationUnit,
    itemCount: row._count.items,
    thumbnailId: row.thumbnailId ?? undefined,
    tags: row.tags,
    createdAt: row.createdAt,
    publisher: toPublicUser(row.owner, now),
  };
}

// bundleSelect's row as SQL writes it, for the statement of a bundle's items (bundle-items.ts), which
// answers every items operation with the bundle (Prisma's read beside it cost more than the statement
// did: bench/bundle-move.ts): the same fields as one JSON object, createdAt as epoch milliseconds
// (UTC without a time zone, which drivers would read in local time), the owner as a PublicUserSqlRow,
// the count left to the caller.
const BUNDLE_COLUMNS = ["id", "ownerId", "name", "description", "priceCents", "duration", "durationUnit", "thumbnailId", "tags"] as const;

/** The JSON object of bundle `table`'s row (bundleRowOf reads it); its owner is read by id. */
export const bundleRowSql = (table: string) => `json_build_object(${BUNDLE_COLUMNS.map((c) => `'${c}', ${table}."${c}"`).join(", ")},
  'createdAtMs', (EXTRACT(EPOCH FROM ${table}."createdAt") * 1000)::float8,
  'owner', (SELECT row_to_json(o) FROM (SELECT ${publicUserColumnsSql("bundle_owner")}
    FROM "User" bundle_owner WHERE bundle_owner."id" = ${table}."ownerId") o))`;

type BundleRowJson = Pick<BundleRow, (typeof BUNDLE_COLUMNS)[number]> & { createdAtMs: number; owner: PublicUserSqlRow };

/** A bundle read with bundleRowSql, as Prisma would have read it with `itemCount` items. */
export function bundleRowOf(json: string, itemCount: number): BundleRow {
  const { createdAtMs, owner, ...columns } = JSON.parse(json) as BundleRowJson;
  return { ...columns, createdAt: new Date(createdAtMs), owner: publicUserRowOf(owner), _count: { items: itemCount } };
}

/** A bundle as read, with its owner's id (authorization, the seller of its subscriptions). */
export interface LoadedBundle {
  ownerId: string;
  view: BundleView;
}

const loaded = (row: BundleRow): LoadedBundle => ({ ownerId: row.ownerId, view: toBundleView(row) });

/** The caller's own bundle; 404 for a missing one and for another user's (no existence leak). */
export async function loadOwnBundle(db: DbOrTx, ownerId: string, bundleId: unknown): Promise<LoadedBundle> {
  const id = normalizeUuid(bundleId);
  const row = id ? await db.bundle.findFirst({ where: { id, ownerId }, select: bundleSelect("owner") }) : null;
  if (!row) throw notFound("error.bundleNotFound");
  return loaded(row);
}

/**
 * A bundle as the audience reaches it: any bundle of an active creator, with the items the audience
 * sees; its owner reads it with all of them. 404 otherwise; 451 while taken down (domain/admin).
 */
export async function loadPublicBundle(db: Db, viewerId: string | undefined, bundleId: unknown): Promise<LoadedBundle> {
  const id = normalizeUuid(bundleId);
  const owner = id
    ? await db.bundle.findUnique({ where: { id }, select: { ownerId: true, takedownId: true, owner: { select: { status: true } } } })
    : null;
  if (!owner || (owner.ownerId !== viewerId && owner.owner.status !== "ACTIVE")) throw notFound("error.bundleNotFound");
  await refuseTakenDown(db, owner.takedownId);
  const row = await db.bundle.findUnique({ where: { id }, select: bundleSelect(owner.ownerId === viewerId ? "owner" : "public") });
  if (!row) throw notFound("error.bundleNotFound");
  return loaded(row);
}

/** Bundles by id, as `audience` sees them (searches, and the `bundle` object of vods: the audience's). */
export async function bundlesById(db: Db, ids: Iterable<string>, audience: BundleAudience = "public"): Promise<Map<string, BundleView>> {
  const wanted = [...new Set(ids)];
  const rows = wanted.length ? await db.bundle.findMany({ where: { id: { in: wanted } }, select: bundleSelect(audience) }) : [];
  return new Map(rows.map((r) => [r.id, toBundleView(r)]));
}
