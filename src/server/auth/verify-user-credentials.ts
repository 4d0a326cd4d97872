import type { Db } from "@/server/db/client";
import { DomainError } from "@/server/domain/errors";
import { clearRateLimit, hitRateLimit } from "@/server/domain/shared/rate-limit";
import { env } from "@/server/env";
import { burnPasswordCheck, verifyPassword } from "./password";

/**
 * Outcome of a user credential check (the password grant and the portal login share it):
 * - `{ ok: true, userId }`: the password matches an ACTIVE account; its failure counter is
 *   cleared and `lastActivityAt` updated.
 * - `bad_credentials`: unknown user or wrong password; counted against the user and the address.
 * - `pending` / `disabled`: the password is right but the account is not activated yet / disabled
 *   (only told to someone who knows the password).
 * - `rate_limited`: too many failures in the window; the password was NOT checked.
 *   `retryAfterSeconds` is the time left in the window (for Retry-After).
 */
export type CredentialsCheck =
  | { ok: true; userId: string }
  | { ok: false; reason: "bad_credentials" | "pending" | "disabled" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** An address may fail this many times the per-user limit (several people behind one NAT). */
const ADDRESS_FACTOR = 4;

/**
 * Checks `username` (a userCode, case-insensitive, or an email) and `password`.
 * Every attempt is counted BEFORE the slow password check, atomically in the database, so parallel
 * guesses cannot slip past the limit together; an attempt with the right password is then taken
 * back (the user's counter is cleared, the address's one decremented), so only failures count.
 */
export async function verifyUserCredentials(db: Db, username: string, password: string, address?: string): Promise<CredentialsCheck> {
  const name = username.trim();
  const user = name
    ? await db.user.findFirst({
        where: { OR: [{ userCode: { equals: name, mode: "insensitive" } }, { email: name.toLowerCase() }] },
        select: { id: true, passwordHash: true, status: true },
      })
    : null;
  const { LOGIN_MAX_FAILURES: max, LOGIN_WINDOW_SECONDS: window } = env();
  // keyed by account when it exists, so logging in by userCode or by email shares one counter
  const userKey = user ? `login:user:${user.id}` : `login:name:${name.toLowerCase()}`;
  const addressKey = address ? `login:addr:${address}` : undefined;

  const limited = await countAttempt([
    hitRateLimit(db, userKey, max, window),
    addressKey ? hitRateLimit(db, addressKey, max * ADDRESS_FACTOR, window) : Promise.resolve(),
  ]);
  if (limited) return { ok: false, reason: "rate_limited", retryAfterSeconds: limited };

  if (!user) {
    await burnPasswordCheck(password); // same timing as a wrong password
    return { ok: false, reason: "bad_credentials" };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: "bad_credentials" };

  await clearRateLimit(db, userKey);
  if (addressKey) await db.rateLimit.updateMany({ where: { key: addressKey, count: { gt: 0 } }, data: { count: { decrement: 1 } } });
  if (user.status === "PENDING") return { ok: false, reason: "pending" };
  if (user.status === "DISABLED") return { ok: false, reason: "disabled" };
  await db.user.update({ where: { id: user.id }, data: { lastActivityAt: new Date() } });
  return { ok: true, userId: user.id };
}

/** Waits for every counter; the longest Retry-After when one is over its limit, else 0. */
async function countAttempt(hits: Promise<void>[]): Promise<number> {
  let retryAfter = 0;
  for (const result of await Promise.allSettled(hits)) {
    if (result.status === "fulfilled") continue;
    const err: unknown = result.reason;
    if (!(err instanceof DomainError) || err.code !== "RATE_LIMITED") throw err;
    retryAfter = Math.max(retryAfter, err.retryAfterSeconds ?? 1);
  }
  return retryAfter;
}
