import { z } from "zod";
import type { Db } from "@/server/db/client";
import { processId } from "@/server/lease/process-id";
import { logger } from "@/server/log/logger.mjs";

/** X-Service-progressbarId: chosen by the client, scoped to its user. */
export const zProgressbarId = () => z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, "field.progressbarId");

/** At most this often a percent is written while an upload streams (clients poll every 2 s). */
const WRITE_INTERVAL_MS = 500;

/**
 * The progress bar of one upload, kept in the database (any instance can answer the poll). Writes
 * are throttled and never block the stream: one write in flight at a time, the latest value wins.
 * The row names the process receiving the upload: if it dies, the bar is failed by the sweep of
 * dead writers (sweep-dead-writers.ts) rather than left at its last value.
 */
export class UploadProgressTracker {
  private value = -1;
  private written = -1;
  private lastWrite = 0;
  private inFlight: Promise<void> | undefined;
  /** A write put off by the interval: the latest value is written when it is over, even if no byte comes meanwhile. */
  private later: NodeJS.Timeout | undefined;
  private ended = false;

  constructor(
    private readonly db: Db,
    private readonly userId: string,
    private readonly id: string | undefined,
    /** Bytes expected in total (the declared body size); unknown: the bar stays at 0 until the end. */
    private readonly totalBytes: number | undefined,
  ) {}

  async start(): Promise<void> {
    if (!this.id) return;
    this.value = this.written = 0;
    const fresh = { value: 0, failed: false, writerId: processId() };
    await this.db.uploadProgress.upsert({
      where: { userId_id: { userId: this.userId, id: this.id } },
      create: { userId: this.userId, id: this.id, ...fresh },
      update: fresh,
    });
    this.lastWrite = Date.now();
  }

  /** Bytes received so far; the bar stops at 99 until the upload is committed. */
  received(bytes: number): void {
    if (!this.id || !this.totalBytes) return;
    this.value = Math.min(99, Math.floor((bytes / this.totalBytes) * 100));
    this.schedule();
  }

  /** The upload is committed. */
  finish(): Promise<void> {
    return this.end(100, false);
  }

  /** The upload was refused or broke off: nothing of it is kept, the bar reads failed. */
  fail(): Promise<void> {
    return this.end(0, true);
  }

  private async end(value: number, failed: boolean): Promise<void> {
    if (!this.id) return;
    this.ended = true;
    clearTimeout(this.later);
    await this.inFlight;
    this.value = value;
    await this.flush(failed);
  }

  private schedule(): void {
    if (this.ended || this.value === this.written || this.inFlight || this.later) return;
    const wait = WRITE_INTERVAL_MS - (Date.now() - this.lastWrite);
    if (wait <= 0) {
      void this.flush();
      return;
    }
    this.later = setTimeout(() => {
      this.later = undefined;
      this.schedule();
    }, wait);
  }

  private flush(failed = false): Promise<void> {
    const value = this.value;
    this.lastWrite = Date.now();
    this.inFlight = this.db.uploadProgress
      .updateMany({ where: { userId: this.userId, id: this.id! }, data: { value, ...(failed ? { failed } : {}) } })
      .then(() => void (this.written = value))
      .catch((err: unknown) => logger().error({ err }, "upload progress write failed"))
      .finally(() => {
        this.inFlight = undefined;
        this.schedule(); // bytes that came during the write
      });
    return this.inFlight;
  }
}

/**
 * Fails the bars below 100 whose upload can no longer arrive: written by a process other than `me`
 * (the one sweeping) that has no live lease, or, on the embedded database (`sole`), by any other
 * process. One statement, so a bar made meanwhile is judged with the lease its writer took before
 * making it. Returns how many.
 */
export async function failOrphanedUploadBars(db: Db, opts: { me: string; sole: boolean }): Promise<number> {
  return db.$executeRaw`
    UPDATE "UploadProgress" p SET "failed" = true, "value" = 0, "updatedAt" = now()
    WHERE NOT p."failed" AND p."value" < 100 AND p."writerId" IS DISTINCT FROM ${opts.me}::uuid
      AND (${opts.sole} OR NOT EXISTS (SELECT 1 FROM "ProcessLease" l WHERE l."id" = p."writerId" AND l."expiresAt" > now()))`;
}
