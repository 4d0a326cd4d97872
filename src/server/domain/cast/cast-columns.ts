import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { invalidField } from "@/server/domain/errors";
import { streamPathInUse } from "@/server/domain/live/stream-path";
import { findOwnThumbnail } from "@/server/domain/thumbnails/own-thumbnail";
import type { CastStreamFields } from "./cast-fields";

/**
 * The columns shared by cast channels and streams, checked: a thumbnailId that is not one of the
 * owner's, or a streamPath another live channel, cast channel or stream holds, is a 400 on it.
 */
export async function castColumns(db: Db | Prisma.TransactionClient, ownerId: string, fields: CastStreamFields, selfId?: string) {
  if (fields.thumbnailId && !(await findOwnThumbnail(db, ownerId, fields.thumbnailId)))
    throw invalidField("thumbnailId", "field.thumbnailId");
  if (await streamPathInUse(db, fields.streamPath, selfId)) throw invalidField("streamPath", "field.streamPathTaken");
  return {
    name: fields.name,
    streamPath: fields.streamPath,
    description: fields.description ?? null,
    thumbnailId: fields.thumbnailId ?? null,
    tags: fields.tags,
  };
}
