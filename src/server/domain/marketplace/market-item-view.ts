import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { notFound } from "@/server/domain/errors";
import { playableOf } from "@/server/domain/box/box-item-view";
import { signPoster, type PlayableItem } from "@/server/domain/playback/sign-playback";
import { normalizeUuid } from "@/server/domain/shared/uuid";
import { publicUserSelect, toPublicUser, type PublicUser } from "@/server/domain/users/public-user";
import { termColumnSelect, termsOf, type LicenseTerms } from "./license-terms";

/** The document's Marketplace item, with domain types: a content of the seller's box offered under license terms. */
export interface MarketItemView {
  marketplaceId: string;
  boxId: string;
  contentId: string;
  resourceId: string;
  title: string;
  description?: string;
  durationSeconds: number | null;
  thumbnailId?: string;
  /** Signed URL of the content's poster (not in the document's shape). */
  posterUrl?: string;
  tags: string[];
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
      contentId: true,
      resourceId: true,
      title: true,
      description: true,
      durationSeconds: true,
      thumbnailId: true,
      tags: true,
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
      boxId: b.id,
      contentId: b.contentId,
      resourceId: b.resourceId,
      title: b.title,
      description: b.description ?? undefined,
      durationSeconds: b.durationSeconds,
      thumbnailId: b.thumbnailId ?? undefined,
      posterUrl: b.poster ? signPoster(media, { baseUrl }) : undefined,
      tags: b.tags,
      conditions: termsOf(r),
      publishedAt: r.createdAt,
      acquisitions: r._count.acquiredLicenses,
      seller: toPublicUser(r.owner),
    },
  };
}

/** A listing by id, whoever sells it; undefined when there is none (or the text cannot be an id). */
export async function findMarketItem(db: Db | Prisma.TransactionClient, marketplaceId: unknown, baseUrl?: string) {
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

/** Rows in the order of `ids` (a search's page). */
export async function loadMarketItems(db: Db, ids: string[], baseUrl?: string): Promise<MarketItemView[]> {
  if (!ids.length) return [];
  const rows = await db.marketplaceItem.findMany({ where: { id: { in: ids } }, select: marketItemSelect });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toLoadedMarketItem(row, baseUrl).view] : [];
  });
}
