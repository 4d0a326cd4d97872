import type { Db, DbAccess } from "@/server/db/client";
import { env } from "@/server/env";
import { sweepWorkDirs } from "@/server/media/ingest/publish";
import { TMP_UPLOADS_PREFIX } from "@/server/media/keys";
import { getStorage } from "@/server/media/storage";
import { registerLocalWake } from "@/server/jobs/queue";
import { registerJobHandlers } from "@/server/jobs/registry";
import { jobWorkRoot, workDirOwner } from "@/server/jobs/work-dir";
import { startWorker } from "@/server/jobs/worker";
import { startHeartbeat } from "./heartbeat";
import { jobHandlers } from "./jobs";
import { logger } from "@/server/log/logger.mjs";

const HOUR_MS = 3600_000;

export interface JobWorkerHandle {
  stop(): Promise<void>;
}

/**
 * Starts this process's job worker: in the web process on PGlite (the sole worker: every job left
 * RUNNING belongs to a dead process and is retried at once), in `npm run worker` processes on
 * PostgreSQL (a killed worker's job is retried once its lease runs out). Also sweeps what crashes
 * leave behind: work directories of dead attempts, uploads never committed; and day-old progress bars.
 */
export async function startJobWorker(database: DbAccess, opts: { soleWorker: boolean; inProcess: boolean }): Promise<JobWorkerHandle> {
  const e = env();
  // a sole worker owns every work directory; with several, those of dead processes (or very old) go
  const sweepWork = () =>
    sweepWorkDirs(jobWorkRoot(), opts.soleWorker ? undefined : { ownerOf: workDirOwner, olderThan: new Date(Date.now() - 24 * HOUR_MS) });
  await sweepWork();
  const sweep = () =>
    Promise.all([sweepLeftovers(database.db), opts.soleWorker ? undefined : sweepWork()]).catch((err: unknown) =>
      logger().error({ err }, "sweep failed"),
    );
  void sweep();
  const sweeper = setInterval(sweep, HOUR_MS);
  sweeper.unref();
  const worker = startWorker(database, {
    concurrency: e.JOB_CONCURRENCY,
    pollMs: 1000,
    leaseSeconds: e.JOB_LEASE_SECONDS,
    soleWorker: opts.soleWorker,
    types: registerJobHandlers(jobHandlers),
  });
  const unregister = registerLocalWake(worker.wake);
  // seen by /readyz and the kinora_workers_alive metric (heartbeat.ts); the row goes on a clean stop
  const heartbeat = await startHeartbeat(database.db, opts.inProcess ? "in-process" : "worker");
  return {
    async stop() {
      clearInterval(sweeper);
      unregister();
      await worker.stop();
      await heartbeat.stop().catch((err: unknown) => logger().error({ err }, "worker heartbeat removal failed"));
    },
  };
}

/**
 * Uploads that reached tmp/uploads but never became an item (storage temp files: workers/process-lease.ts),
 * and progress bars untouched for a day (clients poll them during the upload only).
 */
async function sweepLeftovers(db: Db): Promise<void> {
  const storage = await getStorage();
  const dayAgo = new Date(Date.now() - 24 * HOUR_MS);
  for (const entry of await storage.list(TMP_UPLOADS_PREFIX)) {
    if (entry.mtime >= dayAgo) continue;
    const boxId = entry.key.slice(TMP_UPLOADS_PREFIX.length + 1);
    if ((await db.boxItem.count({ where: { id: boxId } })) === 0) await storage.delete(entry.key);
  }
  await db.uploadProgress.deleteMany({ where: { updatedAt: { lt: dayAgo } } });
}
