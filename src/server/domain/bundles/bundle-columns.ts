import type { Db } from "@/server/db/client";
import { invalidField } from "@/server/core/errors";
import { findOwnThumbnail } from "@/server/domain/thumbnails/own-thumbnail";
import type { BundleFields } from "./bundle-fields";

/** The columns of valid fields; a thumbnailId that is not one of the owner's thumbnails is a 400 on it. */
export async function bundleColumns(db: Db, ownerId: string, fields: BundleFields) {
  if (fields.thumbnailId && !(await findOwnThumbnail(db, ownerId, fields.thumbnailId)))
    throw invalidField("thumbnailId", "field.thumbnailId");
  return {
    name: fields.name,
    description: fields.description ?? null,
    priceCents: fields.price,
    duration: fields.duration,
    durationUnit: fields.durationUnit,
    thumbnailId: fields.thumbnailId ?? null,
    tags: fields.tags,
  };
}
