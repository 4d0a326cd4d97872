import type { Db } from "@/server/db/client";
import { DomainError } from "@/server/core/errors";

/**
 * Fixed-window counter kept in the database, so every instance shares it.
 * `hit` counts one event and throws RATE_LIMITED (with Retry-After) once `max` is exceeded.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  const rows = await db.$queryRaw<{ count: number; window_start: Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "windowStart") VALUES (${key}, 1, now())
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."windowStart" < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE "RateLimit"."count" + 1 END,
      "windowStart" = CASE WHEN "RateLimit"."windowStart" < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE "RateLimit"."windowStart" END
    RETURNING "count" AS count, "windowStart" AS window_start`;
  const row = rows[0];
  if (row && row.count > max) throw rateLimited(row.window_start, windowSeconds);
}

/** Throws when the key is already over its limit, without counting (to check before expensive work). */
export async function checkRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  if (row && row.count >= max && row.windowStart.getTime() > Date.now() - windowSeconds * 1000)
    throw rateLimited(row.windowStart, windowSeconds);
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}

/** The periodic sweep: counters whose window began more than `seconds` ago count nothing any more (a hit restarts them). */
export async function deleteStaleRateLimits(db: Db, seconds: number): Promise<number> {
  const { count } = await db.rateLimit.deleteMany({ where: { windowStart: { lt: new Date(Date.now() - seconds * 1000) } } });
  return count;
}

function rateLimited(windowStart: Date, windowSeconds: number): DomainError {
  const seconds = Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000));
  return new DomainError("RATE_LIMITED", "error.rateLimited", { seconds }, [], seconds);
}
