import type { Prisma } from "@/generated/prisma/client";
import type { Db, DbOrTx } from "@/server/db/client";
import { invalidField } from "@/server/core/errors";
import { findOwnThumbnail } from "@/server/domain/thumbnails/own-thumbnail";
import type { ChannelFields } from "./channel-fields";
import { streamPathInUse } from "./stream-path";

/**
 * The columns shared by live channels, cast channels and cast streams, checked: a thumbnailId that
 * is not one of the owner's, or a streamPath that another of them holds (they share the ingest's
 * and the output's name space: stream-path.ts), is a 400 on it. `selfId`: the row being updated.
 */
export async function streamableColumns(db: DbOrTx, ownerId: string, fields: Omit<ChannelFields, "public">, selfId?: string) {
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

/** The columns of valid live channel fields (streamableColumns and `public`). */
export async function channelColumns(db: Db, ownerId: string, fields: ChannelFields, selfId?: string) {
  return {
    ...(await streamableColumns(db, ownerId, fields, selfId)),
    public: fields.public,
  } satisfies Prisma.LiveChannelUncheckedUpdateInput;
}

/** A write that hit the unique stream path (another channel took it first): 400 on streamPath. */
export function streamPathTaken(err: unknown): never {
  if ((err as { code?: string }).code === "P2002") throw invalidField("streamPath", "field.streamPathTaken");
  throw err;
}
