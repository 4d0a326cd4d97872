import type { DbOrTx } from "@/server/db/client";

/** One of the user's thumbnails (an upload, or the poster of one of their items), or null: what a thumbnailId field may name. */
export function findOwnThumbnail(db: DbOrTx, ownerId: string, thumbnailId: string) {
  return db.thumbnail.findFirst({ where: { id: thumbnailId, ownerId }, select: { id: true, boxItemId: true } });
}
