import type { Ctx } from "@/server/core/context";
import { invalidField } from "@/server/core/errors";
import { enqueueJob, wakeLocalWorkers } from "@/server/jobs/queue";
import { boxOriginalKey } from "@/server/media/keys";
import { getStorage } from "@/server/media/storage";
import { boxItemSelect, toBoxItemView, type BoxItemView } from "./box-item-view";
import type { BoxUploadFields } from "./upload-fields";
import { chargeUpload } from "./upload-limits";
import { logger } from "@/server/log/logger.mjs";

/** A complete upload waiting in storage at `tempKey` (tmp/uploads/<boxId>). */
export interface ReceivedOriginal {
  boxId: string;
  tempKey: string;
  sizeBytes: number;
  filename: string;
  mimeType: string;
}

/** The contentId of an upload without contentIdentifier. */
export const contentIdOf = (boxId: string) => `urn:kinora:content:${boxId}`;

/**
 * Turns a received original into a box item: one transaction charges the quota (re-checked under
 * the user's row lock), creates the PROCESSING item and queues its ingest job; then the file moves
 * from its temporary key into the item's prefix. A crash between the two leaves the item and the
 * file in tmp/uploads: the ingest job finishes the move. The caller removes `tempKey` when this throws.
 */
export async function commitBoxUpload(
  ctx: Ctx,
  ownerId: string,
  original: ReceivedOriginal,
  fields: BoxUploadFields,
): Promise<BoxItemView> {
  const { boxId } = original;
  const contentId = fields.contentIdentifier ?? contentIdOf(boxId);
  const originalKey = boxOriginalKey(ownerId, boxId);
  const row = await ctx.db
    .$transaction(
      async (tx) => {
        if (fields.thumbnailId) {
          const owned = await tx.thumbnail.findFirst({ where: { id: fields.thumbnailId, ownerId }, select: { id: true } });
          if (!owned) throw invalidField("thumbnailId", "field.thumbnailId");
        }
        if (fields.contentIdentifier && (await tx.boxItem.findUnique({ where: { contentId }, select: { id: true } })))
          throw invalidField("contentIdentifier", "field.contentIdTaken");
        await chargeUpload(tx, ownerId, original.sizeBytes);
        const created = await tx.boxItem.create({
          data: {
            id: boxId,
            ownerId,
            contentId,
            title: fields.title,
            description: fields.description ?? null,
            tags: fields.tags,
            thumbnailId: fields.thumbnailId ?? null,
            source: "UPLOAD",
            status: "PROCESSING",
            sizeBytes: BigInt(original.sizeBytes),
            originalKey,
            originalFilename: original.filename,
            mimeType: original.mimeType,
          },
          select: boxItemSelect,
        });
        await enqueueJob(tx, "box.ingest", { boxItemId: boxId }, { boxItemId: boxId });
        return created;
      },
      { maxWait: 15_000, timeout: 15_000 },
    )
    .catch((err: unknown) => {
      // a parallel upload took the same contentIdentifier between the check and the insert
      if ((err as { code?: string }).code === "P2002") throw invalidField("contentIdentifier", "field.contentIdTaken");
      throw err;
    });
  const storage = await getStorage();
  await storage.move(original.tempKey, originalKey).catch((err: unknown) => {
    // the item exists and its job is queued: the job retries the move (see box-ingest's ensureOriginal)
    logger().error({ err }, `box ${boxId}: moving the upload into place failed, the ingest job will retry`);
  });
  wakeLocalWorkers(); // a worker of this process starts the ingest now rather than at its next poll
  return toBoxItemView(row, ctx.baseUrl);
}
