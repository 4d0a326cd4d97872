import { z } from "zod";

/** A condition that belongs to one license type (ccType to CREATIVE_COMMONS): given, it needs licenseType, and that one. */
export interface TypedCondition<S extends z.ZodType = z.ZodType> {
  schema: S;
  /** The license type it goes with. */
  onlyWith: string;
  /** The field error when licenseType names another type. */
  message: string;
}

/**
 * The `conditions` filter object of a search (supplement §1: `conditions: {licenseType, ...}`), absent
 * when null: the optional `licenseType`, the conditions that belong to one license type (`typed`: each
 * requires licenseType, one error on licenseType however many are given, then its own type, an error
 * on the condition otherwise) and the conditions that stand alone (`free`, e.g. download). The vod
 * and the marketplace searches each list theirs.
 */
export function searchConditions<L extends z.ZodType, T extends Record<string, TypedCondition>, F extends z.ZodRawShape>(
  licenseType: L,
  typed: T,
  free: F,
) {
  const typedShape = Object.fromEntries(Object.entries(typed).map(([k, t]) => [k, t.schema])) as { [K in keyof T]: T[K]["schema"] };
  return z.preprocess(
    (v) => v ?? undefined,
    z
      .object({ licenseType, ...typedShape, ...free })
      .superRefine((c: Record<string, unknown>, ctx) => {
        const given = Object.keys(typed).filter((k) => c[k] !== undefined);
        if (given.length > 0 && c.licenseType === undefined)
          ctx.addIssue({ code: "custom", path: ["licenseType"], message: "field.licenseTypeRequired" });
        else
          for (const k of given)
            if (c.licenseType !== typed[k]!.onlyWith) ctx.addIssue({ code: "custom", path: [k], message: typed[k]!.message });
      })
      .optional(),
  );
}
