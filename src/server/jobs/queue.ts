import type { Db } from "@/server/db/client";
import type { Prisma } from "@/generated/prisma/client";
import type { JobDefinition } from "./registry";

type DbOrTx = Db | Prisma.TransactionClient;

/** Queues a job in the database (durable: it survives a crash of any process). */
export async function enqueueJob<P extends Prisma.InputJsonValue>(
  db: DbOrTx,
  def: JobDefinition<P>,
  payload: P,
  opts: { boxItemId?: string; runAt?: Date } = {},
): Promise<string> {
  const job = await db.job.create({
    data: { type: def.type, payload, maxAttempts: def.maxAttempts, boxItemId: opts.boxItemId, runAt: opts.runAt ?? new Date() },
    select: { id: true },
  });
  return job.id;
}

/** Cancels queued and running jobs of a box item; a running handler sees its signal aborted at the next heartbeat. */
export async function cancelJobsOf(db: DbOrTx, boxItemId: string): Promise<void> {
  await db.job.updateMany({ where: { boxItemId, status: { in: ["QUEUED", "RUNNING"] } }, data: { status: "CANCELED" } });
}

export interface ClaimedJob {
  id: string;
  type: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
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
    RETURNING "id", "type", "payload", "attempts", "maxAttempts"`;
  return rows[0];
}

/** Jobs whose worker stopped renewing its lease (killed mid-job) go back to the queue; with a sole worker, any job it does not hold. */
export async function requeueStaleJobs(db: Db, leaseSeconds: number, soleWorkerId?: string): Promise<number> {
  const result = await db.job.updateMany({
    where: {
      status: "RUNNING",
      OR: [{ lockedAt: { lt: new Date(Date.now() - leaseSeconds * 1000) } }, ...(soleWorkerId ? [{ lockedBy: { not: soleWorkerId } }] : [])],
    },
    data: { status: "QUEUED", lockedAt: null, lockedBy: null, runAt: new Date() },
  });
  return result.count;
}
