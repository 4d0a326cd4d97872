import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { once } from "node:events";
import { finished } from "node:stream/promises";
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
  type CompletedPart,
} from "@aws-sdk/client-s3";

// Uploads to S3 with bounded memory. A body goes up as one PutObject when it fits in one part, else
// as a multipart upload, which S3 makes visible only on completion (and which is aborted on failure).
//
// Why not @aws-sdk/lib-storage's Upload: it holds (queueSize + 1) parts in memory; measured here, a
// 1 GiB stream with 8 MiB x 4 parts grew resident memory by 100-120 MB (freed parts linger until a
// full GC), over the platform's budget of 100 MB for the whole upload path. Here a stream is spooled
// part by part to files on local disk and each part is sent from its file: memory is a few stream
// buffers whatever the part size, and a failed part is retried from its file (a consumed stream
// could not be replayed, which is why `client` must not retry body requests itself).

export interface UploadTarget {
  /** A client with `maxAttempts: 1`: requests with a stream body are retried here, from the file. */
  client: S3Client;
  bucket: string;
  key: string;
  contentType?: string;
  /** At least 5 MiB (S3's minimum for all parts but the last). */
  partSize: number;
  /** Parts in flight at once. */
  queueSize: number;
  /** Where stream parts are spooled (a disk, not tmpfs). */
  tmpDir: string;
  attempts?: number;
}

/** A part (or whole object) body that can be opened again for a retry. */
interface Body {
  length: number;
  open(): Readable;
}

const MIN_PART = 5 * 1024 * 1024;
const MAX_PARTS = 10_000;

/** Streams `source` into the object; resolves with its size. On failure nothing is left in the bucket. */
export async function uploadStream(source: Readable, target: UploadTarget): Promise<number> {
  const partSize = Math.max(MIN_PART, target.partSize);
  await mkdir(target.tmpDir, { recursive: true });
  const multipart = new Multipart(target);
  let spool: Spool | undefined;
  let total = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      total += chunk.length;
      // cut the stream into parts of exactly partSize (all but the last), whatever its chunk sizes
      for (let rest = chunk; rest.length > 0;) {
        spool ??= openSpool(target.tmpDir);
        const piece = rest.subarray(0, partSize - spool.length);
        rest = rest.subarray(piece.length);
        if (spool.out.errored) throw spool.out.errored;
        if (!spool.out.write(piece)) await once(spool.out, "drain"); // rejects on a write error
        spool.length += piece.length;
        if (spool.length === partSize) {
          const part = await closeSpool(spool);
          spool = undefined;
          await multipart.add(part, () => rm(part.file, { force: true }));
        }
      }
    }
    const rest = spool && (await closeSpool(spool));
    spool = undefined;
    if (!multipart.started) {
      const whole = rest;
      try {
        await putObject(target, whole ?? { length: 0, open: () => Readable.from([]) });
      } finally {
        if (whole) await rm(whole.file, { force: true });
      }
    } else {
      if (rest) await multipart.add(rest, () => rm(rest.file, { force: true }));
      await multipart.complete();
    }
    return total;
  } catch (err) {
    if (spool) {
      spool.out.destroy();
      await rm(spool.file, { force: true });
    }
    await multipart.abort();
    throw err;
  }
}

interface Spool {
  file: string;
  out: WriteStream;
  length: number;
}

function openSpool(dir: string): Spool {
  const file = path.join(dir, `part-${randomUUID()}`);
  const out = createWriteStream(file, { flags: "wx" });
  out.on("error", () => {}); // seen through `errored`, `once(drain)` and `finished`: never an uncaught event
  return { file, out, length: 0 };
}

async function closeSpool(spool: Spool): Promise<Body & { file: string }> {
  spool.out.end();
  await finished(spool.out);
  return { file: spool.file, length: spool.length, open: () => createReadStream(spool.file) };
}

/** Uploads a local file, in ranges of it when it is larger than a part (no copy, no spooling). */
export async function uploadFile(file: string, target: UploadTarget): Promise<number> {
  const { size } = await stat(file);
  const partSize = Math.max(MIN_PART, target.partSize, Math.ceil(size / MAX_PARTS));
  if (size <= partSize) {
    await putObject(target, { length: size, open: () => createReadStream(file) });
    return size;
  }
  const multipart = new Multipart(target);
  try {
    for (let start = 0; start < size; start += partSize) {
      const end = Math.min(start + partSize, size) - 1;
      await multipart.add({ length: end - start + 1, open: () => createReadStream(file, { start, end }) });
    }
    await multipart.complete();
    return size;
  } catch (err) {
    await multipart.abort();
    throw err;
  }
}

async function putObject(target: UploadTarget, body: Body): Promise<void> {
  await withRetries(target.attempts, () =>
    target.client.send(
      new PutObjectCommand({
        Bucket: target.bucket,
        Key: target.key,
        Body: body.open(),
        ContentLength: body.length,
        ContentType: target.contentType,
      }),
    ),
  );
}

/** A multipart upload that starts with its first part and keeps up to `queueSize` parts in flight. */
class Multipart {
  private uploadId: string | undefined;
  private readonly parts: CompletedPart[] = [];
  private readonly inflight = new Set<Promise<void>>();
  private failure: unknown;
  private nextNumber = 1;

  constructor(private readonly target: UploadTarget) {}

  get started(): boolean {
    return this.uploadId !== undefined;
  }

  /** Queues a part; waits while the queue is full. `done` runs once the part is sent (or failed). */
  async add(body: Body, done: () => Promise<void> = async () => {}): Promise<void> {
    const { client, bucket, key } = this.target;
    try {
      if (this.failure) throw this.failure;
      this.uploadId ??= (
        await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ContentType: this.target.contentType }))
      ).UploadId;
    } catch (err) {
      await done(); // the part will not be sent: release it
      throw err;
    }
    const PartNumber = this.nextNumber++;
    const task = withRetries(this.target.attempts, () =>
      client.send(
        new UploadPartCommand({
          Bucket: bucket,
          Key: key,
          UploadId: this.uploadId,
          PartNumber,
          Body: body.open(),
          ContentLength: body.length,
        }),
      ),
    )
      .then((out) => void this.parts.push({ PartNumber, ETag: out.ETag }))
      .catch((err: unknown) => void (this.failure ??= err))
      .finally(async () => {
        try {
          await done();
        } finally {
          this.inflight.delete(task); // only now: abort() waits for the part's file to be released
        }
      });
    this.inflight.add(task);
    while (this.inflight.size >= this.target.queueSize) await Promise.race(this.inflight);
    if (this.failure) throw this.failure;
  }

  async complete(): Promise<void> {
    await Promise.all(this.inflight);
    if (this.failure) throw this.failure;
    const { client, bucket, key } = this.target;
    this.parts.sort((a, b) => (a.PartNumber ?? 0) - (b.PartNumber ?? 0));
    await client.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: this.uploadId, MultipartUpload: { Parts: this.parts } }),
    );
    this.uploadId = undefined;
  }

  /** Best effort: a crash or a refused abort leaves parts that a bucket lifecycle rule removes; none is ever visible. */
  async abort(): Promise<void> {
    await Promise.allSettled(this.inflight);
    if (!this.uploadId) return;
    const { client, bucket, key } = this.target;
    await client.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: this.uploadId })).catch(() => {});
    this.uploadId = undefined;
  }
}

async function withRetries<T>(attempts = 3, fn: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      if (attempt >= attempts || !isRetryable(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100 * 4 ** attempt));
    }
  }
}

/** Network failures, throttling and server errors; not 4xx answers about the request itself. */
function isRetryable(err: unknown): boolean {
  const status = (err as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return status === undefined || status >= 500 || status === 429 || status === 408;
}
