import type { CcType, DurationUnit, MarketLicenseType } from "@/generated/prisma/enums";

/**
 * What a marketplace license grants (supplement §1): its type and the one price or condition that
 * type takes, an optional duration, and whether the acquirer may download the original. A listing
 * offers these terms; an acquired license keeps a copy of them as they were when acquired.
 */
export interface LicenseTerms {
  licenseType: MarketLicenseType;
  /** CREATIVE_COMMONS only. */
  ccType?: CcType;
  /** SPOT_PRICE only: paid once to acquire. */
  activationPriceCents?: number;
  /** PAY_PER_VIEW only: credited to the seller for every paid view of the acquirer's vods. */
  pricePerViewCents?: number;
  /** REVENUE_SHARING only (1..100): the seller's part of the acquirer's net revenue from it. */
  earningPercentage?: number;
  /** How long an acquired license lasts; absent: for good. */
  duration?: number;
  durationUnit?: DurationUnit;
  download: boolean;
}

/** The columns the terms are stored in (MarketplaceItem and AcquiredLicense name them alike). */
export interface LicenseTermColumns {
  licenseType: MarketLicenseType;
  ccType: CcType | null;
  activationPriceCents: number | null;
  pricePerViewCents: number | null;
  earningPercentage: number | null;
  duration: number | null;
  durationUnit: DurationUnit | null;
  download: boolean;
}

export const termColumnSelect = {
  licenseType: true,
  ccType: true,
  activationPriceCents: true,
  pricePerViewCents: true,
  earningPercentage: true,
  duration: true,
  durationUnit: true,
  download: true,
} as const;

export function termsOf(c: LicenseTermColumns): LicenseTerms {
  return {
    licenseType: c.licenseType,
    ccType: c.ccType ?? undefined,
    activationPriceCents: c.activationPriceCents ?? undefined,
    pricePerViewCents: c.pricePerViewCents ?? undefined,
    earningPercentage: c.earningPercentage ?? undefined,
    duration: c.duration ?? undefined,
    durationUnit: c.durationUnit ?? undefined,
    download: c.download,
  };
}

export function termColumns(t: LicenseTerms): LicenseTermColumns {
  return {
    licenseType: t.licenseType,
    ccType: t.ccType ?? null,
    activationPriceCents: t.activationPriceCents ?? null,
    pricePerViewCents: t.pricePerViewCents ?? null,
    earningPercentage: t.earningPercentage ?? null,
    duration: t.duration ?? null,
    durationUnit: t.durationUnit ?? null,
    download: t.download,
  };
}

/** When a license acquired at `from` ends: calendar days, months or years later (UTC); undefined: never. */
export function licenseEnd(t: Pick<LicenseTerms, "duration" | "durationUnit">, from: Date): Date | undefined {
  if (!t.duration || !t.durationUnit) return undefined;
  const end = new Date(from);
  if (t.durationUnit === "DAYS") end.setUTCDate(end.getUTCDate() + t.duration);
  else if (t.durationUnit === "MONTHS") end.setUTCMonth(end.getUTCMonth() + t.duration);
  else end.setUTCFullYear(end.getUTCFullYear() + t.duration);
  return end;
}

/** CC terms with NonCommercial: no paid use (no pay-per-view vod, no paid bundle). */
export const isNonCommercial = (ccType: CcType | undefined | null) => !!ccType && ccType.includes("NC");
/** CC terms with NoDerivatives: the acquirer shows the content as it is (its descriptive data unchanged). */
export const isNoDerivatives = (ccType: CcType | undefined | null) => !!ccType && ccType.endsWith("ND");
