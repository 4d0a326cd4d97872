import type { Prisma } from "@/generated/prisma/client";
import type { BoxSource, BoxStatus } from "@/generated/prisma/enums";
import type { DbOrTx } from "@/server/db/client";
import { notFound } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";
import type { PlayableItem } from "@/server/domain/playback/sign-playback";
import { contentFieldsOf, contentRowSelect, type ContentFields } from "./content-fields";
import { expr } from "@/server/db/column-map";
import { acquiredLicenseSelect, toAcquiredLicenseView, type AcquiredLicenseView } from "@/server/domain/marketplace/acquired-license";

/** What a box item looks like to its owner (the document's Box item, with domain types). */
export const boxItemSelect = {
  id: true,
  ownerId: true,
  ...contentRowSelect,
  source: true,
  status: true,
  failureReason: true,
  progress: true,
  expirationDate: true,
  createdAt: true,
  poster: { select: { id: true } },
  media: { select: { id: true, ownerId: true } },
  acquiredLicense: { select: acquiredLicenseSelect },
  _count: { select: { vodItems: true } },
} satisfies Prisma.BoxItemSelect;

type BoxItemRow = Prisma.BoxItemGetPayload<{ select: typeof boxItemSelect }>;

export interface BoxItemView extends ContentFields {
  source: BoxSource;
  createdAt: Date;
  status: BoxStatus;
  /** Why ingestion failed, for the owner (status FAILED). */
  statusReason?: string;
  /** Processing percent 0..100 (100 once READY). */
  progress: number;
  vodCount: number;
  expirationDate?: Date;
  /** What its signed URLs name (playableOf): where its files are, and its owner's band, which pays for them. */
  media: PlayableItem;
  /** Only for a content acquired on the marketplace (source MARKETPLACE): the license it is held under. */
  marketplaceLicense?: AcquiredLicenseView;
}

/**
 * What a box item's signed URLs name. The media home of its files (media/keys prefix
 * box/<ownerId>/<boxId>) is the StoredMedia it shows, whose id is the boxId of the upload that
 * stored them: the seller's upload for an acquired content. Every box item has one (the database
 * sets it on insert); the item's own ids stand in for a row read without it. The band that pays is
 * always the item's owner's: the buyer's for an acquired content, never the seller's.
 */
export function playableOf(row: { id: string; ownerId: string; media: { id: string; ownerId: string } | null }): PlayableItem {
  return mediaHomeOf(row, { boxId: row.media?.id ?? null, ownerId: row.media?.ownerId ?? null });
}

/** playableOf in SQL, for statements that read box items `b` through the driver: the media home's columns. */
export const MEDIA_HOME_COLUMNS = {
  boxId: expr(`coalesce(b."mediaId", b."id")::text`, { BoxItem: ["mediaId", "id"] }),
  ownerId: expr(`coalesce((SELECT m."ownerId" FROM "StoredMedia" m WHERE m."id" = b."mediaId"), b."ownerId")::text`, {
    BoxItem: ["mediaId", "ownerId"],
    StoredMedia: ["id", "ownerId"],
  }),
};

/**
 * MEDIA_HOME_SQL for large answers that need `FROM ... b LEFT JOIN "StoredMedia" m ON m."id" = b."mediaId"`:
 * null, null when the item's files are its own (every upload; the common case), else the media
 * home's boxId and ownerId (an acquired content): two uuids fewer to write per row. mediaHomeOf reads them.
 */
export const MEDIA_ELSEWHERE_SQL = {
  boxId: `CASE WHEN b."mediaId" <> b."id" THEN b."mediaId" END`,
  ownerId: `CASE WHEN b."mediaId" <> b."id" THEN m."ownerId" END`,
};

/** playableOf of a box item read with MEDIA_ELSEWHERE_SQL's columns. */
export function mediaHomeOf(
  item: { id: string; ownerId: string },
  elsewhere: { boxId: string | null; ownerId: string | null },
): PlayableItem {
  // object literals of one shape (no spread): the signer reads thousands of them per answer
  return elsewhere.boxId && elsewhere.ownerId
    ? { ownerId: elsewhere.ownerId, boxId: elsewhere.boxId, bandOwnerId: item.ownerId }
    : { ownerId: item.ownerId, boxId: item.id, bandOwnerId: item.ownerId };
}

/** The view of a row; `baseUrl` is where the caller reaches us (the poster's signed URL starts with it). */
export function toBoxItemView(row: BoxItemRow, baseUrl?: string): BoxItemView {
  const media = playableOf(row);
  const license = row.acquiredLicense ? toAcquiredLicenseView(row.acquiredLicense) : undefined;
  return {
    ...contentFieldsOf(row.id, row, row.poster ? media : undefined, baseUrl),
    source: row.source,
    createdAt: row.createdAt,
    status: row.status,
    statusReason: row.status === "FAILED" ? (row.failureReason ?? undefined) : undefined,
    progress: row.status === "READY" ? 100 : row.progress,
    vodCount: row._count.vodItems,
    expirationDate: row.expirationDate ?? undefined,
    media,
    marketplaceLicense: license,
  };
}

/** A boxId as stored (lowercase UUID), or undefined when it cannot name any item. */
export const normalizeBoxId = normalizeUuid;

/** The caller's own item; 404 for a missing item and for another user's (no existence leak). */
export async function loadOwnBoxItem(db: DbOrTx, ownerId: string, boxId: unknown, baseUrl?: string): Promise<BoxItemView> {
  const id = normalizeBoxId(boxId);
  const row = id ? await db.boxItem.findFirst({ where: { id, ownerId }, select: boxItemSelect }) : null;
  if (!row) throw notFound("error.boxItemNotFound");
  return toBoxItemView(row, baseUrl);
}
