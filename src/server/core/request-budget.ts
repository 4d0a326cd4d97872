import { getDbAccess } from "@/server/db/client";
import type { SqlPort } from "@/server/db/sql-runner";
import { metrics } from "@/server/metrics/registry.mjs";
import { logger } from "@/server/log/logger.mjs";
import { limitName } from "./rate-limit";

/**
 * Budgets of requests per fixed window (aligned on the clock: a minute's window starts at :00) shared
 * by every node of a database without a write per request: each process counts its spending in
 * memory and adds it to the budget's row of "RateLimit" once a second (one statement for every
 * budget spent meanwhile), reading back the total of all nodes. A process therefore decides on the
 * total as of its last sync plus its own spending since: the nodes together can overspend a budget
 * by what the others spent in that second, never more. Refused requests spend nothing.
 */

export interface BudgetSpending {
  /** false: the budget is spent; the request is refused until the window ends. */
  allowed: boolean;
  limit: number;
  remaining: number;
  /** seconds until the window ends and the budget is whole again (at least 1) */
  resetSeconds: number;
}

interface WindowCount {
  /** the window's start and end, ms since the epoch */
  start: number;
  end: number;
  /** the total of every node at this process's last sync (its own spending included) */
  shared: number;
  /** spent here since the last sync */
  pending: number;
}

const SYNC_SQL = `
  INSERT INTO "RateLimit" ("key", "count", "windowStart")
  SELECT k, c, to_timestamp(s / 1000.0) AT TIME ZONE 'UTC' FROM unnest($1::text[], $2::int[], $3::float8[]) AS t(k, c, s)
  ON CONFLICT ("key") DO UPDATE SET
    "count" = CASE
      WHEN "RateLimit"."windowStart" = EXCLUDED."windowStart" THEN "RateLimit"."count" + EXCLUDED."count"
      WHEN "RateLimit"."windowStart" < EXCLUDED."windowStart" THEN EXCLUDED."count"
      ELSE "RateLimit"."count" END,
    "windowStart" = GREATEST("RateLimit"."windowStart", EXCLUDED."windowStart")
  RETURNING "key" AS key, "count" AS count, (extract(epoch FROM "windowStart") * 1000)::float8 AS start`;

/** One process's view of the shared budgets (a process has one: `requestBudgets`). */
export class BudgetCounter {
  private readonly windows = new Map<string, WindowCount>();
  private syncing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  /** `sql`: the database to sync with (default the process's); `syncMs`: how soon spending is synced. */
  constructor(
    private readonly sql?: SqlPort,
    private readonly syncMs = 1000,
  ) {}

  /** Spends one request of the budget `key` (`max` a window of `windowSeconds`), or refuses it when none is left. */
  spend(key: string, max: number, windowSeconds: number, now = Date.now()): BudgetSpending {
    const windowMs = windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    let count = this.windows.get(key);
    if (!count || count.start < start) {
      count = { start, end: start + windowMs, shared: 0, pending: 0 };
      this.windows.set(key, count);
    }
    const used = count.shared + count.pending;
    const resetSeconds = Math.max(1, Math.ceil((count.end - now) / 1000));
    if (used >= max) {
      metrics().rateLimited.inc({ limit: limitName(key) });
      return { allowed: false, limit: max, remaining: 0, resetSeconds };
    }
    count.pending++;
    this.schedule();
    return { allowed: true, limit: max, remaining: max - used - 1, resetSeconds };
  }

  /**
   * Adds this process's spending since the last sync to the shared rows and reads their totals back;
   * windows that ended are forgotten. One sync at a time. A failed sync keeps the spending for the
   * next (the database away: the budgets count locally meanwhile).
   */
  sync(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.syncing ??= this.runSync().finally(() => {
      this.syncing = undefined;
      if ([...this.windows.values()].some((w) => w.pending > 0)) this.schedule();
    });
    return this.syncing;
  }

  private schedule(): void {
    this.timer ??= setTimeout(() => void this.sync(), this.syncMs).unref();
  }

  private async runSync(): Promise<void> {
    const now = Date.now();
    for (const [key, w] of this.windows) if (w.pending === 0 && w.end <= now) this.windows.delete(key);
    const due = [...this.windows.entries()].filter(([, w]) => w.pending > 0).map(([key, w]) => ({ key, w, pending: w.pending }));
    if (due.length === 0) return;
    try {
      const sql = this.sql ?? (await getDbAccess()).sql;
      const rows = await sql.read<{ key: string; count: number; start: number }>(SYNC_SQL, [
        due.map((d) => d.key),
        due.map((d) => d.pending),
        due.map((d) => d.w.start),
      ]);
      const totals = new Map(rows.map((r) => [r.key, r]));
      for (const { key, w, pending } of due) {
        w.pending -= pending;
        const row = totals.get(key);
        if (row && Number(row.start) === w.start) w.shared = Number(row.count);
      }
    } catch (err) {
      logger().warn({ err }, "request budgets not synced with the database; counted locally until the next sync");
    }
  }
}

/** The process's budgets. */
export const requestBudgets = new BudgetCounter();
