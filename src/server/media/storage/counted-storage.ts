import type { Readable } from "node:stream";
import { metrics } from "@/server/metrics/registry.mjs";
import { isStorageError, type Storage } from "./storage";

// kinora_storage_errors_total{driver,operation} (docs/operations.md "Metrics", alert
// KinoraStorageErrors): every operation of the process's storage counts its failures, except those
// that are the caller's (a StorageError: NOT_FOUND, TOO_LARGE, INVALID_KEY, INVALID_RANGE), the
// work a caller runs on a local copy (withLocalFile's fn: ffmpeg), and an uploader's stream that
// breaks (putStream's source). What is left is the disk's or the bucket's: EIO, ENOSPC, EACCES, S3
// refusing or unreachable. Errors while a stream returned by getStream is read are not seen here.

const OPERATIONS = [
  "putStream",
  "putFile",
  "putDirectory",
  "getStream",
  "stat",
  "exists",
  "move",
  "delete",
  "deletePrefix",
  "list",
  "withLocalFile",
  "sweepTemp",
] as const satisfies readonly (keyof Storage)[];

/** Errors this counted: an ingest that fails on one names its cause `storage`. */
const counted = new WeakSet<object>();

export function isStorageFailure(err: unknown): boolean {
  return typeof err === "object" && err !== null && counted.has(err);
}

/** An uploader's stream breaking (client gone, aborted), not the store. */
const SOURCE_BROKE = new Set(["ECONNRESET", "ECONNABORTED", "EPIPE", "ERR_STREAM_PREMATURE_CLOSE", "ABORT_ERR"]);
const sourceBroke = (err: unknown, source: Readable) => {
  const e = err as { code?: string; name?: string; message?: string } | null;
  return (
    source.errored === err ||
    (e !== null && typeof e === "object" && (SOURCE_BROKE.has(e.code ?? "") || e.name === "AbortError" || e.message === "aborted"))
  );
};

/** `storage` with its failures counted (createStorage wraps every instance). */
export function countedStorage(storage: Storage): Storage {
  const counter = metrics().storageErrors;
  // every operation's series from the start, at 0: the alert's increase() sees the first error
  for (const operation of OPERATIONS) counter.inc({ driver: storage.driver, operation }, 0);
  const failures = new Map(OPERATIONS.map((op) => [op, counter.labels({ driver: storage.driver, operation: op })]));
  const note = (op: (typeof OPERATIONS)[number], err: unknown) => {
    if (isStorageError(err)) return;
    failures.get(op)!.inc();
    if (typeof err === "object" && err !== null) counted.add(err);
  };
  const wrapped: Partial<Storage> = {};
  for (const op of OPERATIONS) {
    const method = (storage[op] as (...args: unknown[]) => Promise<unknown>).bind(storage);
    (wrapped as Record<string, unknown>)[op] = async (...args: unknown[]) => {
      try {
        return await method(...args);
      } catch (err) {
        if (!(op === "putStream" && sourceBroke(err, args[1] as Readable))) note(op, err);
        throw err;
      }
    };
  }
  // the caller's own work on the local copy fails as it may: not the store's failure
  wrapped.withLocalFile = async <T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T> => {
    const theirs = new WeakSet<object>();
    try {
      return await storage.withLocalFile(key, (local) =>
        fn(local).catch((err: unknown) => {
          if (typeof err === "object" && err !== null) theirs.add(err);
          throw err;
        }),
      );
    } catch (err) {
      if (!(typeof err === "object" && err !== null && theirs.has(err))) note("withLocalFile", err);
      throw err;
    }
  };
  return new Proxy(storage, {
    get: (target, prop) => (Object.hasOwn(wrapped, prop) ? wrapped[prop as keyof Storage] : Reflect.get(target, prop, target)),
  });
}
