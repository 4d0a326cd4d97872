import type { Storage } from "../../storage/storage";
import { isStorageError } from "../../storage/storage";

/** A small stored text (a playlist), or null when it is not there. */
export async function readStoredText(storage: Storage, key: string): Promise<string | null> {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getStream(key)) chunks.push(Buffer.from(chunk as Buffer));
    return Buffer.concat(chunks).toString("utf8");
  } catch (err) {
    if (isStorageError(err, "NOT_FOUND")) return null;
    throw err;
  }
}
