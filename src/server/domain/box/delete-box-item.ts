import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { abortLocalJobsOf } from "@/server/jobs/queue";
import { boxItemPrefix, uploadTempKey } from "@/server/media/keys";
import { getStorage } from "@/server/media/storage";
import { normalizeBoxId } from "./box-item-view";
import { releaseStorage } from "./upload-limits";

export const deleteBoxItemInput = z.object({ boxId: z.string() });

/** 409 with the supplement's `exception`: the item is published, its vods must go first. */
const hasVods = (count: number) => new DomainError("DEPENDANTS", "error.boxItemHasVods", { count });

// DELETE /api/box/{boxId} - removes an item: its row (renditions, poster, jobs, download tokens and
// bundle/marketplace entries go with it by cascade), its charge on the storage quota, and its files
// (original, renditions, preview, poster and resized copies, all under one prefix) once no box item
// shows them any more: the files of an upload are shared with the copies acquired on the
// marketplace (StoredMedia, reference-counted by the database on every insert and delete of a box
// item), so the seller's delete leaves them to the buyers and the last delete removes them.
// An item published as vods is refused (409 DEPENDANTS): its vods are unpublished first.
// A running ingest job is cancelled: in this process at once, in another worker at its next
// heartbeat (its job row is gone). A job that was moving outputs into place at that moment checks
// for the item after every move and removes what it wrote, so nothing is left behind either way.
export async function deleteBoxItem(ctx: Ctx, input: z.output<typeof deleteBoxItemInput>): Promise<void> {
  const ownerId = requireUserId(ctx);
  const id = normalizeBoxId(input.boxId);
  if (!id) throw notFound("error.boxItemNotFound");
  const deleted = await ctx.db
    .$transaction(async (tx) => {
      const item = await tx.boxItem.findFirst({
        where: { id, ownerId },
        select: { id: true, sizeBytes: true, mediaId: true, _count: { select: { vodItems: true } } },
      });
      if (!item) return false;
      if (item._count.vodItems > 0) throw hasVods(item._count.vodItems);
      await tx.boxItem.delete({ where: { id } });
      await releaseStorage(tx, ownerId, item.sizeBytes);
      // the last box item showing the files: they go (the row first, so nothing can take them up again)
      const [unshown] = await tx.$queryRaw<{ id: string; ownerId: string }[]>`
        DELETE FROM "StoredMedia" WHERE "id" = ${item.mediaId ?? id}::uuid AND "refCount" <= 0
        RETURNING "id"::text AS "id", "ownerId"::text AS "ownerId"`;
      return { unshown };
    })
    .catch((err: unknown) => {
      // a vod published between the check and the delete: its foreign key (NO ACTION) refused the delete
      if ((err as { code?: string }).code === "P2003") throw hasVods(1);
      throw err;
    });
  if (!deleted) throw notFound("error.boxItemNotFound");
  abortLocalJobsOf(id);
  const storage = await getStorage();
  if (deleted.unshown) await storage.deletePrefix(boxItemPrefix(deleted.unshown.ownerId, deleted.unshown.id));
  await storage.delete(uploadTempKey(id)); // an upload whose move into place had not happened yet
}
