import type { CcType, VodLicenseType } from "@/generated/prisma/enums";
import { contentFieldsOf, type ContentFields, type ContentRow } from "@/server/domain/box/content-fields";
import { directRead, vodRowCache, type Db } from "@/server/db/client";
import type { WatchedTable } from "@/server/db/commit-cache";
import { notFound } from "@/server/core/errors";
import { bandStatusOf, type BandStatus } from "@/server/domain/playback/band-usage";
import type { PlayableItem } from "@/server/domain/playback/sign-playback";
import { MEDIA_HOME_SQL } from "@/server/domain/box/box-item-view";
import { normalizeUuid } from "@/server/core/uuid";
import { toPublicUser, type PublicUser } from "@/server/domain/users/public-user";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import { withBundles } from "./vod-bundles";

/** The document's Vod item, with domain types: what its owner, the portal and the viewer pages read. */
export interface VodItemView extends ContentFields {
  vodId: string;
  licenseType: VodLicenseType;
  /** CREATIVE_COMMONS only. */
  ccType?: CcType;
  /** PAY_PER_VIEW only, in cents of the instance's currency. */
  pricePerViewCents?: number;
  /** CONTENT_BUNDLE only: the bundle it is an item of, and that bundle as the audience sees it (vod-bundles.ts). */
  bundleId?: string;
  bundle?: BundleView;
  /** The publishing date (valueDate). */
  publishedAt: Date;
  /** The owner's choice: visible in public pages. */
  public: boolean;
  /** The last day (UTC) it is listed and playable. */
  expirationDate?: Date;
  /** After expirationDate: neither listed nor playable by anyone but its owner. */
  expired: boolean;
  /**
   * Visible in public pages now (visibility rule 1 and the expiry): public, its publisher's
   * features.vodPublic on and account active, not expired. Who else may read and play it.
   */
  visible: boolean;
  /** The publisher (the document shows it in public views only; the REST layer decides). */
  publisher: PublicUser;
}

/** A vod as read, with its owner's id (for authorization), where its content's files are (for signing them) and band (plays by the audience). */
export interface LoadedVod {
  ownerId: string;
  /** The media home of its box item's files (box/playableOf: the seller's upload for an acquired content) and the publisher's band, which pays for them. */
  media: PlayableItem;
  band: BandStatus;
  view: VodItemView;
}

/**
 * The one read of vods: vod, box item and publisher (with the band their plays count against) in
 * one statement through the driver (public reads and plays are hot paths). Instants as epoch
 * milliseconds and dates as text, so no driver reads them in its local time zone. On PGlite the
 * row is cached until a commit changes anything it is read from (VOD_ROW_SOURCES, findVod): the
 * vod, its content or the publisher's page, the band when the meter counts bytes, a payment.
 */
export const VOD_COLUMNS = `v."id"::text AS "vodId", v."ownerId"::text AS "ownerId", b."id"::text AS "boxId", b."contentId",
  b."resourceId"::text AS "resourceId", b."title", b."description", b."durationSeconds", b."thumbnailId"::text AS "thumbnailId",
  EXISTS (SELECT 1 FROM "Thumbnail" t WHERE t."boxItemId" = b."id") AS "hasPoster", b."tags",
  v."licenseType"::text AS "licenseType", v."ccType"::text AS "ccType", v."pricePerViewCents", v."bundleId"::text AS "bundleId", v."public", v."listed",
  to_char(v."expirationDate", 'YYYY-MM-DD') AS "expirationDate", (EXTRACT(EPOCH FROM v."createdAt") * 1000)::float8 AS "publishedAtMs",
  u."userCode", (EXTRACT(EPOCH FROM u."licenseExpiresAt") * 1000)::float8 AS "licenseExpiresAtMs", u."pageTitle",
  u."pageDescription", u."thumbnailId"::text AS "publisherThumbnailId", u."socialUrl1", u."socialContact", u."socialUrl2",
  u."bandUsedBytes"::float8 AS "bandUsedBytes", (EXTRACT(EPOCH FROM u."bandPeriodStart") * 1000)::float8 AS "bandPeriodStartMs",
  (SELECT l."bandGb" FROM "License" l WHERE l."id" = u."licenseId") AS "bandGb",
  ${MEDIA_HOME_SQL.boxId} AS "mediaBoxId", ${MEDIA_HOME_SQL.ownerId} AS "mediaOwnerId"`;

/**
 * Every column VOD_COLUMNS reads or joins on: a committed change to one empties the PGlite cache of
 * vod rows (db/client.ts), which also watches what the read's extras read (VodReadExtra).
 */
export const VOD_ROW_SOURCES: WatchedTable[] = [
  {
    table: "VodItem",
    columns: [
      "id",
      "ownerId",
      "boxItemId",
      "licenseType",
      "ccType",
      "pricePerViewCents",
      "bundleId",
      "public",
      "listed",
      "expirationDate",
      "createdAt",
    ],
  },
  {
    table: "BoxItem",
    columns: ["id", "contentId", "resourceId", "title", "description", "durationSeconds", "thumbnailId", "tags", "mediaId"],
  },
  {
    table: "User",
    columns: [
      "id",
      "userCode",
      "licenseExpiresAt",
      "pageTitle",
      "pageDescription",
      "thumbnailId",
      "socialUrl1",
      "socialContact",
      "socialUrl2",
      "bandUsedBytes",
      "bandPeriodStart",
      "licenseId",
    ],
  },
  { table: "License", columns: ["id", "bandGb"] },
  { table: "Thumbnail", columns: ["boxItemId"] },
  { table: "StoredMedia", columns: ["id", "ownerId"] },
];

/** Joins that VOD_COLUMNS reads from, `v` being the vod. */
export const VOD_JOINS = `JOIN "BoxItem" b ON b."id" = v."boxItemId" JOIN "User" u ON u."id" = v."ownerId"`;

export interface VodRow extends ContentRow, Record<string, unknown> {
  vodId: string;
  ownerId: string;
  boxId: string;
  hasPoster: boolean;
  licenseType: VodLicenseType;
  ccType: CcType | null;
  pricePerViewCents: number | null;
  bundleId: string | null;
  public: boolean;
  listed: boolean;
  expirationDate: string | null;
  publishedAtMs: number;
  userCode: string;
  licenseExpiresAtMs: number | null;
  pageTitle: string | null;
  pageDescription: string | null;
  publisherThumbnailId: string | null;
  socialUrl1: string | null;
  socialContact: string | null;
  socialUrl2: string | null;
  bandUsedBytes: number;
  bandPeriodStartMs: number;
  bandGb: number;
  mediaBoxId: string;
  mediaOwnerId: string;
}

/** Today's date in UTC as yyyy-MM-dd (expiration dates are UTC days). */
export const todayUtc = (now = new Date()): string => now.toISOString().slice(0, 10);

/** The view of a row; `baseUrl` is where the caller reaches us (the poster's signed URL starts with it). */
export function toLoadedVod(r: VodRow, baseUrl?: string, now = new Date()): LoadedVod {
  const expired = r.expirationDate !== null && r.expirationDate < todayUtc(now);
  const media = { ownerId: r.mediaOwnerId, boxId: r.mediaBoxId, bandOwnerId: r.ownerId };
  const view: VodItemView = {
    vodId: r.vodId,
    ...contentFieldsOf(r.boxId, r, r.hasPoster ? media : undefined, baseUrl),
    licenseType: r.licenseType,
    ccType: r.ccType ?? undefined,
    pricePerViewCents: r.pricePerViewCents ?? undefined,
    bundleId: r.bundleId ?? undefined,
    publishedAt: new Date(r.publishedAtMs),
    public: r.public,
    expirationDate: r.expirationDate ? new Date(`${r.expirationDate}T00:00:00Z`) : undefined,
    expired,
    visible: r.listed && !expired,
    publisher: toPublicUser(
      {
        userCode: r.userCode,
        licenseExpiresAt: r.licenseExpiresAtMs === null ? null : new Date(r.licenseExpiresAtMs),
        pageTitle: r.pageTitle,
        pageDescription: r.pageDescription,
        thumbnailId: r.publisherThumbnailId,
        socialUrl1: r.socialUrl1,
        socialContact: r.socialContact,
        socialUrl2: r.socialUrl2,
      },
      now,
    ),
  };
  const band = bandStatusOf({ bandUsedBytes: r.bandUsedBytes, bandPeriodStart: new Date(r.bandPeriodStartMs), bandGb: r.bandGb }, now);
  return { ownerId: r.ownerId, media, band, view };
}

/**
 * More columns read in the statement that reads a vod (e.g. a play's proof of purchase): joined to
 * the vod `v`, their parameters numbered from $2 ($1 is the vod's id). The PGlite cache of vod rows
 * must watch what they read (db/client.ts), and keys rows by their parameters.
 */
export interface VodReadExtra {
  columns: string;
  joins: string;
  params: unknown[];
}

const byId = (extra?: VodReadExtra) =>
  `SELECT ${VOD_COLUMNS}${extra ? `, ${extra.columns}` : ""} FROM "VodItem" v ${VOD_JOINS} ${extra?.joins ?? ""} WHERE v."id" = $1::uuid`;
const BY_ID = byId();

/** A vod as read, with the row it was made of (the extra columns of the statement included). */
export type ReadVod = LoadedVod & { row: VodRow };

/** A vod's row by id (with the extra's columns); on PGlite from the cache of rows while nothing it is read from changed. */
async function readVodRow(db: Db, id: string, extra?: VodReadExtra): Promise<VodRow | undefined> {
  const params = [id, ...(extra?.params ?? [])];
  const load = async () => (await directRead(db)<VodRow>(extra ? byId(extra) : BY_ID, params))[0] ?? null;
  const cache = vodRowCache(db);
  return (await (cache ? cache.get(params.join("\n"), load) : load())) ?? undefined;
}

/** A vod by id, whoever owns it; undefined when there is none (or the text cannot be an id). */
export async function findVod(db: Db, vodId: unknown, baseUrl?: string, extra?: VodReadExtra): Promise<ReadVod | undefined> {
  const id = normalizeUuid(vodId);
  if (!id) return undefined;
  const row = await readVodRow(db, id, extra);
  if (!row) return undefined;
  const vod = toLoadedVod(row, baseUrl);
  await withBundles(db, [vod.view]);
  return { ...vod, row };
}

/** The caller's own vod; 404 for a missing one and for another user's (no existence leak). */
export async function loadOwnVod(db: Db, ownerId: string, vodId: unknown, baseUrl?: string): Promise<LoadedVod> {
  const vod = await findVod(db, vodId, baseUrl);
  if (!vod || vod.ownerId !== ownerId) throw notFound("error.vodNotFound");
  return vod;
}

/**
 * A vod as the audience reaches it: its owner always; anyone else only while it is visible (public,
 * its publisher's vods public, not expired). 404 otherwise, as for a vod that does not exist.
 */
export async function loadViewableVod(
  db: Db,
  viewerId: string | undefined,
  vodId: unknown,
  baseUrl?: string,
  extra?: VodReadExtra,
): Promise<ReadVod> {
  const vod = await findVod(db, vodId, baseUrl, extra);
  if (!vod || (vod.ownerId !== viewerId && !vod.view.visible)) throw notFound("error.vodNotFound");
  return vod;
}
