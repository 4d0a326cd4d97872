// The periodic sweeps of the job workers (jobs/periodic.ts; docs/operations.md "Jobs"): every one
// runs once per period across all workers, whoever claims it, except the work directories of jobs,
// which live on each worker's machine and are swept by every worker process.
import { getDbAccess, type Db } from "@/server/db/client";
import { env } from "@/server/env";
import { deleteExpiredTokens } from "@/server/auth/expired-tokens";
import { deleteStaleRateLimits } from "@/server/core/rate-limit";
import { deleteExpiredIdempotencyKeys } from "@/server/core/idempotency";
import { sweepDeadWriters } from "@/server/domain/box/sweep-dead-writers";
import { announceProgramsOnAir } from "@/server/domain/cast/announce-on-air";
import { deleteOldSalts } from "@/server/domain/analytics/viewer-hash";
import { deleteOldAnalytics } from "@/server/domain/analytics/rollup";
import { deleteFinishedJobs } from "@/server/jobs/admin";
import type { PeriodicTask } from "@/server/jobs/periodic";
import { jobWorkRoot, workDirOwner } from "@/server/jobs/work-dir";
import { sweepWorkDirs } from "@/server/media/ingest/publish";
import { TMP_UPLOADS_PREFIX } from "@/server/media/keys";
import { getStorage } from "@/server/media/storage";
import { resolveOverduePayments } from "@/server/payments/overdue-payments";

const HOUR = 3600;
const DAY_MS = 86_400_000;

/** The sweeps of a worker; `sole`: the one process of an embedded (PGlite) instance. */
export function sweepTasks(db: Db, opts: { sole: boolean }): PeriodicTask[] {
  const e = env();
  const tasks: PeriodicTask[] = [
    { name: "jobs.retention", periodSeconds: HOUR, run: () => deleteFinishedJobs(db, e.JOB_RETENTION_DAYS) },
    // the longest window of any rate limit: the sign-in one, or the hour of registrations and renew requests
    { name: "rate-limits", periodSeconds: HOUR, run: () => deleteStaleRateLimits(db, Math.max(e.LOGIN_WINDOW_SECONDS, HOUR)) },
    { name: "tokens", periodSeconds: HOUR, run: () => deleteExpiredTokens(db) },
    { name: "idempotency", periodSeconds: HOUR, run: () => deleteExpiredIdempotencyKeys(db) },
    { name: "payments", periodSeconds: HOUR, run: () => resolveOverduePayments(db) },
    { name: "uploads", periodSeconds: HOUR, run: () => sweepLeftovers(db) },
    // the programs of cast channels that went on air: told to their owners' webhooks (cast.on_air)
    { name: "cast.on-air", periodSeconds: 30, run: () => announceProgramsOnAir(db) },
    // the analytics' daily salts older than yesterday: their days' viewer hashes can no longer be linked to anyone
    { name: "analytics.salts", periodSeconds: HOUR, run: () => deleteOldSalts(db) },
    // raw analytics events past ANALYTICS_RAW_DAYS (their days stay) and play sessions past two days
    { name: "analytics.raw", periodSeconds: HOUR, run: async () => deleteOldAnalytics(await getDbAccess(), e.ANALYTICS_RAW_DAYS) },
  ];
  if (!opts.sole) {
    // on PGlite nobody else writes: what dead processes left went at start (workers/process-lease.ts)
    tasks.push({
      name: "dead-writers",
      periodSeconds: e.JOB_LEASE_SECONDS,
      run: async () => {
        const swept = await sweepDeadWriters(db, await getStorage(), { sole: false });
        return swept.tempDirs + swept.bars;
      },
    });
    // a sole worker owns every work directory (all swept at its start); with several, those of dead processes (or very old) go
    const stale = () => ({ ownerOf: workDirOwner, olderThan: new Date(Date.now() - DAY_MS) });
    tasks.push({ name: "work-dirs", periodSeconds: HOUR, scope: "process", run: () => sweepWorkDirs(jobWorkRoot(), stale()) });
  }
  return tasks;
}

/**
 * Uploads that reached tmp/uploads but never became an item (storage temp files: workers/process-lease.ts),
 * and progress bars untouched for a day (clients poll them during the upload only).
 */
async function sweepLeftovers(db: Db): Promise<number> {
  const storage = await getStorage();
  const dayAgo = new Date(Date.now() - DAY_MS);
  let removed = 0;
  for (const entry of await storage.list(TMP_UPLOADS_PREFIX)) {
    if (entry.mtime >= dayAgo) continue;
    const boxId = entry.key.slice(TMP_UPLOADS_PREFIX.length + 1);
    if ((await db.boxItem.count({ where: { id: boxId } })) === 0) {
      await storage.delete(entry.key);
      removed++;
    }
  }
  const bars = await db.uploadProgress.deleteMany({ where: { updatedAt: { lt: dayAgo } } });
  return removed + bars.count;
}
