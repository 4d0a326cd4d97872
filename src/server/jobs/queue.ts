import type { Db, DbOrTx } from "@/server/db/client";
import { JOB_KINDS, type JobKind, type JobPayloads } from "./kinds";
import { currentRequest } from "@/server/http/request-context.mjs";
import { logContext } from "@/server/log/logger.mjs";

/**
 * Queues a job of a kind in the database (durable: it survives a crash of any process), with the id
 * of the request that queued it (or of the job that did): the worker logs the job's lines with it.
 */
export async function enqueueJob<K extends JobKind>(
  db: DbOrTx,
  kind: K,
  payload: JobPayloads[K],
  opts: { boxItemId?: string; runAt?: Date } = {},
): Promise<string> {
  const job = await db.job.create({
    data: {
      type: kind,
      payload,
      maxAttempts: JOB_KINDS[kind].maxAttempts,
      boxItemId: opts.boxItemId,
      runAt: opts.runAt ?? new Date(),
      requestId: requestIdNow(),
    },
    select: { id: true },
  });
  return job.id;
}

/** Queues a job of `kind` for each payload in one statement (a fan-out of many), all due at `runAt` (default now). */
export async function enqueueJobs<K extends JobKind>(
  db: DbOrTx,
  kind: K,
  payloads: JobPayloads[K][],
  opts: { runAt?: Date } = {},
): Promise<number> {
  if (!payloads.length) return 0;
  const runAt = opts.runAt ?? new Date();
  const requestId = requestIdNow();
  const made = await db.job.createMany({
    data: payloads.map((payload) => ({ type: kind, payload, maxAttempts: JOB_KINDS[kind].maxAttempts, runAt, requestId })),
  });
  return made.count;
}

/**
 * The request id the current code runs for: within a log context (a job, the worker's loop, the
 * timers started at boot) its requestId if it has one, else the request's.
 */
function requestIdNow(): string | undefined {
  const own = logContext();
  if (own) return typeof own.requestId === "string" ? own.requestId : undefined;
  return currentRequest()?.id;
}

/** Cancels queued and running jobs of a box item; a running handler sees its signal aborted at the next heartbeat. */
export async function cancelJobsOf(db: DbOrTx, boxItemId: string): Promise<void> {
  await db.job.updateMany({ where: { boxItemId, status: { in: ["QUEUED", "RUNNING"] } }, data: { status: "CANCELED" } });
  abortLocalJobsOf(boxItemId);
}

// Jobs running in this process, by box item: a cancel (or a deleted item) aborts them at once
// instead of at the next heartbeat. Jobs in other processes notice at their heartbeat.
const local = globalThis as unknown as { __kinoraLocalJobs?: Map<string, Set<AbortController>> };
const localJobs = (local.__kinoraLocalJobs ??= new Map());

export function trackLocalJob(boxItemId: string, controller: AbortController): () => void {
  const set = localJobs.get(boxItemId) ?? new Set<AbortController>();
  set.add(controller);
  localJobs.set(boxItemId, set);
  return () => {
    set.delete(controller);
    if (set.size === 0 && localJobs.get(boxItemId) === set) localJobs.delete(boxItemId);
  };
}

// Workers of this process, woken when a job was queued here (instead of at their next poll).
const wakers = ((local as { __kinoraWakers?: Set<() => void> }).__kinoraWakers ??= new Set());

export function registerLocalWake(wake: () => void): () => void {
  wakers.add(wake);
  return () => wakers.delete(wake);
}

/** Call after the transaction that queued a job committed: a worker of this process claims it now. */
export function wakeLocalWorkers(): void {
  for (const wake of wakers) wake();
}

/** Aborts the jobs of a box item that run in this process (call after their rows were canceled or deleted). */
export function abortLocalJobsOf(boxItemId: string): void {
  for (const controller of localJobs.get(boxItemId) ?? []) controller.abort(new Error("job canceled"));
}

export interface ClaimedJob {
  id: string;
  type: string;
  boxItemId: string | null;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
  /** X-Request-Id of the request that queued it */
  requestId: string | null;
}

/** Takes the next due job, marking it RUNNING for this worker; SKIP LOCKED lets several workers share the table. */
export async function claimNextJob(db: Db, workerId: string, types: string[]): Promise<ClaimedJob | undefined> {
  const rows = await db.$queryRaw<ClaimedJob[]>`
    UPDATE "Job" SET "status" = 'RUNNING', "lockedAt" = now(), "lockedBy" = ${workerId}, "attempts" = "attempts" + 1, "updatedAt" = now()
    WHERE "id" = (
      SELECT "id" FROM "Job"
      WHERE "status" = 'QUEUED' AND "runAt" <= now() AND "type" = ANY(${types}::text[])
      ORDER BY "runAt", "createdAt"
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING "id", "type", "boxItemId"::text AS "boxItemId", "payload", "attempts", "maxAttempts", "requestId"`;
  return rows[0];
}

/** Jobs whose worker stopped renewing its lease (killed mid-job) go back to the queue; with a sole worker, any job it does not hold. */
export async function requeueStaleJobs(db: Db, leaseSeconds: number, soleWorkerId?: string): Promise<number> {
  const result = await db.job.updateMany({
    where: {
      status: "RUNNING",
      OR: [
        { lockedAt: { lt: new Date(Date.now() - leaseSeconds * 1000) } },
        ...(soleWorkerId ? [{ lockedBy: { not: soleWorkerId } }] : []),
      ],
    },
    data: { status: "QUEUED", lockedAt: null, lockedBy: null, runAt: new Date() },
  });
  return result.count;
}

/** Jobs queued and due, by type, with the age of the oldest (the kinora_jobs_waiting metrics): one grouped query. */
export async function waitingJobs(db: Db): Promise<{ type: string; waiting: number; oldestSeconds: number }[]> {
  const rows = await db.$queryRaw<{ type: string; waiting: number; oldest: number }[]>`
    SELECT "type", count(*)::int AS waiting, extract(epoch FROM now() - min("runAt"))::float8 AS oldest
    FROM "Job" WHERE "status" = 'QUEUED' AND "runAt" <= now() GROUP BY "type"`;
  return rows.map((row) => ({ type: row.type, waiting: Number(row.waiting), oldestSeconds: Math.max(0, Number(row.oldest)) }));
}
