import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { pipeline, type Readable } from "node:stream";
import { pipeline as pipelinePromise } from "node:stream/promises";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import {
  StorageError,
  assertKey,
  assertPrefix,
  assertRange,
  isStorageError,
  type ByteRange,
  type PutFileOptions,
  type PutOptions,
  type Storage,
  type StorageEntry,
  type StorageStat,
} from "./storage";
import { copyObject, type CopyLimits } from "./s3-copy";
import { uploadFile, uploadStream, type UploadTarget } from "./s3-upload";
import { ByteCounter, contentTypeFor, putDirectoryVia, TempArea } from "./support";

// S3-compatible object storage. Each object is written atomically by S3 itself: a single PUT, or a
// multipart upload that becomes visible only when completed (and is aborted on failure). Streams are
// spooled to local part files on the way (s3-upload.ts), so memory does not grow with the part size.

export interface S3StorageConfig extends CopyLimits {
  bucket: string;
  region: string;
  /** For S3-compatible servers (MinIO, Ceph, R2, ...); unset for AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Unset: the SDK's default chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /**
   * This store's own local directory, where uploads spool their parts and `withLocalFile` downloads
   * objects, each process under `<tmpDir>/<tempOwner>/` (`sweepTemp` removes the directories of dead
   * processes, so share it with nothing else). A disk, not tmpfs: originals can be gigabytes.
   */
  tmpDir: string;
  /** This process's id (see TempArea); a store made elsewhere (tests) gets one of its own. */
  tempOwner?: string;
  /** Multipart part size (default 16 MiB, at least 5 MiB; a stream of 10,000 parts is then 160 GiB). */
  partSize?: number;
  /** Parts uploaded at once per object (default 4). */
  queueSize?: number;
}

const MiB = 1024 * 1024;

/** The SDK client's options for a store's bucket (also the backup's bucket listing). */
export function s3ClientConfig(config: Pick<S3StorageConfig, "region" | "endpoint" | "forcePathStyle" | "credentials">): S3ClientConfig {
  return {
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Since 3.729 the SDK adds CRC32 checksums (aws-chunked trailers) to every upload by default,
    // which several S3-compatible servers reject; send them only where the API requires them.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

export class S3Storage implements Storage {
  readonly driver = "s3" as const;
  readonly localRoot = undefined;
  private readonly client: S3Client;
  /** For requests with a stream body, which the SDK cannot replay: s3-upload retries them from their files. */
  private readonly bodyClient: S3Client;
  private readonly bucket: string;
  private readonly temp: TempArea;

  constructor(private readonly config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.temp = new TempArea(config.tmpDir, config.tempOwner ?? randomUUID());
    const clientConfig = s3ClientConfig(config);
    this.client = new S3Client(clientConfig);
    this.bodyClient = new S3Client({ ...clientConfig, maxAttempts: 1 });
  }

  async putStream(key: string, source: Readable, options: PutOptions = {}): Promise<{ size: number }> {
    try {
      assertKey(key);
    } catch (err) {
      source.destroy();
      throw err;
    }
    const counter = new ByteCounter(options.maxBytes, options.onBytes);
    // An error on either side destroys both; the upload then sees it while reading `counter`.
    pipeline(source, counter, () => {});
    try {
      return { size: await uploadStream(counter, this.uploadTarget(key, options.contentType)) };
    } catch (err) {
      // Report the body's own failure (TOO_LARGE, the source's error) rather than what followed it.
      const cause = counter.errored ?? source.errored ?? err;
      source.destroy();
      counter.destroy();
      throw mapError(cause, key);
    }
  }

  async putFile(key: string, localPath: string, options: PutFileOptions = {}): Promise<{ size: number }> {
    assertKey(key);
    const size = await uploadFile(localPath, this.uploadTarget(key, options.contentType));
    if (options.move) await rm(localPath, { force: true });
    return { size };
  }

  async putDirectory(prefix: string, localDir: string, options: { move?: boolean } = {}): Promise<{ files: number; size: number }> {
    return putDirectoryVia((key, file, opts) => this.putFile(key, file, opts), prefix, localDir, options);
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    assertKey(key);
    assertRange(range);
    const ranged = range && (range.start !== undefined || range.end !== undefined);
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: ranged ? `bytes=${range.start ?? 0}-${range.end ?? ""}` : undefined }),
      );
      return out.Body as Readable; // in Node, an http.IncomingMessage
    } catch (err) {
      throw mapError(err, key);
    }
  }

  async stat(key: string): Promise<StorageStat | null> {
    assertKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, contentType: out.ContentType, mtime: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isStorageError(mapError(err, key), "NOT_FOUND")) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async move(fromKey: string, toKey: string): Promise<void> {
    assertKey(fromKey);
    assertKey(toKey);
    if (fromKey === toKey) return;
    const info = await this.stat(fromKey);
    if (!info) {
      if (await this.exists(toKey)) return; // a retried move that already happened
      throw new StorageError("NOT_FOUND", `no such object: ${fromKey}`);
    }
    await copyObject(this.client, this.bucket, fromKey, toKey, info, this.config);
    await this.delete(fromKey);
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const base = assertPrefix(prefix);
    let removed = 0;
    let previousFirst: string | undefined;
    // Always list from the start: what was deleted is gone, and no continuation token goes stale.
    for (;;) {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${base}/`, MaxKeys: 1000 }));
      const objects = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
      if (objects.length === 0) return removed;
      // a server that answers "deleted" and keeps the objects must not loop us forever
      if (objects[0]?.Key === previousFirst) throw new Error(`S3 did not delete ${previousFirst}`);
      previousFirst = objects[0]?.Key;
      const out = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: objects, Quiet: true } }));
      const failed = out.Errors ?? [];
      if (failed.length > 0)
        throw new Error(`S3 refused to delete ${failed.length} object(s) under ${base}/: ${failed[0]?.Code} ${failed[0]?.Message}`);
      removed += objects.length;
    }
  }

  async list(prefix: string): Promise<StorageEntry[]> {
    const base = assertPrefix(prefix);
    const entries: StorageEntry[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${base}/`, ContinuationToken: token }));
      for (const o of page.Contents ?? []) {
        if (o.Key) entries.push({ key: o.Key, size: o.Size ?? 0, mtime: o.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return entries; // S3 lists in key order
  }

  async withLocalFile<T>(key: string, fn: (localPath: string) => Promise<T>): Promise<T> {
    assertKey(key);
    await mkdir(this.temp.dir, { recursive: true });
    const dir = await mkdtemp(path.join(this.temp.dir, "s3-"));
    try {
      // keep the key's file name: tools such as ffmpeg pick a format from the extension
      const file = path.join(dir, path.posix.basename(key));
      await pipelinePromise(await this.getStream(key), createWriteStream(file));
      return await fn(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async sweepTemp(liveOwners: () => Promise<ReadonlySet<string>>): Promise<number> {
    return this.temp.sweep(liveOwners);
  }

  async close(): Promise<void> {
    this.client.destroy();
    this.bodyClient.destroy();
  }

  private uploadTarget(key: string, contentType: string | undefined): UploadTarget {
    return {
      client: this.bodyClient,
      bucket: this.bucket,
      key,
      contentType: contentType ?? contentTypeFor(key),
      partSize: this.config.partSize ?? 16 * MiB,
      queueSize: this.config.queueSize ?? 4,
      tmpDir: this.temp.dir,
    };
  }
}

/** Translates S3's "no such key" and "bad range" into the storage vocabulary; anything else is returned as is. */
function mapError(err: unknown, key: string): unknown {
  if (!(err instanceof S3ServiceException) || err.name === "NoSuchBucket") return err;
  const status = err.$metadata?.httpStatusCode;
  if (err.name === "NoSuchKey" || err.name === "NotFound" || status === 404) return new StorageError("NOT_FOUND", `no such object: ${key}`);
  if (err.name === "InvalidRange" || status === 416) return new StorageError("INVALID_RANGE", `range not satisfiable for ${key}`);
  return err;
}
