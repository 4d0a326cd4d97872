import { randomUUID } from "node:crypto";
import { constants, createWriteStream, type WriteStream } from "node:fs";
import { copyFile, lstat, mkdir, open, rename, rm, stat, unlink } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  StorageError,
  assertKey,
  assertPrefix,
  assertRange,
  type ByteRange,
  type PutFileOptions,
  type PutOptions,
  type Storage,
  type StorageEntry,
  type StorageStat,
} from "./storage";
import { BackgroundFlush } from "./background-flush";
import { ByteCounter, contentTypeFor, putDirectoryVia, TempArea, walkFiles } from "./support";

// Objects are plain files under one root: key `a/b/c.ts` is `<root>/a/b/c.ts`, so nginx can serve the
// layout as it is. Writes go to `<root>/.tmp/<process>/` (same filesystem; no key can start with a
// dot), are flushed to disk, then renamed into place: a reader or a crash never sees half a file.
// nginx must not serve paths with a segment starting with a dot (`.tmp/`); no key has one.

const TMP_DIR = ".tmp";
const READ_CHUNK = 256 * 1024; // 64 KiB (the default) reads at about half the speed here (PLATFORM-NOTES)

export class LocalStorage implements Storage {
  readonly driver = "local" as const;
  readonly localRoot: string;
  private readonly temp: TempArea;

  /** `tempOwner`: this process's id (see TempArea); a store made elsewhere (tests) gets one of its own. */
  constructor(root: string, tempOwner: string = randomUUID()) {
    this.localRoot = path.resolve(root);
    this.temp = new TempArea(path.join(this.localRoot, TMP_DIR), tempOwner);
  }

  /** The file that holds `key`. */
  pathOf(key: string): string {
    const file = path.join(this.localRoot, ...assertKey(key).split("/"));
    // assertKey already makes escaping impossible; this guards against a future change of it.
    if (!file.startsWith(this.localRoot + path.sep)) throw new StorageError("INVALID_KEY", `key escapes the storage root: ${key}`);
    return file;
  }

  async putStream(key: string, source: Readable, options: PutOptions = {}): Promise<{ size: number }> {
    let target: string;
    try {
      target = this.pathOf(key);
    } catch (err) {
      source.destroy();
      throw err;
    }
    let tmp: string | undefined;
    let file: WriteStream | undefined;
    let flush: BackgroundFlush | undefined;
    try {
      tmp = await this.tempPath();
      const background = (flush = new BackgroundFlush(tmp));
      const counter = new ByteCounter(options.maxBytes, (bytes) => {
        options.onBytes?.(bytes);
        background.written(bytes);
      });
      file = createWriteStream(tmp, { flags: "wx", flush: true });
      await pipeline(source, counter, file);
      await flush.close();
      await this.commit(tmp, target);
      return { size: counter.bytes };
    } catch (err) {
      source.destroy(); // already done by pipeline, unless the temp file could not be made
      // pipeline rejects at the first error, before the destroyed file stream has closed its descriptor
      const closing = file;
      if (closing && !closing.closed) await new Promise<void>((resolve) => closing.once("close", () => resolve()));
      await flush?.close();
      if (tmp) await rm(tmp, { force: true });
      throw err;
    }
  }

  async putFile(key: string, localPath: string, options: PutFileOptions = {}): Promise<{ size: number }> {
    const target = this.pathOf(key);
    if (options.move) {
      const size = await syncFile(localPath, "r");
      try {
        await this.commit(localPath, target);
        return { size };
      } catch (err) {
        if (errnoOf(err) !== "EXDEV") throw err; // another filesystem: copy below
      }
    }
    const tmp = await this.tempPath();
    let size: number;
    try {
      await copyFile(localPath, tmp, constants.COPYFILE_FICLONE);
      size = await syncFile(tmp, "r+");
      await this.commit(tmp, target);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    if (options.move) await rm(localPath, { force: true });
    return { size };
  }

  async putDirectory(prefix: string, localDir: string, options: { move?: boolean } = {}): Promise<{ files: number; size: number }> {
    return putDirectoryVia((key, file, opts) => this.putFile(key, file, opts), prefix, localDir, options);
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    assertRange(range);
    const handle = await open(file, "r").catch((err: unknown) => {
      throw isMissing(err) ? notFound(key) : err;
    });
    try {
      const info = await handle.stat();
      if (!info.isFile()) throw notFound(key);
      const start = range?.start ?? 0;
      // as in HTTP (and S3): any range is unsatisfiable when it starts past the last byte
      if (range && (range.start !== undefined || range.end !== undefined) && start >= info.size)
        throw new StorageError("INVALID_RANGE", `range starts past the end of ${key} (${info.size} bytes)`);
      return handle.createReadStream({ start, end: range?.end ?? Number.POSITIVE_INFINITY, highWaterMark: READ_CHUNK });
    } catch (err) {
      await handle.close();
      throw err;
    }
  }

  async stat(key: string): Promise<StorageStat | null> {
    const file = this.pathOf(key);
    try {
      const info = await stat(file);
      return info.isFile() ? { size: info.size, contentType: contentTypeFor(key), mtime: info.mtime } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    const from = this.pathOf(fromKey);
    const to = this.pathOf(toKey);
    if (fromKey === toKey) return;
    if (!(await this.exists(fromKey))) {
      if (await this.exists(toKey)) return; // a retried move that already happened
      throw notFound(fromKey);
    }
    await this.commit(from, to);
  }

  async delete(key: string): Promise<void> {
    try {
      await unlink(this.pathOf(key));
    } catch (err) {
      // a missing key, or one naming a directory (a prefix, not an object): nothing to delete
      if (!isMissing(err) && errnoOf(err) !== "EISDIR") throw err;
    }
  }

  async deletePrefix(prefix: string): Promise<number> {
    const dir = this.pathOf(assertPrefix(prefix));
    if (!(await isDirectory(dir))) return 0;
    const count = (await this.list(prefix)).length;
    await rm(dir, { recursive: true, force: true });
    return count;
  }

  async list(prefix: string): Promise<StorageEntry[]> {
    const base = assertPrefix(prefix);
    const dir = this.pathOf(base);
    if (!(await isDirectory(dir))) return [];
    const entries: StorageEntry[] = [];
    for (const rel of await walkFiles(dir, { strict: false })) {
      const key = `${base}/${rel}`;
      const info = await stat(path.join(dir, ...rel.split("/"))).catch(() => null); // gone meanwhile: skip
      if (info?.isFile()) entries.push({ key, size: info.size, mtime: info.mtime });
    }
    return entries;
  }

  async withLocalFile<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T> {
    const file = this.pathOf(key);
    if (!(await this.exists(key))) throw notFound(key);
    return fn(file);
  }

  async sweepTemp(liveOwners: () => Promise<ReadonlySet<string>>): Promise<number> {
    return this.temp.sweep(liveOwners);
  }

  async close(): Promise<void> {}

  private async tempPath(): Promise<string> {
    await mkdir(this.temp.dir, { recursive: true });
    return path.join(this.temp.dir, `${randomUUID()}.part`);
  }

  /** Atomically puts a complete file at `target` (same filesystem), creating its directories. */
  private async commit(file: string, target: string): Promise<void> {
    await mkdir(path.dirname(target), { recursive: true });
    await rename(file, target);
  }
}

/** fsync a file (so a rename after a crash never exposes a file whose data was lost); returns its size. */
async function syncFile(file: string, flags: "r" | "r+"): Promise<number> {
  const handle = await open(file, flags);
  try {
    await handle.sync();
    return (await handle.stat()).size;
  } finally {
    await handle.close();
  }
}

async function isDirectory(file: string): Promise<boolean> {
  try {
    return (await lstat(file)).isDirectory();
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
}

function errnoOf(err: unknown): string | undefined {
  return (err as NodeJS.ErrnoException | null)?.code;
}

function isMissing(err: unknown): boolean {
  const code = errnoOf(err);
  return code === "ENOENT" || code === "ENOTDIR";
}

function notFound(key: string): StorageError {
  return new StorageError("NOT_FOUND", `no such object: ${key}`);
}
