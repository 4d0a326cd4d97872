import { z } from "zod";
import { DurationUnit } from "@/generated/prisma/enums";
import { emptyToUndefined, zInt, zOptionalText, zPriceCents, zTags, zText } from "@/server/core/schema";
import { upperOrUndefined } from "@/server/domain/vod/vod-fields";

export const DURATION_UNITS = Object.values(DurationUnit);
export const BUNDLE_NAME_MAX = 200;
export const BUNDLE_DESCRIPTION_MAX = 4000;
/** The longest subscription period a bundle sells, in its unit (10 years of days). */
export const BUNDLE_DURATION_MAX = 3660;

/**
 * The body of bundle create and update (interface Content bundles table, supplement §1): name, price
 * (above zero: a bundle is sold; the REST layer reads "2,50"), duration (whole periods) and
 * durationUnit (DAYS, MONTHS, YEARS), all required; description, thumbnailId (one of the caller's
 * thumbnails) and tags optional. Read-only fields posted back (bundleId, itemCount, publisher) are ignored.
 */
export const bundleFields = z.object({
  name: zText(BUNDLE_NAME_MAX),
  price: z.preprocess(emptyToUndefined, zPriceCents("field.price")),
  duration: z.preprocess(emptyToUndefined, zInt().pipe(z.number().min(1).max(BUNDLE_DURATION_MAX))),
  durationUnit: z.preprocess(
    upperOrUndefined,
    z.enum(DURATION_UNITS, { error: (issue) => (issue.input === undefined ? "field.required" : "field.durationUnit") }),
  ),
  description: zOptionalText(BUNDLE_DESCRIPTION_MAX),
  thumbnailId: z.preprocess(emptyToUndefined, z.uuid("field.thumbnailId").optional()),
  tags: z.preprocess((v) => v ?? [], zTags()),
});

export type BundleFields = z.output<typeof bundleFields>;
