import type { Db } from "@/server/db/client";
import { notFound } from "@/server/core/errors";
import { countryName, type BillingAddress } from "./user-view";
import { isLicenseExpired } from "./public-user";

/** Storage and band are counted in bytes and shown in GB of 1024^3 bytes (the license quotas' unit). */
export const BYTES_PER_GB = 1024 ** 3;
const DAY_MS = 86_400_000;

/** The document's User overview (private), with domain types: bytes, numbers and a Date. */
export interface UserOverview {
  userCode: string;
  licenseName: string;
  licenseExpired: boolean;
  /** Whole license periods already paid after the current one. */
  availableRenews: number;
  /** UTC calendar day; see licenseTimeline. */
  renewDate: Date;
  daysFromActivation: number;
  /** Absent when the license never expires; 0 once expired. */
  daysToExpiration?: number;
  /** Box items processing or ready (a FAILED one is no video). */
  videosCount: number;
  storageUsedBytes: number;
  bandUsedBytes: number;
  storagePercent: number;
  bandPercent: number;
  paymentEmail?: string;
  vatNumber?: string;
  billingAddress: BillingAddress;
  thumbnailId?: string;
}

/** Builds the overview of one user (also the answer of license activate and downgrade). */
export async function loadUserOverview(db: Db, userId: string, now = new Date()): Promise<UserOverview> {
  const u = await db.user.findUnique({
    where: { id: userId },
    select: {
      userCode: true,
      paymentEmail: true,
      vatNumber: true,
      billingStreet: true,
      billingZipCode: true,
      billingCity: true,
      billingCountry: true,
      billingState: true,
      thumbnailId: true,
      licenseActivatedAt: true,
      licenseExpiresAt: true,
      storageUsedBytes: true,
      bandUsedBytes: true,
      bandPeriodStart: true,
      license: { select: { name: true, dayDuration: true, storageGb: true, bandGb: true } },
      // an item whose processing failed is no video (it still holds an upload slot until deleted)
      _count: { select: { boxItems: { where: { status: { not: "FAILED" } } } } },
    },
  });
  if (!u) throw notFound("error.userNotFound");

  const timeline = licenseTimeline(
    {
      activatedAt: u.licenseActivatedAt,
      expiresAt: u.licenseExpiresAt,
      dayDuration: u.license.dayDuration,
      bandPeriodStart: u.bandPeriodStart,
    },
    now,
  );
  // the band counter belongs to the month starting at bandPeriodStart; once that month is over it
  // is stale until the metering resets it, and nothing of the new month has been used yet
  const bandUsedBytes = now < addMonths(u.bandPeriodStart, 1) ? Number(u.bandUsedBytes) : 0;
  const storageUsedBytes = Number(u.storageUsedBytes);

  return {
    userCode: u.userCode,
    licenseName: u.license.name,
    ...timeline,
    videosCount: u._count.boxItems,
    storageUsedBytes,
    bandUsedBytes,
    storagePercent: percent(storageUsedBytes, u.license.storageGb),
    bandPercent: percent(bandUsedBytes, u.license.bandGb),
    paymentEmail: u.paymentEmail ?? undefined,
    vatNumber: u.vatNumber ?? undefined,
    billingAddress: {
      street: u.billingStreet ?? undefined,
      zipCode: u.billingZipCode ?? undefined,
      city: u.billingCity ?? undefined,
      country: u.billingCountry ?? undefined,
      countryName: countryName(u.billingCountry),
      state: u.billingState ?? undefined,
    },
    thumbnailId: u.thumbnailId ?? undefined,
  };
}

export interface LicenseTimeline {
  licenseExpired: boolean;
  availableRenews: number;
  renewDate: Date;
  daysFromActivation: number;
  daysToExpiration?: number;
}

/**
 * Where a user stands in their license:
 * - availableRenews: whole periods (dayDuration) paid beyond the current one;
 * - renewDate: for a running paid license the end of the current period (the expiry minus the
 *   periods paid in advance; the expiry itself when none is left); for an expired one the day it
 *   expired; for a license that never expires (Free, dayDuration 0) the next monthly reset of the
 *   band quota, the only thing that renews there;
 * - daysToExpiration: days left rounded up (0 once expired), absent when it never expires;
 * - daysFromActivation: whole days since the license was activated.
 */
export function licenseTimeline(
  l: { activatedAt: Date; expiresAt: Date | null; dayDuration: number; bandPeriodStart: Date },
  now: Date,
): LicenseTimeline {
  const daysFromActivation = Math.max(0, Math.floor((now.getTime() - l.activatedAt.getTime()) / DAY_MS));
  if (!l.expiresAt)
    return { licenseExpired: false, availableRenews: 0, renewDate: nextMonthlyReset(l.bandPeriodStart, now), daysFromActivation };
  if (isLicenseExpired(l.expiresAt, now))
    return { licenseExpired: true, availableRenews: 0, renewDate: l.expiresAt, daysFromActivation, daysToExpiration: 0 };
  const msLeft = l.expiresAt.getTime() - now.getTime();
  const periodMs = l.dayDuration * DAY_MS;
  const availableRenews = periodMs > 0 ? Math.max(0, Math.ceil(msLeft / periodMs) - 1) : 0;
  return {
    licenseExpired: false,
    availableRenews,
    renewDate: new Date(l.expiresAt.getTime() - availableRenews * periodMs),
    daysFromActivation,
    daysToExpiration: Math.ceil(msLeft / DAY_MS),
  };
}

/** The first monthly anniversary of `start` after `now` (the band counter's next reset). */
export function nextMonthlyReset(start: Date, now: Date): Date {
  let months = Math.max(1, (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + now.getUTCMonth() - start.getUTCMonth());
  while (addMonths(start, months) <= now) months++;
  return addMonths(start, months);
}

/** Same time, `months` later; the day is clamped to the month's length (31 Jan + 1 = 28/29 Feb). */
export function addMonths(d: Date, months: number): Date {
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds(), d.getUTCMilliseconds()),
  );
}

const percent = (usedBytes: number, quotaGb: number): number => (quotaGb > 0 ? (usedBytes / (quotaGb * BYTES_PER_GB)) * 100 : 0);
