import type { Db } from "@/server/db/client";
import { getStorage } from "@/server/media/storage";
import { processId } from "@/server/lease/process-id";
import { sweepDeadWriters } from "@/server/domain/box/sweep-dead-writers";
import { logger } from "@/server/log/logger.mjs";

export interface ProcessLeaseOptions {
  /** The embedded database (PGlite): this process is the only one, every other writer is dead. */
  sole: boolean;
  /** A process silent this long is dead (JOB_LEASE_SECONDS). */
  ttlSeconds: number;
}

/**
 * Holds this process's lease and sweeps what dead processes left of their uploads (sweep-dead-writers).
 * PGlite: nobody else can be writing, so everything not this process's goes at once, before the
 * first request; no lease is needed. PostgreSQL: the lease row is renewed every third of its
 * lifetime; at start here, and then once every lifetime by one of the job workers (the "dead-writers"
 * sweep, workers/sweeps.ts), the leftovers of processes without a live lease go: a killed process's
 * once its lease has expired, at once when it gave it back (`stop`, which `npm run worker` calls on
 * SIGTERM; a web process's lease just expires).
 */
export async function startProcessLease(db: Db, opts: ProcessLeaseOptions): Promise<{ stop(): Promise<void> }> {
  const sweep = async () => sweepDeadWriters(db, await getStorage(), { sole: opts.sole });
  if (opts.sole) {
    await sweep();
    return { stop: async () => {} };
  }
  const me = processId();
  const renew = () => writeLease(db, me, opts.ttlSeconds);
  await renew();
  await sweep();
  const every = (ms: number, what: string, fn: () => Promise<unknown>) => {
    const timer = setInterval(() => void fn().catch((err: unknown) => logger().error({ err }, `${what} failed`)), ms);
    timer.unref();
    return timer;
  };
  const renewer = every((opts.ttlSeconds * 1000) / 3, "process lease renewal", renew);
  return {
    async stop() {
      clearInterval(renewer);
      // a stopped process writes nothing more: its leftovers need not wait for the lease to expire
      await db.processLease.deleteMany({ where: { id: me } });
    },
  };
}

/** Takes or renews the lease of process `id` for `seconds` from now, by the database's clock (every process alike). */
export function writeLease(db: Db, id: string, seconds: number): Promise<number> {
  return db.$executeRaw`
    INSERT INTO "ProcessLease" ("id", "expiresAt") VALUES (${id}::uuid, now() + make_interval(secs => ${seconds}::int))
    ON CONFLICT ("id") DO UPDATE SET "expiresAt" = EXCLUDED."expiresAt"`;
}
