import { z } from "zod";
import { CcType, VodLicenseType } from "@/generated/prisma/enums";
import { emptyToUndefined, zBool, zIsoDate, zPriceCents } from "@/server/core/schema";
import type { TypedCondition } from "@/server/domain/shared/search-conditions";

export const VOD_LICENSE_TYPES = Object.values(VodLicenseType);
export const CC_TYPES = Object.values(CcType);

/** Enum values arrive in any case, with spaces around; blank means absent. */
export const upperOrUndefined = (v: unknown) => (typeof v === "string" ? emptyToUndefined(v.trim().toUpperCase()) : (v ?? undefined));

/** The ccType condition of the vod and marketplace searches (shared/search-conditions.ts): one of the six, with CREATIVE_COMMONS. */
export const ccTypeCondition = {
  schema: z.preprocess(upperOrUndefined, z.enum(CC_TYPES, "field.ccType").optional()),
  onlyWith: "CREATIVE_COMMONS",
  message: "field.onlyWithCreativeCommons",
} satisfies TypedCondition;

/** yyyy-MM-dd -> that day at 00:00 UTC (expiration dates are UTC days). */
const utcDay = (iso: string) => new Date(`${iso}T00:00:00Z`);
/** A day arrives as yyyy-MM-dd text (REST, forms) or as the Date of a UTC day (the portal's tRPC client): the same text either way. */
const dayText = (v: unknown) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : emptyToUndefined(v));

/** What a vod is published under: the license type and the one condition that type takes. */
export type VodLicense =
  | { licenseType: "FREE" }
  | { licenseType: "CREATIVE_COMMONS"; ccType: CcType }
  | { licenseType: "PAY_PER_VIEW"; pricePerViewCents: number }
  | { licenseType: "CONTENT_BUNDLE"; bundleId: string };

/**
 * The body of publish and update (interface Vod table, supplement §1): licenseType (required), ccType
 * (CREATIVE_COMMONS: required, one of the six), pricePerView (PAY_PER_VIEW: required, above zero),
 * bundleId (CONTENT_BUNDLE: required, one of the publisher's bundles, checked on write), public,
 * expirationDate (yyyy-MM-dd; the REST layer reads dd/MM/yyyy; a day already past is accepted: the
 * vod is expired at once, which is how a creator withdraws it without deleting it). A condition
 * sent with another license type is checked when present but not kept (clients post back what
 * they read).
 */
export const vodFields = z
  .object({
    licenseType: z.preprocess(
      upperOrUndefined,
      z.enum(VOD_LICENSE_TYPES, { error: (issue) => (issue.input === undefined ? "field.required" : "field.licenseType") }),
    ),
    ccType: z.preprocess(upperOrUndefined, z.enum(CC_TYPES, "field.ccType").optional()),
    pricePerView: z.preprocess(emptyToUndefined, zPriceCents("field.pricePerView").optional()),
    bundleId: z.preprocess(emptyToUndefined, z.uuid("field.invalid").optional()),
    public: z.preprocess(emptyToUndefined, zBool().optional()),
    expirationDate: z.preprocess(dayText, zIsoDate().transform(utcDay).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.licenseType === "CONTENT_BUNDLE" && !v.bundleId) ctx.addIssue({ code: "custom", path: ["bundleId"], message: "field.required" });
    if (v.licenseType === "CREATIVE_COMMONS" && !v.ccType) ctx.addIssue({ code: "custom", path: ["ccType"], message: "field.required" });
    if (v.licenseType === "PAY_PER_VIEW" && v.pricePerView === undefined)
      ctx.addIssue({ code: "custom", path: ["pricePerView"], message: "field.required" });
  });

export type VodFields = z.output<typeof vodFields>;

/** The license of valid fields (superRefine guarantees the condition of each type). */
export function licenseOf(fields: VodFields): VodLicense {
  switch (fields.licenseType) {
    case "CREATIVE_COMMONS":
      return { licenseType: "CREATIVE_COMMONS", ccType: fields.ccType! };
    case "PAY_PER_VIEW":
      return { licenseType: "PAY_PER_VIEW", pricePerViewCents: fields.pricePerView! };
    case "CONTENT_BUNDLE":
      return { licenseType: "CONTENT_BUNDLE", bundleId: fields.bundleId! };
    default:
      return { licenseType: "FREE" };
  }
}

/** The columns of a license: the conditions of other types are cleared. */
export function licenseColumns(license: VodLicense) {
  return {
    licenseType: license.licenseType,
    ccType: license.licenseType === "CREATIVE_COMMONS" ? license.ccType : null,
    pricePerViewCents: license.licenseType === "PAY_PER_VIEW" ? license.pricePerViewCents : null,
    bundleId: license.licenseType === "CONTENT_BUNDLE" ? license.bundleId : null,
  };
}
