import type { Db, DbOrTx } from "@/server/db/client";
import { logger } from "@/server/log/logger.mjs";
import { metrics } from "@/server/metrics/registry.mjs";

/**
 * A periodic sweep run by the job workers. "cluster" (the default): once per period across every
 * worker of the instance, whoever claims its `Sweep` row first; "process": in every worker process,
 * for what lives on that machine only (the work directories of its jobs).
 */
export interface PeriodicTask {
  name: string;
  periodSeconds: number;
  scope?: "cluster" | "process";
  /** Returns how many rows or files it removed (kinora_swept_total). */
  run(): Promise<number>;
}

/**
 * Claims this period of a sweep: true for exactly one caller per period, whatever the number of
 * workers (one UPDATE ... WHERE "nextRunAt" <= now moves it on, by the database's clock). A period
 * shortened since the last run is taken at once. The clock is `clock_timestamp()`, not `now()`:
 * `now()` is when the caller's transaction began, and a worker whose statement began before another
 * worker's claim (waiting on its row lock, or in a longer transaction) would see the new
 * "nextRunAt" more than a period ahead of its own `now()`, take it for a shortened period and run
 * the same period twice.
 */
export async function claimSweep(db: DbOrTx, name: string, periodSeconds: number): Promise<boolean> {
  await db.$executeRaw`INSERT INTO "Sweep" ("name", "nextRunAt") VALUES (${name}, clock_timestamp()) ON CONFLICT ("name") DO NOTHING`;
  const claimed = await db.$queryRaw<{ name: string }[]>`
    UPDATE "Sweep" SET "nextRunAt" = clock_timestamp() + make_interval(secs => ${periodSeconds}::float8), "lastRunAt" = clock_timestamp()
    WHERE "name" = ${name}
      AND ("nextRunAt" <= clock_timestamp() OR "nextRunAt" > clock_timestamp() + make_interval(secs => ${periodSeconds}::float8))
    RETURNING "name"`;
  return claimed.length > 0;
}

/** Runs one sweep now and records what it did (its Sweep row, the metrics); never throws. */
async function runTask(db: Db, task: PeriodicTask): Promise<void> {
  const scope = task.scope ?? "cluster";
  try {
    const removed = await task.run();
    metrics().sweeps.inc({ sweep: task.name, outcome: "ok" });
    metrics().sweptRows.inc({ sweep: task.name }, removed);
    if (scope === "cluster") await db.sweep.update({ where: { name: task.name }, data: { lastRemoved: removed, lastError: null } });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    metrics().sweeps.inc({ sweep: task.name, outcome: "failed" });
    logger().error({ err, sweep: task.name }, "sweep failed");
    if (scope === "cluster")
      await db.sweep.update({ where: { name: task.name }, data: { lastError: message.slice(0, 2000) } }).catch(() => undefined);
  }
}

/**
 * Looks every `checkMs` for the sweeps whose period has come (at once at start) and runs them, one
 * after the other. `stop` waits for a sweep in progress.
 */
export function startPeriodic(db: Db, tasks: PeriodicTask[], opts: { checkMs: number }): { stop(): Promise<void> } {
  const localNext = new Map<string, number>(); // "process" sweeps: when this process runs them next
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  const due = async (task: PeriodicTask): Promise<boolean> => {
    if (task.scope === "process") {
      if ((localNext.get(task.name) ?? 0) > Date.now()) return false;
      localNext.set(task.name, Date.now() + task.periodSeconds * 1000);
      return true;
    }
    return claimSweep(db, task.name, task.periodSeconds);
  };
  const check = async () => {
    for (const task of tasks) {
      if (stopped) return;
      try {
        if (await due(task)) await runTask(db, task);
      } catch (err) {
        logger().error({ err, sweep: task.name }, "sweep claim failed"); // the database is away: the next check tries again
      }
    }
  };
  const loop = () => {
    current = check().finally(() => {
      current = undefined;
      if (!stopped) timer = setTimeout(loop, opts.checkMs);
    });
  };
  loop();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
    },
  };
}
