import { open, type FileHandle } from "node:fs/promises";

const MiB = 1024 * 1024;

/**
 * Flushes a file that is being written to disk in the background, every `every` bytes, through a
 * descriptor of its own: the disk writes while the network still receives, so the final flush that
 * makes the file durable before it is committed has little left to do (for a 1 GiB upload about
 * 0.6 s less on this machine; docs/perf.md "Box upload"). A failed flush is ignored here: the final
 * one reports it.
 */
export class BackgroundFlush {
  private handle: Promise<FileHandle> | undefined;
  private running: Promise<void> | undefined;
  private next: number;

  constructor(
    private readonly file: string,
    private readonly every = 64 * MiB,
  ) {
    this.next = every;
  }

  /** `bytes` have been handed to the file's writer so far. */
  written(bytes: number): void {
    if (this.running || bytes < this.next) return;
    this.next = bytes + this.every;
    this.handle ??= open(this.file, "r");
    this.running = this.handle
      .then((h) => h.datasync())
      .catch(() => undefined)
      .finally(() => (this.running = undefined));
  }

  /** Waits for a flush under way and closes the descriptor. */
  async close(): Promise<void> {
    await this.running;
    const handle = await this.handle?.catch(() => undefined);
    this.handle = undefined;
    await handle?.close();
  }
}
