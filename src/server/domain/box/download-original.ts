import type { Readable } from "node:stream";
import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { hashToken } from "@/server/auth/secure-token";
import { getStorage, isStorageError } from "@/server/media/storage";

export const downloadOriginalInput = z.object({ contentId: z.string().min(1).max(300), token: z.string().min(1).max(200) });

export interface OriginalDownload {
  stream: Readable;
  sizeBytes: number;
  filename: string;
  mimeType: string;
}

const invalidToken = () => new DomainError("NOT_FOUND", "error.downloadTokenInvalid");

// GET /download/content/{contentId}?token= - the original file, for whoever holds a valid token (no
// other authentication: links are handed to download managers). The token is spent atomically
// before the first byte, so a second use (or a parallel one) gets 404; so does an expired token or
// one issued for another content.
export async function downloadOriginal(ctx: Ctx, input: z.output<typeof downloadOriginalInput>): Promise<OriginalDownload> {
  const spent = await ctx.db.$queryRaw<{ boxItemId: string }[]>`
    UPDATE "DownloadToken" t SET "usedAt" = now()
    FROM "BoxItem" b
    WHERE t."tokenHash" = ${hashToken(input.token)} AND t."usedAt" IS NULL AND t."expiresAt" > now()
      AND b."id" = t."boxItemId" AND b."contentId" = ${input.contentId}
    RETURNING t."boxItemId"::text AS "boxItemId"`;
  const boxItemId = spent[0]?.boxItemId;
  if (!boxItemId) throw invalidToken();
  const item = await ctx.db.boxItem.findUnique({
    where: { id: boxItemId },
    select: { originalKey: true, originalFilename: true, mimeType: true },
  });
  if (!item?.originalKey) throw invalidToken();
  const storage = await getStorage();
  const stat = await storage.stat(item.originalKey);
  if (!stat) throw invalidToken();
  const stream = await storage.getStream(item.originalKey).catch((err: unknown) => {
    throw isStorageError(err, "NOT_FOUND") ? invalidToken() : err;
  });
  return {
    stream,
    sizeBytes: stat.size,
    filename: item.originalFilename ?? "video",
    mimeType: item.mimeType ?? "application/octet-stream",
  };
}
