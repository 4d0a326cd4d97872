import type { Db } from "@/server/db/client";
import { clearRateLimit, hitRateLimits } from "@/server/core/rate-limit";
import { env } from "@/server/env";

// The failure counters of a credential check (logins: verify-user-credentials.ts; live passwords:
// media/live/live-password.ts), each a RateLimit row counted in LOGIN_WINDOW_SECONDS: the source's own
// (LOGIN_MAX_FAILURES), and unless the source is trusted (trusted-sources.ts) the shared ones, per
// subject across sources and per address across subjects.

/** An address may fail this many times the per-user limit (several people behind one NAT). */
export const ADDRESS_FACTOR = 4;

/** A failure counter: its RateLimit key and how many failures it allows per LOGIN_WINDOW_SECONDS. */
export interface Counter {
  key: string;
  max: number;
}

/**
 * The shared counters of an attempt on `subject` (`user:<id>`, or `name:<name>` for nobody) from
 * `address`, in `scope` (`login`, `live`): none for a trusted source, which meets its own only.
 */
export function sharedCounters(scope: string, subject: string | undefined, address: string | undefined, trusted: boolean): Counter[] {
  if (trusted) return [];
  const { LOGIN_MAX_FAILURES: max, LOGIN_USER_MAX_FAILURES: userMax } = env();
  return [
    ...(subject ? [{ key: `${scope}:${subject}`, max: userMax }] : []),
    ...(address ? [{ key: `${scope}:addr:${address}`, max: max * ADDRESS_FACTOR }] : []),
  ];
}

/**
 * Counts one attempt on every counter, all of them even when one is over (so a refused guess still
 * counts); the longest Retry-After when one is over its limit, else 0.
 */
export async function countAttempt(db: Db, counters: Counter[]): Promise<number> {
  return hitRateLimits(db, counters, env().LOGIN_WINDOW_SECONDS);
}

/** After the right password: the source's own counter is cleared, the shared ones take the attempt back. */
export async function takeBackAttempt(db: Db, ownKey: string | undefined, shared: Counter[]): Promise<void> {
  if (ownKey) await clearRateLimit(db, ownKey);
  for (const { key } of shared) await db.rateLimit.updateMany({ where: { key, count: { gt: 0 } }, data: { count: { decrement: 1 } } });
}
