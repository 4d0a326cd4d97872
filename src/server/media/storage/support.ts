import { readdir, rm } from "node:fs/promises";
import path from "node:path";
import { Transform, type TransformCallback } from "node:stream";
import { StorageError, assertPrefix, isValidSegment } from "./storage";

// Pieces shared by the storage implementations.

const CONTENT_TYPES: Record<string, string> = {
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
  m4s: "video/iso.segment",
  mp4: "video/mp4",
  m4a: "audio/mp4",
  aac: "audio/aac",
  vtt: "text/vtt",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  json: "application/json",
};

/** The media type nginx would send for this key (by extension), if we know one. */
export function contentTypeFor(key: string): string | undefined {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return ext ? CONTENT_TYPES[ext] : undefined;
}

/** Passes bytes through, counting them; fails with TOO_LARGE past `maxBytes`. */
export class ByteCounter extends Transform {
  bytes = 0;

  constructor(
    private readonly maxBytes = Number.POSITIVE_INFINITY,
    private readonly onBytes?: (total: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new StorageError("TOO_LARGE", `body exceeds ${this.maxBytes} bytes`));
    this.onBytes?.(this.bytes);
    callback(null, chunk);
  }
}

/**
 * Every regular file under `dir`, as sorted `/`-separated paths relative to it. A name that is not a
 * valid key segment is refused (`strict`, for files about to be stored) or skipped (when listing).
 */
export async function walkFiles(dir: string, { strict = true } = {}): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    for (const entry of await readdir(path.join(dir, rel), { withFileTypes: true })) {
      if (!isValidSegment(entry.name)) {
        if (strict) throw new StorageError("INVALID_KEY", `file name not allowed in storage: ${JSON.stringify(entry.name)}`);
        continue;
      }
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  await walk("");
  return out.sort();
}

/** `Storage.putDirectory` for any store, through its `putFile`: playlists last (see publishOrder). */
export async function putDirectoryVia(
  putFile: (key: string, localPath: string, options: { move?: boolean }) => Promise<{ size: number }>,
  prefix: string,
  localDir: string,
  options: { move?: boolean },
): Promise<{ files: number; size: number }> {
  const base = assertPrefix(prefix);
  const files = await walkFiles(localDir);
  const { first, last } = publishOrder(files);
  let size = 0;
  const put = async (rel: string) => {
    const stored = await putFile(`${base}/${rel}`, path.join(localDir, ...rel.split("/")), options);
    size += stored.size; // not `size += await ...`: that reads `size` before the await and loses updates
  };
  await eachLimited(first, 4, put);
  for (const rel of last) await put(rel);
  return { files: files.length, size };
}

/**
 * Splits the files of an HLS output into what can be stored in any order (segments, init files,
 * images) and the playlists, which come after, deepest first (variant playlists before the master).
 */
export function publishOrder(files: string[]): { first: string[]; last: string[] } {
  const isPlaylist = (f: string) => f.toLowerCase().endsWith(".m3u8");
  const depth = (f: string) => f.split("/").length;
  return {
    first: files.filter((f) => !isPlaylist(f)),
    last: files.filter(isPlaylist).sort((a, b) => depth(b) - depth(a) || (a < b ? -1 : a > b ? 1 : 0)),
  };
}

/** Runs `fn` over `items` with at most `limit` at a time; fails fast on the first error. */
export async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export function compareKeys(a: { key: string }, b: { key: string }): number {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

/**
 * A store's local scratch area, shared by every process on this machine: each process writes only
 * under `<root>/<owner>/`, its owner id being the process's (src/server/lease/process-id.ts). So what
 * a killed process left is known by its directory, however long its uploads run.
 */
export class TempArea {
  readonly dir: string;

  constructor(
    readonly root: string,
    readonly owner: string,
  ) {
    if (!isValidSegment(owner)) throw new StorageError("INVALID_KEY", `invalid temp owner: ${JSON.stringify(owner)}`);
    this.dir = path.join(root, owner);
  }

  /**
   * Removes every entry of the area but this owner's directory and those of `liveOwners()`; returns
   * how many. `liveOwners` is asked after the area was listed: an owner writes its directory only
   * once it holds its lease, so a directory seen before the question is never one of an owner the
   * answer does not know yet. Anything else (a file of the layout before owners) is left over too.
   */
  async sweep(liveOwners: () => Promise<ReadonlySet<string>>): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.root);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return 0;
      throw err;
    }
    names = names.filter((n) => n !== this.owner);
    if (names.length === 0) return 0;
    const live = await liveOwners();
    let removed = 0;
    for (const name of names) {
      if (live.has(name)) continue;
      await rm(path.join(this.root, name), { recursive: true, force: true });
      removed++;
    }
    return removed;
  }
}
