import type { Readable } from "node:stream";

// One interface for media files, whatever holds them (local disk or S3-compatible object storage).
// Keys are `/`-separated relative paths owned by `media/keys`; on local disk a key is the path of
// the file under `localRoot` (1:1, so nginx can serve the same layout directly).
//
// Guarantees every implementation keeps (checked by test/integration/storage-contract.test.ts):
// - A put is atomic: readers see the old object, or nothing, until the new one is complete. A put
//   that fails (source error, `maxBytes` exceeded, crash) leaves no object behind.
// - Bodies are streamed: memory stays bounded by a few buffers, whatever the object's size.
// - Prefixes are directories: `list("a/b")` and `deletePrefix("a/b")` cover keys under `a/b/`. So
//   a key is never also the prefix of other keys (`a/b` and `a/b/c` cannot both exist on disk).

export interface PutOptions {
  /** Stored with the object on S3; local disk derives it from the extension (as nginx does). */
  contentType?: string;
  /** Abort with `StorageError("TOO_LARGE")` once the body exceeds this many bytes. */
  maxBytes?: number;
  /** Called with the running total as the bytes arrive (an upload's progress). */
  onBytes?: (total: number) => void;
}

export interface PutFileOptions {
  contentType?: string;
  /** The source file may be consumed: renamed into place when possible (same filesystem), else removed after the upload. */
  move?: boolean;
}

/** Inclusive byte offsets, as in an HTTP Range header. `end` past the last byte reads to the end. */
export interface ByteRange {
  start?: number;
  end?: number;
}

export interface StorageStat {
  size: number;
  contentType?: string;
  mtime: Date;
}

/** A listed object (listings carry no media type on S3, so neither does this). */
export interface StorageEntry {
  key: string;
  size: number;
  mtime: Date;
}

export interface Storage {
  readonly driver: "local" | "s3";
  /** Set when objects are plain files under this directory (key = relative path); nginx serves them from there. */
  readonly localRoot?: string;

  /** Streams `source` into `key`. The source is destroyed when the put fails. */
  putStream(key: string, source: Readable, options?: PutOptions): Promise<{ size: number }>;
  /** Copies (or with `move`, moves) a local file into `key`. */
  putFile(key: string, localPath: string, options?: PutFileOptions): Promise<{ size: number }>;
  /**
   * Uploads every file under `localDir` to `prefix/<relative path>`, playlists (`.m3u8`) last and the
   * shallowest last, so a reader never finds a playlist that names a segment not yet stored.
   */
  putDirectory(prefix: string, localDir: string, options?: { move?: boolean }): Promise<{ files: number; size: number }>;
  /** A stream of the object's bytes (or of a range). Throws NOT_FOUND, or INVALID_RANGE when `start` is past the end. */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<StorageStat | null>;
  exists(key: string): Promise<boolean>;
  /** Renames an object. Retrying a move that already happened (source gone, target there) succeeds. */
  move(fromKey: string, toKey: string): Promise<void>;
  /** Removes one object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every object under `prefix/`; returns how many were removed. */
  deletePrefix(prefix: string): Promise<number>;
  /** Every object under `prefix/`, sorted by key. */
  list(prefix: string): Promise<StorageEntry[]>;
  /**
   * Runs `fn` with a local path holding the object (ffmpeg needs files): on local disk the file
   * itself (treat it as read-only), on S3 a temporary download removed when `fn` settles.
   */
  withLocalFile<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T>;
  /**
   * Removes the local leftovers of operations interrupted by a crash: temp files of puts, spooled
   * parts, downloads. Each process keeps them in a directory of its own (named by its process id);
   * those of processes not in `liveOwners()` (asked after listing) go, this process's stay.
   * domain/box/sweep-dead-writers.ts sweeps with the processes that hold a live lease. Parts of multipart uploads a
   * crash left in an S3 bucket are never visible; a bucket lifecycle rule
   * (AbortIncompleteMultipartUpload) removes them.
   */
  sweepTemp(liveOwners: () => Promise<ReadonlySet<string>>): Promise<number>;
  /** Releases connections (tests, shutdown). */
  close(): Promise<void>;
}

export type StorageErrorCode = "NOT_FOUND" | "TOO_LARGE" | "INVALID_KEY" | "INVALID_RANGE";

export class StorageError extends Error {
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "StorageError";
  }
}

export function isStorageError(err: unknown, code?: StorageErrorCode): err is StorageError {
  // by name too: Next may bundle this module into several chunks, each with its own class, and the
  // storage instance (one per process) comes from whichever chunk created it first
  const named =
    err instanceof StorageError || (err instanceof Error && err.name === "StorageError" && typeof (err as StorageError).code === "string");
  return named && (code === undefined || (err as StorageError).code === code);
}

// A key segment: letters, digits, `.`, `_`, `-`, not starting with a dot. This is narrower than
// "no `..`, no absolute path, no backslash, no NUL, no empty segment": with a whitelist, traversal
// and encoding tricks (`%2e%2e`, unicode look-alikes, `\`) cannot be spelled at all, S3 keys need no
// escaping, and names starting with `.` stay free for the store's own use (local `.tmp/`).
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 1024; // S3's limit, in bytes; our keys are ASCII

export function isValidSegment(segment: string): boolean {
  return segment.length <= 255 && SEGMENT.test(segment);
}

/** Throws INVALID_KEY unless `key` is a relative path of valid segments. Returns the key. */
export function assertKey(key: string): string {
  if (typeof key !== "string" || key.length === 0 || key.length > MAX_KEY_LENGTH || !key.split("/").every(isValidSegment)) {
    throw new StorageError("INVALID_KEY", `invalid storage key: ${JSON.stringify(key)}`);
  }
  return key;
}

/** A prefix is a key naming a directory; one trailing `/` is tolerated. Returns it without the slash. */
export function assertPrefix(prefix: string): string {
  return assertKey(typeof prefix === "string" && prefix.endsWith("/") ? prefix.slice(0, -1) : prefix);
}

export function assertRange(range: ByteRange | undefined): void {
  if (!range) return;
  const { start, end } = range;
  const bad = (n: number | undefined) => n !== undefined && (!Number.isSafeInteger(n) || n < 0);
  if (bad(start) || bad(end) || (start !== undefined && end !== undefined && end < start)) {
    throw new StorageError("INVALID_RANGE", `invalid byte range ${JSON.stringify(range)}`);
  }
}
