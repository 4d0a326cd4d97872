// The tus uploads' bytes in the media storage itself (local disk or the S3 bucket), so that an upload
// begun through one web node goes on through any other (docs/deploy.md "Shared state"): nodes of one
// instance share their storage. Under tus/<upload id>/: `info.json` (length, metadata, creation
// date) and one object per PATCH, named by the offset it starts at; a PATCH cut off keeps the bytes
// that arrived (its part ends there), and the client sends the rest from the offset the server gives.
// The offset is the sum of the parts that follow each other from 0.
// When the last byte has arrived, `assemble` streams the parts, in order, into one object.
import { PassThrough, Readable } from "node:stream";
import { DataStore, ERRORS, Upload } from "@tus/utils";
import { tusUploadPrefix, TUS_UPLOADS_PREFIX } from "@/server/media/keys";
import type { Storage, StorageEntry } from "@/server/media/storage";

const INFO = "info.json";
const OFFSET_DIGITS = 15;

interface Info {
  id: string;
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
}

const partName = (offset: number) => `${String(offset).padStart(OFFSET_DIGITS, "0")}.part`;

export class StorageTusStore extends DataStore {
  constructor(
    private readonly storage: () => Promise<Storage>,
    private readonly expirationMs: number,
  ) {
    super();
    // creation-defer-length: offered so that such a creation reaches box-tus-server.ts, which refuses
    // it with its 400 (the size must be known to check the limits), not tus's 501
    this.extensions = ["creation", "creation-with-upload", "creation-defer-length", "termination", "expiration"];
  }

  private async readInfo(storage: Storage, id: string): Promise<Info> {
    let prefix: string;
    try {
      prefix = tusUploadPrefix(id);
    } catch {
      throw ERRORS.FILE_NOT_FOUND; // not an id of ours
    }
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await storage.getStream(`${prefix}/${INFO}`)) chunks.push(chunk as Buffer);
      return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Info;
    } catch {
      throw ERRORS.FILE_NOT_FOUND;
    }
  }

  /** The parts that follow each other from offset 0 (a stray one after a gap is left out). */
  private async parts(storage: Storage, id: string): Promise<{ entries: StorageEntry[]; offset: number }> {
    const entries: StorageEntry[] = [];
    let offset = 0;
    for (const entry of await storage.list(tusUploadPrefix(id))) {
      const name = entry.key.slice(entry.key.lastIndexOf("/") + 1);
      if (name !== partName(offset)) continue;
      entries.push(entry);
      offset += entry.size;
    }
    return { entries, offset };
  }

  private async writeInfo(storage: Storage, info: Info): Promise<void> {
    await storage.putStream(`${tusUploadPrefix(info.id)}/${INFO}`, Readable.from([JSON.stringify(info)]), {
      contentType: "application/json",
    });
  }

  override async create(upload: Upload): Promise<Upload> {
    const info: Info = { id: upload.id, size: upload.size, metadata: upload.metadata, creation_date: new Date().toISOString() };
    await this.writeInfo(await this.storage(), info);
    upload.creation_date = info.creation_date;
    return upload;
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    const storage = await this.storage();
    await this.writeInfo(storage, { ...(await this.readInfo(storage, id)), size: length });
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const storage = await this.storage();
    // a request cut off (or ended to let another take the upload) keeps what arrived: the part ends there
    const received = new PassThrough();
    stream.once("error", () => received.end());
    stream.pipe(received);
    const { size } = await storage.putStream(`${tusUploadPrefix(id)}/${partName(offset)}`, received);
    if (size === 0) await storage.delete(`${tusUploadPrefix(id)}/${partName(offset)}`);
    return offset + size;
  }

  override async getUpload(id: string): Promise<Upload> {
    const storage = await this.storage();
    const info = await this.readInfo(storage, id);
    const { offset } = await this.parts(storage, id);
    return new Upload({ ...info, offset, storage: { type: "kinora", path: tusUploadPrefix(id) } });
  }

  override async remove(id: string): Promise<void> {
    const storage = await this.storage();
    await this.readInfo(storage, id);
    await storage.deletePrefix(tusUploadPrefix(id));
  }

  /** Streams the upload's parts, in order, into `key` (one atomic put); the parts stay until `remove`. */
  async assemble(id: string, key: string): Promise<{ size: number }> {
    const storage = await this.storage();
    const { entries } = await this.parts(storage, id);
    async function* bytes() {
      for (const entry of entries) yield* await storage.getStream(entry.key);
    }
    return storage.putStream(key, Readable.from(bytes(), { objectMode: false }));
  }

  override getExpiration(): number {
    return this.expirationMs;
  }

  /** Removes the uploads begun longer ago than the expiration (every node may run it: removing twice is harmless). */
  override async deleteExpired(): Promise<number> {
    const storage = await this.storage();
    const before = Date.now() - this.expirationMs;
    let removed = 0;
    for (const entry of await storage.list(TUS_UPLOADS_PREFIX)) {
      if (!entry.key.endsWith(`/${INFO}`) || entry.mtime.getTime() >= before) continue;
      await storage.deletePrefix(entry.key.slice(0, -INFO.length - 1));
      removed++;
    }
    return removed;
  }
}
