import type { Prisma } from "@/generated/prisma/client";
import { contentFieldsOf, contentObjectSql, contentRowSelect, type ContentFields } from "@/server/domain/box/content-fields";
import type { Db, DbOrTx } from "@/server/db/client";
import { notFound } from "@/server/core/errors";
import { playableOf } from "@/server/domain/box/box-item-view";
import type { PlayableItem } from "@/server/domain/playback/sign-playback";
import { normalizeUuid } from "@/server/core/uuid";
import { publicUserSelect, toPublicUser, type PublicUser } from "@/server/domain/users/public-user";
import { termColumnSelect, termsOf, type LicenseTerms } from "./license-terms";

/** The document's Marketplace item, with domain types: a content of the seller's box offered under license terms. */
export interface MarketItemView extends ContentFields {
  marketplaceId: string;
  /** The conditions (licenseType and what that type takes). */
  conditions: LicenseTerms;
  /** When it was put on the marketplace. */
  publishedAt: Date;
  /** How many creators hold a license acquired from it (the seller's "sales"; not in the document's shape). */
  acquisitions: number;
  /** The seller (the document shows it in public views only). */
  seller: PublicUser;
}

/** A listing as read, with its seller's id (authorization) and where its content's files are (preview). */
export interface LoadedMarketItem {
  sellerId: string;
  /** The seller's account is ACTIVE: others may see and acquire it. */
  listed: boolean;
  media: PlayableItem;
  view: MarketItemView;
}

export const marketItemSelect = {
  id: true,
  ownerId: true,
  listed: true,
  createdAt: true,
  ...termColumnSelect,
  boxItem: {
    select: {
      id: true,
      ownerId: true,
      ...contentRowSelect,
      poster: { select: { id: true } },
      media: { select: { id: true, ownerId: true } },
    },
  },
  owner: { select: publicUserSelect },
  _count: { select: { acquiredLicenses: true } },
} satisfies Prisma.MarketplaceItemSelect;

export type MarketItemRow = Prisma.MarketplaceItemGetPayload<{ select: typeof marketItemSelect }>;

export function toLoadedMarketItem(r: MarketItemRow, baseUrl?: string): LoadedMarketItem {
  const b = r.boxItem;
  const media = playableOf(b); // the seller's item: its preview and poster count against the seller's band
  return {
    sellerId: r.ownerId,
    listed: r.listed,
    media,
    view: {
      marketplaceId: r.id,
      ...contentFieldsOf(b.id, b, b.poster ? media : undefined, baseUrl),
      conditions: termsOf(r),
      publishedAt: r.createdAt,
      acquisitions: r._count.acquiredLicenses,
      seller: toPublicUser(r.owner),
    },
  };
}

/** A listing by id, whoever sells it; undefined when there is none (or the text cannot be an id). */
export async function findMarketItem(db: DbOrTx, marketplaceId: unknown, baseUrl?: string) {
  const id = normalizeUuid(marketplaceId);
  const row = id ? await db.marketplaceItem.findUnique({ where: { id }, select: marketItemSelect }) : null;
  return row ? toLoadedMarketItem(row, baseUrl) : undefined;
}

/** The caller's own listing; 404 for a missing one and for another user's (no existence leak). */
export async function loadOwnMarketItem(db: Db, sellerId: string, marketplaceId: unknown, baseUrl?: string): Promise<LoadedMarketItem> {
  const item = await findMarketItem(db, marketplaceId, baseUrl);
  if (!item || item.sellerId !== sellerId) throw notFound("error.marketItemNotFound");
  return item;
}

/** A listing as others reach it: while its seller's account is active (its seller always). 404 otherwise. */
export async function loadVisibleMarketItem(db: Db, viewerId: string | undefined, marketplaceId: unknown, baseUrl?: string) {
  const item = await findMarketItem(db, marketplaceId, baseUrl);
  if (!item || (item.sellerId !== viewerId && !item.listed)) throw notFound("error.marketItemNotFound");
  return item;
}

/**
 * What marketItemSelect reads, as the columns of one SQL statement over a listing `m` with its box
 * item `b` and seller `u` (MARKET_JOINS): a search reads its page's listings in the statement that
 * finds them (shared/term-search.ts readPage) rather than in a second round trip. Dates as epoch
 * milliseconds, the box item as JSON in its select's shape.
 */
export const MARKET_COLUMNS = `m."id"::text AS "id", m."ownerId"::text AS "ownerId", m."listed",
  (EXTRACT(EPOCH FROM m."createdAt") * 1000)::float8 AS "createdAtMs", m."licenseType"::text AS "licenseType", m."ccType"::text AS "ccType",
  m."activationPriceCents", m."pricePerViewCents", m."earningPercentage", m."duration", m."durationUnit"::text AS "durationUnit", m."download",
  json_build_object('id', b."id", 'ownerId', b."ownerId", ${contentObjectSql("b")},
    'poster', (SELECT json_build_object('id', t."id") FROM "Thumbnail" t WHERE t."boxItemId" = b."id" LIMIT 1),
    'media', (SELECT json_build_object('id', s."id", 'ownerId', s."ownerId") FROM "StoredMedia" s WHERE s."id" = b."mediaId")) AS "boxItem",
  u."userCode", (EXTRACT(EPOCH FROM u."licenseExpiresAt") * 1000)::float8 AS "licenseExpiresAtMs", u."pageTitle", u."pageDescription",
  u."thumbnailId"::text AS "sellerThumbnailId", u."socialUrl1", u."socialContact", u."socialUrl2",
  (SELECT count(*) FROM "AcquiredLicense" a WHERE a."marketplaceItemId" = m."id")::int AS "acquisitions"`;

/** Joins that MARKET_COLUMNS reads from, `m` being the listing. */
export const MARKET_JOINS = `JOIN "BoxItem" b ON b."id" = m."boxItemId" JOIN "User" u ON u."id" = m."ownerId"`;

/** A row of MARKET_COLUMNS. */
export type MarketColumnsRow = Omit<MarketItemRow, "createdAt" | "owner" | "_count"> & {
  createdAtMs: number;
  userCode: string;
  licenseExpiresAtMs: number | null;
  pageTitle: string | null;
  pageDescription: string | null;
  sellerThumbnailId: string | null;
  socialUrl1: string | null;
  socialContact: string | null;
  socialUrl2: string | null;
  acquisitions: number;
};

/** The row marketItemSelect would have read. */
export const fromMarketColumns = (r: MarketColumnsRow): MarketItemRow => ({
  id: r.id,
  ownerId: r.ownerId,
  listed: r.listed,
  createdAt: new Date(r.createdAtMs),
  licenseType: r.licenseType,
  ccType: r.ccType,
  activationPriceCents: r.activationPriceCents,
  pricePerViewCents: r.pricePerViewCents,
  earningPercentage: r.earningPercentage,
  duration: r.duration,
  durationUnit: r.durationUnit,
  download: r.download,
  boxItem: r.boxItem,
  owner: {
    userCode: r.userCode,
    licenseExpiresAt: r.licenseExpiresAtMs === null ? null : new Date(r.licenseExpiresAtMs),
    pageTitle: r.pageTitle,
    pageDescription: r.pageDescription,
    thumbnailId: r.sellerThumbnailId,
    socialUrl1: r.socialUrl1,
    socialContact: r.socialContact,
    socialUrl2: r.socialUrl2,
  },
  _count: { acquiredLicenses: r.acquisitions },
});
