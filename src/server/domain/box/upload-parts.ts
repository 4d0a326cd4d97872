import type { Readable } from "node:stream";

/**
 * A multipart body as the domain sees it, whatever parsed it: text fields and file parts, in the
 * order they arrived. A file part's stream must be consumed (or resumed) before the next part comes.
 */
export type UploadPart =
  { kind: "field"; name: string; value: string } | { kind: "file"; name: string; filename: string; mimeType: string; stream: Readable };

export type UploadParts = AsyncIterable<UploadPart>;

export const isUploadParts = (v: unknown): v is UploadParts =>
  typeof v === "object" && v !== null && typeof (v as { [Symbol.asyncIterator]?: unknown })[Symbol.asyncIterator] === "function";

/** Drops a part nobody wants (its bytes still have to be read for the next part to come). */
export function skipPart(part: UploadPart): void {
  if (part.kind === "file") part.stream.resume();
}

/** A file part's bytes in memory, read up to `maxBytes`; past that the part is dropped and `tooLarge()` thrown. */
export async function readPartBytes(part: Extract<UploadPart, { kind: "file" }>, maxBytes: number, tooLarge: () => Error): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) {
      part.stream.destroy();
      throw tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}
