import type { Db } from "@/server/db/client";
import { DomainError } from "@/server/core/errors";
import { metrics } from "@/server/metrics/registry.mjs";

/**
 * Fixed-window counter kept in the database, so every instance shares it.
 * `hit` counts one event and throws RATE_LIMITED (with Retry-After) once `max` is exceeded.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  const over = await countHit(db, key, max, windowSeconds);
  if (over) throw noteRateLimited(key, rateLimited(over, windowSeconds));
}

/**
 * Counts one event on each of `limits` (all of them, even when one is over); the longest
 * Retry-After in seconds when one is over its limit (counted once as a refusal of the first such
 * limit), else 0.
 */
export async function hitRateLimits(db: Db, limits: { key: string; max: number }[], windowSeconds: number): Promise<number> {
  const results = await Promise.all(limits.map((l) => countHit(db, l.key, l.max, windowSeconds)));
  let refusal: DomainError | undefined;
  for (const [i, over] of results.entries()) {
    if (!over) continue;
    const error = rateLimited(over, windowSeconds);
    if (!refusal) metrics().rateLimited.inc({ limit: limitName(limits[i]!.key) });
    if (!refusal || (error.retryAfterSeconds ?? 0) > (refusal.retryAfterSeconds ?? 0)) refusal = error;
  }
  return refusal ? (refusal.retryAfterSeconds ?? 1) : 0;
}

/** Counts one event on `key`: the window's start when that made it exceed `max`. */
async function countHit(db: Db, key: string, max: number, windowSeconds: number): Promise<Date | undefined> {
  const rows = await db.$queryRaw<{ count: number; window_start: Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "windowStart") VALUES (${key}, 1, now())
    ON CONFLICT ("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."windowStart" < now() - make_interval(secs => ${windowSeconds}) THEN 1 ELSE "RateLimit"."count" + 1 END,
      "windowStart" = CASE WHEN "RateLimit"."windowStart" < now() - make_interval(secs => ${windowSeconds}) THEN now() ELSE "RateLimit"."windowStart" END
    RETURNING "count" AS count, "windowStart" AS window_start`;
  const row = rows[0];
  return row && row.count > max ? row.window_start : undefined;
}

/** Throws when the key is already over its limit, without counting (to check before expensive work). */
export async function checkRateLimit(db: Db, key: string, max: number, windowSeconds: number): Promise<void> {
  const row = await db.rateLimit.findUnique({ where: { key } });
  if (row && row.count >= max && row.windowStart.getTime() > Date.now() - windowSeconds * 1000)
    throw noteRateLimited(key, rateLimited(row.windowStart, windowSeconds));
}

export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.rateLimit.deleteMany({ where: { key } });
}

/** The periodic sweep: counters whose window began more than `seconds` ago count nothing any more (a hit restarts them). */
export async function deleteStaleRateLimits(db: Db, seconds: number): Promise<number> {
  const { count } = await db.rateLimit.deleteMany({ where: { windowStart: { lt: new Date(Date.now() - seconds * 1000) } } });
  return count;
}

/**
 * The limit's name for kinora_rate_limited_total{limit}: its key's first `:`-separated part (keys
 * start with a constant of the code: `login:`, `live:`, `register:`, `renew-user:`, ...), so the
 * label never carries an address or an id.
 */
export function limitName(key: string): string {
  const end = key.indexOf(":");
  return end < 0 ? key : key.slice(0, end);
}

function noteRateLimited(key: string, error: DomainError): DomainError {
  metrics().rateLimited.inc({ limit: limitName(key) });
  return error;
}

function rateLimited(windowStart: Date, windowSeconds: number): DomainError {
  const seconds = Math.max(1, Math.ceil((windowStart.getTime() + windowSeconds * 1000 - Date.now()) / 1000));
  return new DomainError("RATE_LIMITED", "error.rateLimited", { seconds }, [], seconds);
}
