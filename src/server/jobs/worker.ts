import { randomUUID } from "node:crypto";
import type { DbAccess } from "@/server/db/client";
import { claimNextJob, requeueStaleJobs, trackLocalJob, type ClaimedJob } from "./queue";
import { JOB_KINDS, isJobKind } from "./kinds";
import { jobHandler } from "./registry";
import { metrics } from "@/server/metrics/registry.mjs";
import { logger, withLogContext } from "@/server/log/logger.mjs";

export interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  leaseSeconds: number;
  /** Single embedded process (PGlite): every RUNNING job at start belongs to a dead process. */
  soleWorker: boolean;
  types: string[];
}

/**
 * Runs jobs from the database queue. A heartbeat renews each running job's lease and notices
 * cancellation; a worker killed mid-job leaves a stale lease, and the job is retried elsewhere
 * (or by this process after restart). Handlers must be idempotent: outputs go to temp keys first.
 */
export function startWorker(database: DbAccess, opts: WorkerOptions): { stop(): Promise<void>; wake(): void } {
  const { db } = database;
  const workerId = `${process.pid}-${randomUUID()}`;
  const running = new Map<string, Promise<void>>();
  const stopController = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let ticking = false;
  let again = false; // woken during a tick: look once more right after it
  let runningExtra = 0;
  const quickTypes = opts.types.filter((type) => isJobKind(type) && JOB_KINDS[type].quick);

  // the loop runs outside any request's or job's log context (a wake from a request, a job's end).
  // Stale leases are looked for by the poll only: a wake or a job's end looks for due jobs alone, so a
  // request that queued a job (or a fan-out of a thousand) pays no extra statement for it.
  const loop = (requeue = false): Promise<void> => withLogContext({}, () => tick(requeue));
  const poll = () => loop(true);
  const tick = async (requeue: boolean): Promise<void> => {
    if (ticking) {
      again = true;
      return;
    }
    ticking = true;
    again = false;
    if (timer) clearTimeout(timer);
    try {
      if (requeue) await requeueStaleJobs(db, opts.leaseSeconds, opts.soleWorker ? workerId : undefined);
      while (!stopController.signal.aborted) {
        // past its concurrency the worker still takes quick jobs (mails, receipts) in one slot of
        // their own, so a mail never waits behind two encodes
        const extra = running.size >= opts.concurrency;
        if (extra && runningExtra > 0) break;
        const job = await claimNextJob(db, workerId, extra ? quickTypes : opts.types);
        if (!job) break;
        if (extra) runningExtra++;
        // every line of the job carries its id and the id of the request that queued it (docs/operations.md "Logs")
        const fields = { jobId: job.id, jobType: job.type, ...(job.requestId ? { requestId: job.requestId } : {}) };
        const p = withLogContext(fields, () => execute(database, job, workerId, opts.leaseSeconds, stopController.signal))
          .catch((err: unknown) => logger().error({ err }, `job ${job.id} (${job.type}): bookkeeping failed`)) // e.g. its row deleted meanwhile
          .finally(() => {
            running.delete(job.id);
            if (extra) runningExtra--;
            if (!stopController.signal.aborted) void loop();
          });
        running.set(job.id, p);
      }
    } catch (err) {
      logger().error({ err }, "job worker tick failed");
    }
    ticking = false;
    if (!stopController.signal.aborted) timer = again ? setTimeout(loop, 0) : setTimeout(poll, opts.pollMs);
  };
  timer = setTimeout(poll, 0);

  return {
    /** Looks for due jobs now (a job was just queued by this process). */
    wake() {
      // after the waking request's own next statements (they are queued first: on PGlite's one
      // connection the claim waits behind them, not they behind it), outside its log context
      if (!stopController.signal.aborted) setImmediate(() => void loop());
    },
    async stop() {
      stopController.abort();
      if (timer) clearTimeout(timer);
      await Promise.allSettled(running.values());
    },
  };
}

async function execute(
  database: DbAccess,
  job: ClaimedJob,
  workerId: string,
  leaseSeconds: number,
  stopSignal: AbortSignal,
): Promise<void> {
  const { db } = database;
  const kind = isJobKind(job.type) ? job.type : undefined;
  const def = kind && jobHandler(kind);
  if (!kind || !def) {
    await db.job.update({ where: { id: job.id }, data: { status: "FAILED", lastError: `no handler for ${job.type}` } });
    return;
  }
  const abort = new AbortController();
  const onStop = () => abort.abort(new Error("worker stopping"));
  stopSignal.addEventListener("abort", onStop);
  const untrack = job.boxItemId ? trackLocalJob(job.boxItemId, abort) : undefined;
  const heartbeat = setInterval(
    async () => {
      try {
        const renewed = await db.job.updateMany({
          where: { id: job.id, status: "RUNNING", lockedBy: workerId },
          data: { lockedAt: new Date() },
        });
        if (renewed.count === 0) abort.abort(new Error("job canceled"));
      } catch {
        // the next beat retries; the lease is long enough to miss one
      }
    },
    Math.min(5000, Math.max(1000, (leaseSeconds * 1000) / 3)),
  ); // also how soon another process's cancel is seen
  const started = performance.now();
  logger().info({ attempt: job.attempts }, "job started");
  try {
    await def.run({ id: job.id, payload: job.payload, attempt: job.attempts, ...database, signal: abort.signal });
    await db.job.updateMany({
      where: { id: job.id, status: "RUNNING", lockedBy: workerId },
      data: { status: "COMPLETED", lockedAt: null },
    });
    metrics().jobsCompleted.inc({ type: kind });
    logger().info({ durationMs: Math.round(performance.now() - started) }, "job completed");
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    if (stopSignal.aborted) {
      // shutting down: leave it for the next start instead of counting an attempt
      await db.job.updateMany({
        where: { id: job.id, status: "RUNNING" },
        data: { status: "QUEUED", attempts: { decrement: 1 }, lockedAt: null, lockedBy: null },
      });
      return;
    }
    const current = await db.job.findUnique({ where: { id: job.id }, select: { status: true } });
    if (current?.status !== "RUNNING") return; // canceled meanwhile
    const final = job.attempts >= job.maxAttempts || def.retryable?.(error) === false;
    // the message only: a handler that logs its failure logs its stack (once)
    logger().warn({ attempt: job.attempts, final, error: error.message.slice(0, 500) }, final ? "job failed" : "job failed, will retry");
    await db.job.update({
      where: { id: job.id },
      data: final
        ? { status: "FAILED", lastError: error.message.slice(0, 2000), lockedAt: null }
        : {
            status: "QUEUED",
            lastError: error.message.slice(0, 2000),
            lockedAt: null,
            lockedBy: null,
            runAt: new Date(Date.now() + JOB_KINDS[kind].backoffSeconds(job.attempts) * 1000),
          },
    });
    if (final) {
      metrics().jobsFailed.inc({ type: kind });
      await def
        .onFailed?.({ id: job.id, payload: job.payload, attempt: job.attempts, ...database }, error)
        .catch((e: unknown) => logger().error({ err: e }, "onFailed failed"));
    }
  } finally {
    clearInterval(heartbeat);
    untrack?.();
    stopSignal.removeEventListener("abort", onStop);
  }
}
