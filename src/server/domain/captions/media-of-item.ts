import type { DbOrTx } from "@/server/db/client";
import { DomainError, notFound } from "@/server/core/errors";
import { normalizeBoxId } from "@/server/domain/box/box-item-view";
import type { MediaHome } from "@/server/media/ingest/media-playlists";

// The media whose tracks (captions, chapters, audio) a box item shows (issue 26): its StoredMedia, the
// upload's, so an acquired copy shows its seller's tracks and only the uploader changes them.

export interface ItemMedia {
  boxId: string;
  home: MediaHome;
  status: "PROCESSING" | "READY" | "FAILED";
  durationSeconds: number | null;
  /** Whether the caller may change its tracks: their own upload (not a marketplace copy). */
  editable: boolean;
}

/** The caller's box item and its media; 404 for a missing item and for another user's (as for the item itself). */
export async function itemMedia(db: DbOrTx, ownerId: string, boxId: unknown): Promise<ItemMedia> {
  const id = normalizeBoxId(boxId);
  const row = id
    ? await db.boxItem.findFirst({
        where: { id, ownerId },
        select: { id: true, source: true, status: true, mediaId: true, durationSeconds: true, media: { select: { ownerId: true } } },
      })
    : null;
  if (!row) throw notFound("error.boxItemNotFound");
  const mediaId = row.mediaId ?? row.id;
  return {
    boxId: row.id,
    home: { mediaId, ownerId: row.media?.ownerId ?? ownerId },
    status: row.status,
    durationSeconds: row.durationSeconds,
    editable: row.source === "UPLOAD" && mediaId === row.id,
  };
}

/**
 * itemMedia for a change: 409 for a marketplace copy (its seller's tracks) and for an item not READY
 * (its duration and preview, which the tracks' files follow, are known then; until then the ingest
 * writes the playlists).
 */
export async function editableMedia(db: DbOrTx, ownerId: string, boxId: unknown): Promise<ItemMedia> {
  const media = await itemMedia(db, ownerId, boxId);
  if (!media.editable) throw new DomainError("CONFLICT", "error.tracksOfSeller");
  if (media.status !== "READY") throw new DomainError("CONFLICT", "error.tracksAfterProcessing");
  return media;
}
