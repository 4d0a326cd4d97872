import { logger } from "@/server/log/logger.mjs";

/**
 * The item's processing percent across stages. Each stage owns a share of 0..100; ffmpeg's percent of
 * a stage maps into it. Writes are throttled (one a second at most) and never block the stage.
 */
export class IngestProgress {
  private shown = 0;
  private lastWrite = 0;
  private writing: Promise<void> | undefined;

  constructor(
    private readonly write: (percent: number) => Promise<void>,
    private readonly intervalMs = 1000,
  ) {}

  /** A reporter for a stage spanning [from, to] of the whole. */
  stage(from: number, to: number): (percent: number) => void {
    return (p) => this.set(from + ((to - from) * Math.max(0, Math.min(100, p))) / 100);
  }

  set(percent: number): void {
    const value = Math.floor(percent);
    if (value <= this.shown) return;
    this.shown = value;
    if (this.writing || Date.now() - this.lastWrite < this.intervalMs) return;
    this.lastWrite = Date.now();
    this.writing = this.write(value)
      .catch((err: unknown) => logger().error({ err }, "ingest progress write failed"))
      .finally(() => (this.writing = undefined));
  }

  /** Writes the latest value now (at the end of a stage). */
  async flush(): Promise<void> {
    await this.writing;
    this.lastWrite = Date.now();
    await this.write(this.shown).catch((err: unknown) => logger().error({ err }, "ingest progress write failed"));
  }
}
