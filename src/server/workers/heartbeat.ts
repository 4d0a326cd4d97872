// Worker heartbeats: every job worker (the one in `npm start` on PGlite or with KINORA_WORKER=1, and
// each `npm run worker`) keeps a WorkerHeartbeat row, written every 15 s by the database's clock and
// removed when it stops cleanly; rows of workers silent for 10 minutes (killed ones) are swept.
// /readyz warns when no worker was seen in the last minute; countAliveWorkers is the metric's count.
import os from "node:os";
import type { Db } from "@/server/db/client";
import { processId } from "@/server/lease/process-id";
import { logger } from "@/server/log/logger.mjs";

export const HEARTBEAT_INTERVAL_MS = 15_000;
/** A worker seen within this many seconds is alive. */
export const ALIVE_SECONDS = 60;
/** Rows of workers silent this long are removed. */
const STALE_SECONDS = 600;

export type WorkerKind = "in-process" | "worker";

/** Writes this process's heartbeat now (and sweeps the stale rows of dead workers). */
export async function beat(db: Db, kind: WorkerKind): Promise<void> {
  const id = processId();
  await db.$executeRaw`
    INSERT INTO "WorkerHeartbeat" ("id", "host", "pid", "kind", "startedAt", "seenAt")
    VALUES (${id}::uuid, ${os.hostname()}, ${process.pid}, ${kind}, now(), now())
    ON CONFLICT ("id") DO UPDATE SET "seenAt" = now()`;
  await db.$executeRaw`DELETE FROM "WorkerHeartbeat" WHERE "seenAt" < now() - make_interval(secs => ${STALE_SECONDS}::int)`;
}

/** Starts the heartbeat of this process's worker; `stop` removes its row. */
export async function startHeartbeat(db: Db, kind: WorkerKind): Promise<{ stop(): Promise<void> }> {
  await beat(db, kind);
  const timer = setInterval(
    () => void beat(db, kind).catch((err: unknown) => logger().error({ err }, "worker heartbeat failed")),
    HEARTBEAT_INTERVAL_MS,
  );
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await db.$executeRaw`DELETE FROM "WorkerHeartbeat" WHERE "id" = ${processId()}::uuid`;
    },
  };
}

/** How many workers wrote a heartbeat in the last minute (the kinora_workers_alive metric). */
export async function countAliveWorkers(db: Db): Promise<number> {
  const rows = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM "WorkerHeartbeat" WHERE "seenAt" > now() - make_interval(secs => ${ALIVE_SECONDS}::int)`;
  return rows[0]?.n ?? 0;
}
