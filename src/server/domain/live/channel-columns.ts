import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { invalidField } from "@/server/domain/errors";
import { findOwnThumbnail } from "@/server/domain/thumbnails/own-thumbnail";
import type { ChannelFields } from "./channel-fields";

/** The columns of valid channel fields; a thumbnailId that is not one of the owner's is a 400 on it. */
export async function channelColumns(db: Db, ownerId: string, fields: ChannelFields) {
  if (fields.thumbnailId && !(await findOwnThumbnail(db, ownerId, fields.thumbnailId)))
    throw invalidField("thumbnailId", "field.thumbnailId");
  return {
    name: fields.name,
    streamPath: fields.streamPath,
    description: fields.description ?? null,
    public: fields.public,
    thumbnailId: fields.thumbnailId ?? null,
    tags: fields.tags,
  } satisfies Prisma.LiveChannelUncheckedUpdateInput;
}

/** A write that hit the unique stream path (another channel took it first): 400 on streamPath. */
export function streamPathTaken(err: unknown): never {
  if ((err as { code?: string }).code === "P2002") throw invalidField("streamPath", "field.streamPathTaken");
  throw err;
}
