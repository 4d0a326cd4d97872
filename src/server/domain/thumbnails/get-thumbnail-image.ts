import { Readable } from "node:stream";
import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { DomainError, invalidField, notFound } from "@/server/core/errors";
import { thumbnailVariantKey } from "@/server/media/keys";
import { getStorage } from "@/server/media/storage";
import { isImageType, resizeImage } from "./image";
import { logger } from "@/server/log/logger.mjs";

/**
 * Widths served. A requested width is rounded up to the next of these (and never above the image's
 * own): an `<img>` gets what it asked for or slightly more, and the cache of resized copies stays
 * bounded (one can't fill storage by asking for every width from 1 to 4000).
 */
export const THUMBNAIL_WIDTHS = [
  32, 48, 64, 96, 128, 160, 192, 240, 256, 320, 360, 400, 480, 512, 640, 720, 800, 960, 1024, 1280, 1440, 1600, 1920,
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const getThumbnailImageInput = z.object({
  thumbnailId: z.string(),
  width: z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,5}$/.test(v) ? Number(v) : v),
    z.number().int().min(1).max(10_000).optional(),
  ),
});

export interface ThumbnailImage {
  stream: Readable;
  sizeBytes: number;
  mimeType: string;
  /** Width of the image served. */
  width: number;
  /** Changes whenever the bytes could: the id (thumbnails never change) and the width served. */
  etag: string;
}

/** The width served for a request: the original's (no width, or one at least as wide), else the next step up. */
export function servedWidth(requested: number | undefined, originalWidth: number): number {
  if (requested === undefined || requested >= originalWidth) return originalWidth;
  const step = THUMBNAIL_WIDTHS.find((w) => w >= requested) ?? originalWidth;
  return Math.min(step, originalWidth);
}

// GET /asset/thumbnail/{thumbnailId}[/{width}] - the image, resized to `width` (no authentication: it
// is an <img src>). Resized copies are made once and kept in storage beside the original.
export async function getThumbnailImage(ctx: Ctx, input: z.output<typeof getThumbnailImageInput>): Promise<ThumbnailImage> {
  if (!UUID.test(input.thumbnailId)) throw notFound("error.thumbnailNotFound");
  const row = await ctx.db.thumbnail.findUnique({
    where: { id: input.thumbnailId.toLowerCase() },
    select: { id: true, storageKey: true, mimeType: true, width: true, sizeBytes: true, boxItemId: true },
  });
  if (!row) throw notFound("error.thumbnailNotFound");
  // a poster generated from a private box item is served only through a signed media URL
  if (row.boxItemId) throw new DomainError("FORBIDDEN", "error.thumbnailPrivate");
  return imageOf(row, input.width);
}

/** Thumbnail row `row`'s image at the width served for `requested` (the original, or a resized copy kept in storage). */
export async function imageOf(
  row: { id: string; storageKey: string; mimeType: string; width: number },
  requested: number | undefined,
): Promise<ThumbnailImage> {
  const mimeType = row.mimeType;
  if (!isImageType(mimeType)) throw notFound("error.thumbnailNotFound");
  const storage = await getStorage();
  const width = servedWidth(requested, row.width);
  const etag = `"${row.id}-w${width}"`;
  if (width === row.width) {
    const stat = await storage.stat(row.storageKey);
    if (!stat) throw notFound("error.thumbnailNotFound");
    return { stream: await storage.getStream(row.storageKey), sizeBytes: stat.size, mimeType: row.mimeType, width, etag };
  }
  const key = thumbnailVariantKey(row.storageKey, width);
  const cached = await storage.stat(key);
  if (cached) return { stream: await storage.getStream(key), sizeBytes: cached.size, mimeType: row.mimeType, width, etag };
  const original = await readAll(
    await storage.getStream(row.storageKey).catch(() => {
      throw notFound("error.thumbnailNotFound");
    }),
  );
  const resized = await resizeImage(original, mimeType, width);
  await storage.putStream(key, Readable.from([resized]), { contentType: row.mimeType }).catch((err: unknown) => {
    logger().error({ err }, `thumbnail ${row.id}: caching the ${width} px copy failed`); // served anyway
  });
  return { stream: Readable.from([resized]), sizeBytes: resized.length, mimeType: row.mimeType, width, etag };
}

/** A width that is not a positive integer is a 400 (the path segment is the field). */
export function assertWidthSegment(width: string | undefined): void {
  if (width !== undefined && !/^\d{1,5}$/.test(width)) throw invalidField("width", "field.invalid");
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream as AsyncIterable<Buffer>) chunks.push(c);
  return Buffer.concat(chunks);
}
