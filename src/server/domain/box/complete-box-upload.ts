import { randomUUID } from "node:crypto";
import { stat } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { parseInput } from "@/server/domain/shared/validation";
import { uploadTempKey } from "@/server/media/keys";
import { getStorage, type Storage } from "@/server/media/storage";
import type { BoxItemView } from "./box-item-view";
import { commitBoxUpload } from "./commit-box-upload";
import { boxUploadFields } from "./upload-fields";
import { assertUploadAllowed, loadUploadLimits } from "./upload-limits";
import { cleanFilename, cleanMimeType } from "./upload-box-item";

// The doors for uploads that arrive by other means than POST /api/box (the portal's resumable tus
// uploads): check the limits when the upload is created, then hand over the complete file. Both run
// the same checks and the same commit as the multipart upload.

export const checkBoxUploadInput = z.object({
  sizeBytes: z.number().int().nonnegative().optional(),
  /** The fields the upload will carry (validated as the multipart fields), when already known. */
  fields: z.record(z.string(), z.unknown()).optional(),
});

/**
 * Throws the upload's 403/413, or the 400 of its fields, before any byte is accepted (tus: on
 * creation, with Upload-Length and the metadata), so nobody sends a file that would be refused.
 */
export async function checkBoxUpload(ctx: Ctx, input: z.output<typeof checkBoxUploadInput>): Promise<void> {
  assertUploadAllowed(await loadUploadLimits(ctx.db, requireUserId(ctx)), input.sizeBytes);
  if (input.fields) parseInput(boxUploadFields, input.fields);
}

export const completeBoxUploadInput = z.object({
  filename: z.string().optional(),
  mimeType: z.string().optional(),
  /** title, description, tags (array), contentIdentifier, thumbnailId: validated as the multipart fields. */
  fields: z.record(z.string(), z.unknown()),
});

/**
 * Where the complete file is: its size, its name, and how to put it under a storage key (the tus
 * store's parts, or a file: localFileUpload). It must come from the server, never from a client (this
 * is why this is no tRPC procedure).
 */
export interface CompletedUpload {
  sizeBytes: number;
  filename: string;
  placeAt(storage: Storage, key: string): Promise<unknown>;
}

/** A complete file on this machine, consumed (renamed into storage when on the same filesystem). */
export async function localFileUpload(localPath: string): Promise<CompletedUpload> {
  if (!path.isAbsolute(localPath)) throw new Error("localFileUpload: the path must be absolute");
  return {
    sizeBytes: (await stat(localPath)).size,
    filename: path.basename(localPath),
    placeAt: (storage, key) => storage.putFile(key, localPath, { move: true }),
  };
}

// (tus completion, the demo seed) - makes a box item of a completed upload: 201-equivalent, the
// PROCESSING item. Limits are checked again (the quota may have changed since the upload began); on
// any failure the source is left where it was unless it was already moved, and nothing else remains.
export async function completeBoxUpload(
  ctx: Ctx,
  source: CompletedUpload,
  input: z.input<typeof completeBoxUploadInput>,
): Promise<BoxItemView> {
  const userId = requireUserId(ctx);
  const { filename, mimeType, fields: raw } = parseInput(completeBoxUploadInput, input);
  const fields = parseInput(boxUploadFields, raw);
  const { sizeBytes } = source;
  assertUploadAllowed(await loadUploadLimits(ctx.db, userId), sizeBytes);
  const storage = await getStorage();
  const boxId = randomUUID();
  const tempKey = uploadTempKey(boxId);
  const name = cleanFilename(filename ?? source.filename);
  await source.placeAt(storage, tempKey);
  try {
    return await commitBoxUpload(
      ctx,
      userId,
      { boxId, tempKey, sizeBytes, filename: name, mimeType: cleanMimeType(mimeType, name) },
      fields,
    );
  } catch (err) {
    await storage.delete(tempKey).catch(() => undefined);
    throw err;
  }
}
