import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { invalidField } from "@/server/core/errors";
import { parseInput } from "@/server/domain/shared/validation";
import { uploadTempKey } from "@/server/media/keys";
import { getStorage, isStorageError } from "@/server/media/storage";
import type { BoxItemView } from "./box-item-view";
import { commitBoxUpload } from "./commit-box-upload";
import { boxUploadFields, fieldsFromMultipart } from "./upload-fields";
import {
  assertUploadAllowed,
  fileTooLarge,
  loadUploadLimits,
  MULTIPART_SLACK_BYTES,
  storageLeft,
  storageQuotaExceeded,
} from "./upload-limits";
import { isUploadParts, skipPart, type UploadParts } from "./upload-parts";
import { UploadProgressTracker, zProgressbarId } from "./upload-progress";
import { emptyToUndefined } from "@/server/core/schema";

export const uploadBoxItemInput = z.object({
  /** The multipart body: fields `title`, `description`, `tag`..., `contentIdentifier`, `thumbnailId` and the part `file`, in any order. */
  parts: z.custom<UploadParts>(isUploadParts),
  /** Content-Length of the whole body when the client sent one. */
  declaredBytes: z.number().int().nonnegative().optional(),
  /** X-Service-progressbarId. */
  progressbarId: z.preprocess(emptyToUndefined, zProgressbarId().optional()),
});

export type UploadBoxItemInput = z.output<typeof uploadBoxItemInput>;

// POST /api/box - uploads a video into the caller's box: 201 with the PROCESSING item; ingestion follows.
// The file part is streamed to a temporary key (never held in memory) under a byte cap (the license's
// maxVideoSize, or the free storage if smaller); the item is created only once the whole body arrived
// and the fields are valid. Refused or interrupted: no file, no row, no quota charge remain, and the
// progress bar reads failed.
export async function uploadBoxItem(ctx: Ctx, input: UploadBoxItemInput): Promise<BoxItemView> {
  const userId = requireUserId(ctx);
  const limits = await loadUploadLimits(ctx.db, userId);
  assertUploadAllowed(limits, input.declaredBytes, MULTIPART_SLACK_BYTES);
  const capBytes = Math.min(limits.maxFileBytes, storageLeft(limits));
  const capError = () => (capBytes < limits.maxFileBytes ? storageQuotaExceeded(limits) : fileTooLarge(limits));

  const storage = await getStorage();
  const boxId = randomUUID();
  const tempKey = uploadTempKey(boxId);
  const progress = new UploadProgressTracker(ctx.db, userId, input.progressbarId, input.declaredBytes);
  await progress.start();
  const values = new Map<string, string[]>();
  let file: { sizeBytes: number; filename: string; mimeType: string } | undefined;
  try {
    for await (const part of input.parts) {
      if (part.kind === "field") {
        values.set(part.name, [...(values.get(part.name) ?? []), part.value]);
        continue;
      }
      if (part.name !== "file" || file) {
        skipPart(part);
        continue;
      }
      const put = { maxBytes: capBytes, onBytes: (bytes: number) => progress.received(bytes) };
      const { size } = await storage.putStream(tempKey, part.stream, put).catch((err: unknown) => {
        throw isStorageError(err, "TOO_LARGE") ? capError() : err;
      });
      const filename = cleanFilename(part.filename);
      file = { sizeBytes: size, filename, mimeType: cleanMimeType(part.mimeType, filename) };
    }
    if (!file) throw invalidField("file", "field.required");
    const fields = parseInput(boxUploadFields, fieldsFromMultipart(values));
    const item = await commitBoxUpload(ctx, userId, { boxId, tempKey, ...file }, fields);
    await progress.finish();
    return item;
  } catch (err) {
    await storage.delete(tempKey).catch(() => undefined);
    await progress.fail();
    throw err;
  }
}

/** The name the download gives back: the client's base name, without path or control characters. */
export function cleanFilename(name: string | undefined): string {
  const base = (name ?? "")
    .split(/[\\/]/)
    .pop()!
    .replace(/[\u0000-\u001f\u007f"]/g, "")
    .trim();
  return base.slice(0, 255) || "video";
}

const VIDEO_TYPES: Record<string, string> = {
  mp4: "video/mp4",
  m4v: "video/mp4",
  mov: "video/quicktime",
  webm: "video/webm",
  mkv: "video/x-matroska",
  avi: "video/x-msvideo",
  ts: "video/mp2t",
  mts: "video/mp2t",
  flv: "video/x-flv",
  mpg: "video/mpeg",
  mpeg: "video/mpeg",
  ogv: "video/ogg",
  wmv: "video/x-ms-wmv",
};

/**
 * The media type stored with the original (sent back on download): as the client sent it (type/subtype,
 * lower case); when it sent none or the generic application/octet-stream, the one of the file's
 * extension; else application/octet-stream.
 */
export function cleanMimeType(type: string | undefined, filename?: string): string {
  const t = (type ?? "").trim().toLowerCase();
  const valid = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/.test(t) && t.length <= 100;
  if (valid && t !== "application/octet-stream") return t;
  const ext = /\.([a-z0-9]+)$/i.exec(filename ?? "")?.[1]?.toLowerCase();
  return (ext && VIDEO_TYPES[ext]) ?? "application/octet-stream";
}
