import sharp, { type Sharp } from "sharp";

// Thumbnails are decoded and resized in process by sharp (libvips): a few milliseconds per image
// and no process per request, against ~100 ms for an ffmpeg run. The input is bounded before it
// gets here (size limit, magic bytes), decoding is bounded by limitInputPixels, and every output is
// re-encoded without metadata (no EXIF position leaves the server).

export type ImageType = "image/png" | "image/jpeg" | "image/webp";

const FORMAT: Record<ImageType, "png" | "jpeg" | "webp"> = { "image/png": "png", "image/jpeg": "jpeg", "image/webp": "webp" };

/** Larger images are refused (about 40 megapixels: 8000 x 5000). */
const MAX_PIXELS = 40_000_000;

sharp.concurrency(1); // a 2-core box also runs ffmpeg
sharp.cache({ memory: 32, items: 20 });

/** The type announced by the first bytes (PNG, JPEG or WebP), whatever the client claimed. */
export function sniffImageType(head: Uint8Array): ImageType | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 16));
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length >= 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  return undefined;
}

function encode(image: Sharp, type: ImageType): Sharp {
  const format = FORMAT[type];
  if (format === "png") return image.png({ compressionLevel: 8 });
  if (format === "webp") return image.webp({ quality: 85 });
  return image.jpeg({ quality: 85, mozjpeg: false });
}

/**
 * Decodes an uploaded image of the sniffed type (anything else, damaged or too large rejects), turns
 * it upright (EXIF orientation) and re-encodes it in the same format without metadata.
 */
export async function normalizeImage(input: Buffer, type: ImageType): Promise<{ data: Buffer; width: number; height: number }> {
  const meta = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error" }).metadata();
  if (meta.format !== FORMAT[type]) throw new Error(`image is ${meta.format}, not ${FORMAT[type]}`);
  const { data, info } = await encode(sharp(input, { limitInputPixels: MAX_PIXELS, failOn: "error" }).rotate(), type).toBuffer({
    resolveWithObject: true,
  });
  return { data, width: info.width, height: info.height };
}

/** A copy `width` pixels wide (never enlarged), same format. */
export async function resizeImage(input: Buffer, type: ImageType, width: number): Promise<Buffer> {
  return encode(sharp(input, { limitInputPixels: MAX_PIXELS }).resize({ width, withoutEnlargement: true }), type).toBuffer();
}

export const isImageType = (t: string): t is ImageType => t in FORMAT;
