import { z } from "zod";
import type { Db } from "@/server/db/client";

/** X-Service-progressbarId: chosen by the client, scoped to its user. */
export const zProgressbarId = () => z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, "field.progressbarId");

/** At most this often a percent is written while an upload streams (clients poll every 2 s). */
const WRITE_INTERVAL_MS = 500;

/**
 * The progress bar of one upload, kept in the database (any instance can answer the poll). Writes
 * are throttled and never block the stream: one write in flight at a time, the latest value wins.
 */
export class UploadProgressTracker {
  private value = -1;
  private written = -1;
  private lastWrite = 0;
  private inFlight: Promise<void> | undefined;

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
    await this.db.uploadProgress.upsert({
      where: { userId_id: { userId: this.userId, id: this.id } },
      create: { userId: this.userId, id: this.id, value: 0 },
      update: { value: 0 },
    });
    this.lastWrite = Date.now();
  }

  /** Bytes received so far; the bar stops at 99 until the upload is committed. */
  received(bytes: number): void {
    if (!this.id || !this.totalBytes) return;
    this.value = Math.min(99, Math.floor((bytes / this.totalBytes) * 100));
    if (this.value !== this.written && !this.inFlight && Date.now() - this.lastWrite >= WRITE_INTERVAL_MS) void this.flush();
  }

  async finish(value = 100): Promise<void> {
    if (!this.id) return;
    await this.inFlight;
    this.value = value;
    await this.flush();
  }

  private flush(): Promise<void> {
    const value = this.value;
    this.lastWrite = Date.now();
    this.inFlight = this.db.uploadProgress
      .updateMany({ where: { userId: this.userId, id: this.id! }, data: { value } })
      .then(() => void (this.written = value))
      .catch((err: unknown) => console.error("upload progress write failed:", err))
      .finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }
}
