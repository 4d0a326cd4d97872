import { z } from "zod";
import { DurationUnit, MarketLicenseType } from "@/generated/prisma/enums";
import { emptyToUndefined, zBool, zInt, zPriceCents } from "@/server/core/schema";
import { CC_TYPES, upperOrUndefined } from "@/server/domain/vod/vod-fields";
import type { LicenseTerms } from "./license-terms";

export const MARKET_LICENSE_TYPES = Object.values(MarketLicenseType);
export const DURATION_UNITS = Object.values(DurationUnit);

/** What each license type takes (supplement §1): its one required price or condition, and whether a duration and download are allowed. */
const RULES: Record<
  MarketLicenseType,
  { requires?: "ccType" | "activationPrice" | "pricePerView" | "earningPercentage"; duration: boolean; download: boolean }
> = {
  FREE: { duration: true, download: true },
  CREATIVE_COMMONS: { requires: "ccType", duration: false, download: true },
  SPOT_PRICE: { requires: "activationPrice", duration: true, download: true },
  PAY_PER_VIEW: { requires: "pricePerView", duration: true, download: false },
  REVENUE_SHARING: { requires: "earningPercentage", duration: true, download: false },
};

const CONDITIONS = ["ccType", "activationPrice", "pricePerView", "earningPercentage"] as const;

/**
 * The body of marketplace publish and update (interface Marketplace table, supplement §1), every
 * rule a 400 on its field: licenseType required; the type's one condition required (ccType for
 * CREATIVE_COMMONS, activationPrice for SPOT_PRICE, pricePerView for PAY_PER_VIEW,
 * earningPercentage 1..100 for REVENUE_SHARING) and every other one refused; duration (whole
 * number above zero) and durationUnit (DAYS, MONTHS, YEARS) together or not at all, refused for
 * CREATIVE_COMMONS; download true refused for PAY_PER_VIEW and REVENUE_SHARING (their use is
 * settled per view of the acquirer's vods). Prices arrive as numbers (the REST layer reads "2,50").
 */
export const marketFields = z
  .object({
    licenseType: z.preprocess(
      upperOrUndefined,
      z.enum(MARKET_LICENSE_TYPES, { error: (issue) => (issue.input === undefined ? "field.required" : "field.marketLicenseType") }),
    ),
    ccType: z.preprocess(upperOrUndefined, z.enum(CC_TYPES, "field.ccType").optional()),
    activationPrice: z.preprocess(emptyToUndefined, zPriceCents("field.activationPrice").optional()),
    pricePerView: z.preprocess(emptyToUndefined, zPriceCents("field.pricePerView").optional()),
    earningPercentage: z.preprocess(emptyToUndefined, zInt().pipe(z.number().min(1).max(100)).optional()),
    duration: z.preprocess(emptyToUndefined, zInt().pipe(z.number().min(1).max(10_000)).optional()),
    durationUnit: z.preprocess(upperOrUndefined, z.enum(DURATION_UNITS, "field.durationUnit").optional()),
    download: z.preprocess(emptyToUndefined, zBool().optional()),
  })
  .superRefine((v, ctx) => {
    const rule = RULES[v.licenseType];
    const refuse = (field: string, message: "field.required" | "field.notAllowedForLicenseType") =>
      ctx.addIssue({ code: "custom", path: [field], message });
    for (const field of CONDITIONS) {
      if (field === rule.requires && v[field] === undefined) refuse(field, "field.required");
      if (field !== rule.requires && v[field] !== undefined) refuse(field, "field.notAllowedForLicenseType");
    }
    if (!rule.duration) {
      if (v.duration !== undefined) refuse("duration", "field.notAllowedForLicenseType");
      if (v.durationUnit !== undefined) refuse("durationUnit", "field.notAllowedForLicenseType");
    } else if ((v.duration === undefined) !== (v.durationUnit === undefined)) {
      refuse(v.duration === undefined ? "duration" : "durationUnit", "field.required");
    }
    if (!rule.download && v.download === true) refuse("download", "field.notAllowedForLicenseType");
  });

export type MarketFields = z.output<typeof marketFields>;

/** The terms of valid fields (superRefine guarantees what each type takes). */
export function termsOfFields(f: MarketFields): LicenseTerms {
  return {
    licenseType: f.licenseType,
    ccType: f.ccType,
    activationPriceCents: f.activationPrice,
    pricePerViewCents: f.pricePerView,
    earningPercentage: f.earningPercentage,
    duration: f.duration,
    durationUnit: f.durationUnit,
    download: f.download ?? false,
  };
}
