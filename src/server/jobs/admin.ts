// What an operator does with the job queue (`npm run jobs`, scripts/jobs.ts; docs/operations.md
// "Jobs"): list the jobs that failed for good, put them back in the queue; and the retention sweep.
import { normalizeUuid } from "@/server/core/uuid";
import type { Db, DbOrTx } from "@/server/db/client";

const DAY_MS = 86_400_000;

export interface FailedJob {
  id: string;
  type: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  /** When it failed for good (its last change). */
  failedAt: Date;
  createdAt: Date;
}

/** Jobs that used up their attempts (or failed for a reason no retry cures), newest first. */
export async function listFailedJobs(db: Db, opts: { type?: string; limit?: number } = {}): Promise<FailedJob[]> {
  const rows = await db.job.findMany({
    where: { status: "FAILED", ...(opts.type ? { type: opts.type } : {}) },
    orderBy: { updatedAt: "desc" },
    take: opts.limit ?? 100,
    select: { id: true, type: true, attempts: true, maxAttempts: true, lastError: true, updatedAt: true, createdAt: true },
  });
  return rows.map(({ updatedAt, ...row }) => ({ ...row, failedAt: updatedAt }));
}

const RETRY = { status: "QUEUED", attempts: 0, lockedAt: null, lockedBy: null } as const;

/** A FAILED job back in the queue, due now, with all its attempts again; false when no failed job has that id. */
export async function retryJob(db: DbOrTx, id: string): Promise<boolean> {
  const jobId = normalizeUuid(id); // not an id: no row, and never a query
  if (!jobId) return false;
  const { count } = await db.job.updateMany({ where: { id: jobId, status: "FAILED" }, data: { ...RETRY, runAt: new Date() } });
  return count === 1;
}

/** Every FAILED job of a type back in the queue; how many. */
export async function retryJobsOfType(db: Db, type: string): Promise<number> {
  const { count } = await db.job.updateMany({ where: { type, status: "FAILED" }, data: { ...RETRY, runAt: new Date() } });
  return count;
}

/** The retention sweep: jobs finished (COMPLETED or CANCELED) more than `days` ago go; FAILED ones stay. */
export async function deleteFinishedJobs(db: Db, days: number, now = new Date()): Promise<number> {
  const { count } = await db.job.deleteMany({
    where: { status: { in: ["COMPLETED", "CANCELED"] }, updatedAt: { lt: new Date(now.getTime() - days * DAY_MS) } },
  });
  return count;
}
