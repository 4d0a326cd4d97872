import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, invalidField } from "@/server/core/errors";
import { isUploadParts, readPartBytes, skipPart, type UploadParts } from "@/server/domain/box/upload-parts";
import { thumbnailKey } from "@/server/media/keys";
import { getStorage } from "@/server/media/storage";
import { normalizeImage, sniffImageType } from "./image";

/** Uploaded thumbnails are at most this large (they are held in memory while checked). */
export const MAX_THUMBNAIL_MB = 5;
const MAX_BYTES = MAX_THUMBNAIL_MB * 1024 * 1024;

export const uploadThumbnailInput = z.object({
  parts: z.custom<UploadParts>(isUploadParts),
  declaredBytes: z.number().int().nonnegative().optional(),
});

const tooLarge = () => new DomainError("PAYLOAD_TOO_LARGE", "error.imageTooLarge", { max: MAX_THUMBNAIL_MB });

// POST /api/thumbnail - stores an image (multipart part `thumbnail`: PNG, JPEG or WebP, checked by
// its bytes and by decoding it) for the caller: 201 {thumbnailId}, usable as the thumbnailId of
// their box items, profile and other entities, and shown at /asset/thumbnail/{thumbnailId}.
export async function uploadThumbnail(ctx: Ctx, input: z.output<typeof uploadThumbnailInput>): Promise<{ thumbnailId: string }> {
  const ownerId = requireUserId(ctx);
  if (input.declaredBytes !== undefined && input.declaredBytes > MAX_BYTES + 64 * 1024) throw tooLarge();
  let bytes: Buffer | undefined;
  for await (const part of input.parts) {
    if (part.kind !== "file" || part.name !== "thumbnail" || bytes) {
      skipPart(part);
      continue;
    }
    bytes = await readPartBytes(part, MAX_BYTES, tooLarge);
  }
  if (!bytes || bytes.length === 0) throw invalidField("thumbnail", "field.required");
  const type = sniffImageType(bytes);
  if (!type) throw invalidField("thumbnail", "field.imageType");
  const image = await normalizeImage(bytes, type).catch(() => {
    throw invalidField("thumbnail", "field.imageType");
  });
  const id = randomUUID();
  const key = thumbnailKey(ownerId, id, type);
  const storage = await getStorage();
  await storage.putStream(key, Readable.from([image.data]), { contentType: type });
  try {
    await ctx.db.thumbnail.create({
      data: { id, ownerId, storageKey: key, mimeType: type, width: image.width, height: image.height, sizeBytes: image.data.length },
    });
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  return { thumbnailId: id };
}
