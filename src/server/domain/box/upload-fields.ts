import { z } from "zod";
import { emptyToUndefined, zOptionalText, zTags, zText } from "@/server/core/schema";

/** Lengths shared by upload and update. */
export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 4000;

/** A client-chosen contentId (supplement §3: kept when given and unique): printable, no spaces. */
const zContentIdentifier = () =>
  z.preprocess(
    (v) => emptyToUndefined(typeof v === "string" ? v.trim() : v),
    z
      .string()
      .max(200, "field.contentIdentifier")
      .regex(/^[\x21-\x7e\u00a0-\uffff]+$/, "field.contentIdentifier")
      .optional(),
  );

/**
 * The text fields of a box upload (interface Box table, supplement §3): `title` (required),
 * `description`, `tag` (repeated, one per tag; `tags` accepted too), `contentIdentifier`,
 * `thumbnailId`. Multipart sends strings; a repeated field arrives as an array.
 */
export const boxUploadFields = z.object({
  title: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), zText(TITLE_MAX)),
  description: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), zOptionalText(DESCRIPTION_MAX)),
  tags: z.preprocess((v) => (v === undefined ? [] : v), zTags()),
  contentIdentifier: z.preprocess((v) => (Array.isArray(v) ? v[0] : v), zContentIdentifier()),
  thumbnailId: z.preprocess((v) => emptyToUndefined(Array.isArray(v) ? v[0] : v), z.uuid("field.thumbnailId").optional()),
});

export type BoxUploadFields = z.output<typeof boxUploadFields>;

/** Multipart field values by name (repeated names collected) -> the schema's input (`tag` -> `tags`). */
export function fieldsFromMultipart(values: Map<string, string[]>): Record<string, unknown> {
  const one = (name: string) => values.get(name)?.[0];
  const tags = [...(values.get("tag") ?? []), ...(values.get("tags") ?? []), ...(values.get("tag[]") ?? [])];
  return {
    title: one("title"),
    description: one("description"),
    tags: tags.map((t) => t.trim()).filter(Boolean),
    contentIdentifier: one("contentIdentifier"),
    thumbnailId: one("thumbnailId"),
  };
}
