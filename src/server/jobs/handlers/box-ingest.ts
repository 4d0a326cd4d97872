import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import { markFailed } from "@/server/domain/box/ingest-state";
import { env } from "@/server/env";
import { isMediaError } from "@/server/media/ffmpeg/media-error";
import { ingestBoxItem } from "@/server/media/ingest/ingest-box-item";
import { getStorage } from "@/server/media/storage";
import { defineJob } from "../registry";

export type BoxIngestPayload = { boxItemId: string };

/** Failures that a retry cannot fix: the file itself (unreadable, refused, too demanding, too slow). */
const PERMANENT = new Set(["unreadable", "unsupported", "memory", "timeout"]);

/** Where the attempts of jobs keep their outputs until they are moved into storage. */
export const jobWorkRoot = () => path.join(env().dataDir, "tmp", "jobs");

/** `<jobId>-<attempt>-<pid>`: the PID tells a later worker on this machine whether its owner is alive. */
const workDirName = (jobId: string, attempt: number) => `${jobId}-${attempt}-${process.pid}`;

/** The PID in a work directory's name, if any. */
export const workDirOwner = (name: string): number | undefined => {
  const m = /-(\d+)$/.exec(name);
  return m ? Number(m[1]) : undefined;
};

// ffmpeg children of this process: killed when it exits (a graceful stop, or a fatal error), so no
// orphan keeps encoding. After kill -9 they die on their next progress write to the closed pipe
// (SIGPIPE), and write only into their attempt's own directory, which nothing reads.
const children = new Set<number>();
let exitHook = false;
function trackChild(pid: number): void {
  children.add(pid);
  if (!exitHook) {
    exitHook = true;
    process.on("exit", () => {
      for (const p of children) {
        try {
          process.kill(p, "SIGKILL");
        } catch {
          // already gone
        }
      }
    });
  }
}

/** box.ingest: probe, fast path, poster, preview, ladder of one uploaded box item (media/ingest). */
export const boxIngestJob = defineJob<BoxIngestPayload>({
  type: "box.ingest",
  maxAttempts: 3,
  backoffSeconds: (attempt) => 10 * attempt * attempt,
  retryable: (error) => !(isMediaError(error) && PERMANENT.has(error.kind)),
  async run({ id, attempt, db, payload, signal }) {
    // one directory per attempt: an orphan ffmpeg of a crashed attempt can never write into this one;
    // those of earlier attempts are dead (crashed, or their lease expired) and go now
    const name = workDirName(id, attempt);
    for (const entry of await readdir(jobWorkRoot()).catch(() => [] as string[]))
      if (entry.startsWith(`${id}-`) && entry !== name) await rm(path.join(jobWorkRoot(), entry), { recursive: true, force: true });
    const workDir = path.join(jobWorkRoot(), name);
    await rm(workDir, { recursive: true, force: true });
    await mkdir(workDir, { recursive: true });
    const mine: number[] = [];
    try {
      await ingestBoxItem({
        db,
        storage: await getStorage(),
        boxItemId: payload.boxItemId,
        workDir,
        signal,
        onSpawn: (pid) => {
          mine.push(pid);
          trackChild(pid);
        },
      });
    } finally {
      for (const pid of mine) children.delete(pid); // every run has exited by now
      await rm(workDir, { recursive: true, force: true });
    }
  },
  async onFailed({ db, payload }, error) {
    const reason = isMediaError(error) ? error.reason : "Processing failed unexpectedly; please try uploading the file again.";
    if (!isMediaError(error)) console.error(`box ${payload.boxItemId}: ingest failed:`, error);
    await markFailed(db, payload.boxItemId, reason);
  },
});
