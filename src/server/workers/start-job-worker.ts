import type { DbAccess } from "@/server/db/client";
import { env } from "@/server/env";
import { sweepWorkDirs } from "@/server/media/ingest/publish";
import { startPeriodic } from "@/server/jobs/periodic";
import { registerLocalWake } from "@/server/jobs/queue";
import { registerJobHandlers } from "@/server/jobs/registry";
import { jobWorkRoot } from "@/server/jobs/work-dir";
import { startWorker } from "@/server/jobs/worker";
import { jobHandlers } from "./jobs";
import { sweepTasks } from "./sweeps";

/** How often a worker looks for a sweep whose period has come. */
const SWEEP_CHECK_MS = 30_000;

export interface JobWorkerHandle {
  stop(): Promise<void>;
}

/**
 * Starts this process's job worker: in the web process on PGlite (the sole worker: every job left
 * RUNNING belongs to a dead process and is retried at once), in `npm run worker` processes on
 * PostgreSQL (a killed worker's job is retried once its lease runs out). Also runs the periodic sweeps
 * (sweeps.ts): old jobs, rate-limit rows, expired tokens and payments, what crashes leave behind.
 */
export async function startJobWorker(database: DbAccess, opts: { soleWorker: boolean }): Promise<JobWorkerHandle> {
  const e = env();
  // a sole worker owns every work directory: all go now (with several, the "work-dirs" sweep takes those of dead processes)
  if (opts.soleWorker) await sweepWorkDirs(jobWorkRoot());
  // the periodic sweeps: each once per period across every worker (sweeps.ts, jobs/periodic.ts)
  const sweeps = startPeriodic(database.db, sweepTasks(database.db, { sole: opts.soleWorker }), { checkMs: SWEEP_CHECK_MS });
  const worker = startWorker(database, {
    concurrency: e.JOB_CONCURRENCY,
    pollMs: 1000,
    leaseSeconds: e.JOB_LEASE_SECONDS,
    soleWorker: opts.soleWorker,
    types: registerJobHandlers(jobHandlers),
  });
  const unregister = registerLocalWake(worker.wake);
  return {
    async stop() {
      unregister();
      await Promise.all([worker.stop(), sweeps.stop()]);
    },
  };
}
