import { invalidField } from "@/server/core/errors";
import { zInt } from "@/server/core/schema";
import { z } from "zod";

/** A zero-based index of the ordered-bundle operations (its upper bound depends on the bundle: checkIndex). */
export const zIndex = () => z.preprocess((v) => v ?? undefined, zInt().pipe(z.number().min(0)));

/** 400 on `field` unless 0 <= index <= max. */
export function checkIndex(field: string, index: number, max: number): void {
  if (index > max) throw max < 0 ? invalidField(field, "field.bundleEmpty") : invalidField(field, "field.indexRange", { max });
}
