import type { CcType, VodLicenseType } from "@/generated/prisma/enums";
import { refuseTakenDown } from "@/server/domain/admin/taken-down";
import { contentFieldsOf, type ContentFields, type ContentRow } from "@/server/domain/box/content-fields";
import type { DbAccess } from "@/server/db/client";
import type { SqlPort } from "@/server/db/sql-runner";
import { declareCommitCache } from "@/server/db/commit-cache";
import { columnMap, expr, tableAs, watchedTables, type ColumnsOf } from "@/server/db/column-map";
import { notFound } from "@/server/core/errors";
import { bandStatusOf, type BandStatus } from "@/server/domain/playback/band-usage";
import type { PlayableItem } from "@/server/domain/playback/sign-playback";
import { MEDIA_HOME_COLUMNS } from "@/server/domain/box/box-item-view";
import { normalizeUuid } from "@/server/core/uuid";
import { toPublicUser, type PublicUser } from "@/server/domain/users/public-user";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import { withBundles } from "./vod-bundles";
import { COMPLETED_PURCHASE } from "./vod-purchase-columns";

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
  /** Its audience's views (docs/analytics.md; the owner's own plays not included). */
  views: number;
}

/** A vod as read, with its owner's id (for authorization), where its content's files are (for signing them) and band (plays by the audience). */
export interface LoadedVod {
  ownerId: string;
  /** The media home of its box item's files (box/playableOf: the seller's upload for an acquired content) and the publisher's band, which pays for them. */
  media: PlayableItem;
  band: BandStatus;
  view: VodItemView;
}

const v = tableAs("VodItem", "v");
const b = tableAs("BoxItem", "b");
const u = tableAs("User", "u");
/**
 * The one read of vods: vod, box item and publisher (with the band their plays count against) in
 * one statement through the driver (public reads and plays are hot paths). Instants as epoch
 * milliseconds and dates as text, so no driver reads them in its local time zone. On PGlite the
 * row is cached until a commit changes anything it is read from (vodRows, findVod): the
 * vod, its content or the publisher's page, the band when the meter counts bytes, a payment.
 */
const VOD_ROW = columnMap(
  {
    vodId: v.col("id", "::text"),
    ownerId: v.col("ownerId", "::text"),
    boxId: b.col("id", "::text"),
    contentId: b.col("contentId"),
    resourceId: b.col("resourceId", "::text"),
    title: b.col("title"),
    description: b.col("description"),
    durationSeconds: b.col("durationSeconds"),
    thumbnailId: b.col("thumbnailId", "::text"),
    hasPoster: expr(`EXISTS (SELECT 1 FROM "Thumbnail" t WHERE t."boxItemId" = b."id")`, b.reads("id"), { Thumbnail: ["boxItemId"] }),
    tags: b.col("tags"),
    licenseType: v.col("licenseType", "::text"),
    ccType: v.col("ccType", "::text"),
    pricePerViewCents: v.col("pricePerViewCents"),
    bundleId: v.col("bundleId", "::text"),
    public: v.col("public"),
    listed: v.col("listed"),
    takedownId: v.col("takedownId", "::text"),
    // a vod of a bundle taken down is taken down with it
    bundleTakedownId: expr(`(SELECT bt."takedownId"::text FROM "Bundle" bt WHERE bt."id" = v."bundleId")`, v.reads("bundleId"), {
      Bundle: ["id", "takedownId"],
    }),
    expirationDate: expr(`to_char(v."expirationDate", 'YYYY-MM-DD')`, v.reads("expirationDate")),
    publishedAtMs: expr(`(EXTRACT(EPOCH FROM v."createdAt") * 1000)::float8`, v.reads("createdAt")),
    userCode: u.col("userCode"),
    licenseExpiresAtMs: expr(`(EXTRACT(EPOCH FROM u."licenseExpiresAt") * 1000)::float8`, u.reads("licenseExpiresAt")),
    pageTitle: u.col("pageTitle"),
    pageDescription: u.col("pageDescription"),
    publisherThumbnailId: u.col("thumbnailId", "::text"),
    socialUrl1: u.col("socialUrl1"),
    socialContact: u.col("socialContact"),
    socialUrl2: u.col("socialUrl2"),
    bandUsedBytes: u.col("bandUsedBytes", "::float8"),
    bandPeriodStartMs: expr(`(EXTRACT(EPOCH FROM u."bandPeriodStart") * 1000)::float8`, u.reads("bandPeriodStart")),
    bandGb: expr(`(SELECT l."bandGb" FROM "License" l WHERE l."id" = u."licenseId")`, u.reads("licenseId"), { License: ["id", "bandGb"] }),
    // counted by the analytics' intake (VodViews): a commit adding views empties the cache of vod rows
    views: expr(`coalesce((SELECT vv."views" FROM "VodViews" vv WHERE vv."vodId" = v."id"), 0)::int`, v.reads("id"), {
      VodViews: ["vodId", "views"],
    }),
    mediaBoxId: MEDIA_HOME_COLUMNS.boxId,
    mediaOwnerId: MEDIA_HOME_COLUMNS.ownerId,
  } satisfies ColumnsOf<VodRow>,
  // VOD_JOINS and the read by id
  v.reads("id", "boxItemId", "ownerId"),
  b.reads("id"),
  u.reads("id"),
);
export const VOD_COLUMNS = VOD_ROW.select;

// Vod rows by vod id (and a play's trackingId): emptied by every commit changing what VOD_ROW and
// the reads' extras (VodReadExtra: a play's proof of purchase, COMPLETED_PURCHASE) read.
const vodRows = declareCommitCache<VodRow>({
  name: "vod_row",
  watch: watchedTables(VOD_ROW.reads, COMPLETED_PURCHASE.reads),
  maxEntries: 10_000,
});

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
  takedownId: string | null;
  bundleTakedownId: string | null;
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
  views: number;
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
    views: Number(r.views),
  };
  const band = bandStatusOf({ bandUsedBytes: r.bandUsedBytes, bandPeriodStart: new Date(r.bandPeriodStartMs), bandGb: r.bandGb }, now);
  return { ownerId: r.ownerId, media, band, view };
}

/**
 * More columns read in the statement that reads a vod (e.g. a play's proof of purchase): joined to
 * the vod `v`, their parameters numbered from $2 ($1 is the vod's id). The PGlite cache of vod rows
 * watches what they read (vodRows), and keys rows by their parameters.
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
async function readVodRow(sql: SqlPort, id: string, extra?: VodReadExtra): Promise<VodRow | undefined> {
  const params = [id, ...(extra?.params ?? [])];
  const load = async () => (await sql.read<VodRow>(extra ? byId(extra) : BY_ID, params))[0] ?? null;
  return (await sql.cached(vodRows, params.join("\n"), load)) ?? undefined;
}

/** A vod by id, whoever owns it; undefined when there is none (or the text cannot be an id). */
export async function findVod({ db, sql }: DbAccess, vodId: unknown, baseUrl?: string, extra?: VodReadExtra): Promise<ReadVod | undefined> {
  const id = normalizeUuid(vodId);
  if (!id) return undefined;
  const row = await readVodRow(sql, id, extra);
  if (!row) return undefined;
  const vod = toLoadedVod(row, baseUrl);
  await withBundles(db, [vod.view]);
  return { ...vod, row };
}

/** The caller's own vod; 404 for a missing one and for another user's (no existence leak). */
export async function loadOwnVod(database: DbAccess, ownerId: string, vodId: unknown, baseUrl?: string): Promise<LoadedVod> {
  const vod = await findVod(database, vodId, baseUrl);
  if (!vod || vod.ownerId !== ownerId) throw notFound("error.vodNotFound");
  return vod;
}

/**
 * A vod as the audience reaches it: its owner always; anyone else only while it is visible (public,
 * its publisher's vods public, not expired). 404 otherwise, as for a vod that does not exist. A vod
 * taken down answers 451 with the reason to everyone, its owner included (domain/admin).
 */
export async function loadViewableVod(
  database: DbAccess,
  viewerId: string | undefined,
  vodId: unknown,
  baseUrl?: string,
  extra?: VodReadExtra,
): Promise<ReadVod> {
  const vod = await findVod(database, vodId, baseUrl, extra);
  const takedownId = vod?.row.takedownId ?? vod?.row.bundleTakedownId;
  if (!vod || (vod.ownerId !== viewerId && !vod.view.visible && !takedownId)) throw notFound("error.vodNotFound");
  await refuseTakenDown(database.db, takedownId);
  return vod;
}
