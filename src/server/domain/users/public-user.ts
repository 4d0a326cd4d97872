import type { Prisma } from "@/generated/prisma/client";
import { columnMap, expr, tableAs } from "@/server/db/column-map";

/** The document's Public user (also publisher, seller, issuer): what anyone may see of an account. */
export interface PublicUser {
  userCode: string;
  licenseExpired: boolean;
  pageTitle?: string;
  pageDescription?: string;
  thumbnailId?: string;
  socialUrl1?: string;
  socialContact?: string;
  socialUrl2?: string;
}

/** Select it as a relation too: `owner: { select: publicUserSelect }`. */
export const publicUserSelect = {
  userCode: true,
  licenseExpiresAt: true,
  pageTitle: true,
  pageDescription: true,
  thumbnailId: true,
  socialUrl1: true,
  socialContact: true,
  socialUrl2: true,
} satisfies Prisma.UserSelect;

export type PublicUserRow = Prisma.UserGetPayload<{ select: typeof publicUserSelect }>;

/**
 * A PublicUserRow as a statement read through the driver sends it: licenseExpiresAt as epoch
 * milliseconds (a timestamp without time zone holds UTC, which drivers would read in local time).
 */
export type PublicUserSqlRow = Omit<PublicUserRow, "licenseExpiresAt"> & { licenseExpiresAtMs: number | null };

const PUBLIC_USER_COLUMNS = Object.keys(publicUserSelect).filter((c) => c !== "licenseExpiresAt");

/** The columns of users `table` that make a PublicUserSqlRow (publicUserRowOf reads it back), and what they read. */
export function publicUserColumns(table: string) {
  const u = tableAs("User", table);
  return columnMap({
    ...Object.fromEntries(PUBLIC_USER_COLUMNS.map((c) => [c, u.col(c)])),
    licenseExpiresAtMs: expr(`(EXTRACT(EPOCH FROM ${table}."licenseExpiresAt") * 1000)::float8`, u.reads("licenseExpiresAt")),
  });
}

/** The SELECT list of publicUserColumns. */
export const publicUserColumnsSql = (table: string) => publicUserColumns(table).select;

export const publicUserRowOf = ({ licenseExpiresAtMs, ...fields }: PublicUserSqlRow): PublicUserRow => ({
  ...fields,
  licenseExpiresAt: licenseExpiresAtMs === null ? null : new Date(licenseExpiresAtMs),
});

/** A license with an expiry date in the past; null means it never expires (Free). */
export const isLicenseExpired = (expiresAt: Date | null, now = new Date()): boolean =>
  expiresAt !== null && expiresAt.getTime() <= now.getTime();

export function toPublicUser(u: PublicUserRow, now = new Date()): PublicUser {
  return {
    userCode: u.userCode,
    licenseExpired: isLicenseExpired(u.licenseExpiresAt, now),
    pageTitle: u.pageTitle ?? undefined,
    pageDescription: u.pageDescription ?? undefined,
    thumbnailId: u.thumbnailId ?? undefined,
    socialUrl1: u.socialUrl1 ?? undefined,
    socialContact: u.socialContact ?? undefined,
    socialUrl2: u.socialUrl2 ?? undefined,
  };
}
