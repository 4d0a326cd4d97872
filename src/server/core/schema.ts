import { z } from "zod";

// Lenient primitives shared by every operation: real clients send "true" and "20" for booleans and
// numbers (supplement §3). Coercion is strict otherwise: "" stays invalid, "abc" is not a number.

const toBool = (v: unknown) => (v === "true" ? true : v === "false" ? false : v);
const toNumber = (v: unknown) => (typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v)) ? Number(v) : v);
/** null and blank strings mean "absent" (clients post back empty fields). */
export const emptyToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const trimmedOrUndefined = (v: unknown) => emptyToUndefined(typeof v === "string" ? v.trim() : v);

export const zBool = () => z.preprocess(toBool, z.boolean());
export const zInt = () => z.preprocess(toNumber, z.number().int());
export const zNumber = () => z.preprocess(toNumber, z.number());

/** A trimmed text; empty or null means "absent". */
export const zText = (max: number) => z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().min(1).max(max));
export const zOptionalText = (max: number) => z.preprocess(trimmedOrUndefined, z.string().max(max).optional());

/**
 * Calendar date as ISO yyyy-MM-dd (the REST layer turns dd/MM/yyyy into this). Empty is "required",
 * not the format: the portal's date picker gives "" until a whole date is picked.
 */
export const zIsoDate = (message: string = "field.date") =>
  z
    .string()
    .min(1)
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), message);

export const zHttpUrl = (message: string = "field.url", max = 2000) =>
  z
    .string()
    .max(max)
    .refine((s) => /^https?:\/\/[^\s]+$/i.test(s) && URL.canParse(s), message);

/** An optional http(s) URL (links shown on public pages): trimmed, empty or null means absent; javascript:, data: and every other scheme are refused. */
export const zOptionalHttpUrl = (max: number) => z.preprocess(trimmedOrUndefined, zHttpUrl("field.url", max).optional());

export const zTags = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? [v] : v),
    z
      .array(z.string().trim().min(1).max(64))
      .max(50)
      .transform((tags) => [...new Set(tags)]),
  );

/** Highest price accepted for anything sold (cents): 10 000,00. */
export const MAX_PRICE_CENTS = 1_000_000;

/**
 * A price: a number of currency units with at most two decimals, above zero (the REST layer turns
 * "2,50" and "2.50" into 2.5 with moneyIn; "2.5" strings are read too). The output is integer cents.
 */
export const zPriceCents = (message: string) =>
  z
    // absent: "is required", as every required field (optional prices add .optional())
    .preprocess(toNumber, z.number({ error: (issue) => (issue.input === undefined ? "field.required" : message) }))
    .refine((n) => Number.isFinite(n) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, message)
    .transform((n) => Math.round(n * 100))
    .refine((cents) => cents > 0 && cents <= MAX_PRICE_CENTS, message)
    .meta({ wire: "money" });

/** A list of short texts: an array, or one string of items split on spaces and commas (a form's field); 50 items of 300 characters at most. */
export const zStringList = () =>
  z.preprocess((v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : v), z.array(z.string().max(300)).max(50));
