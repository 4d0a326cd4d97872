import type { Db } from "@/server/db/client";
import { DomainError } from "@/server/domain/errors";
import { clearRateLimit, hitRateLimit } from "@/server/domain/shared/rate-limit";
import { env } from "@/server/env";
import { isStorableText } from "@/server/domain/shared/storable-text";
import { burnPasswordCheck, verifyPassword } from "./password";

/**
 * Outcome of a user credential check (the password grant and the portal login share it):
 * - `{ ok: true, userId }`: the password matches an ACTIVE account; its failure counter is
 *   cleared and `lastActivityAt` updated.
 * - `bad_credentials`: unknown user or wrong password; counted against the user and the address.
 * - `pending` / `disabled`: the password is right but the account is not activated yet / disabled
 *   (only told to someone who knows the password).
 * - `rate_limited`: too many failures in a window (see below); the password was NOT checked.
 *   `retryAfterSeconds` is the time left in the window (for Retry-After).
 */
export type CredentialsCheck =
  | { ok: true; userId: string; /** User.sessionVersion, carried by the tokens and sessions of this login */ sessionVersion: number }
  | { ok: false; reason: "bad_credentials" | "pending" | "disabled" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** An address may fail this many times the per-user limit (several people behind one NAT). */
const ADDRESS_FACTOR = 4;

/**
 * Checks `username` (a userCode, case-insensitive, or an email) and `password`.
 * Three failure counters, each in its window (LOGIN_WINDOW_SECONDS):
 * - per (account, address), LOGIN_MAX_FAILURES: the short lock of whoever is guessing from there; the
 *   owner on another address is not locked out by a stranger's five wrong passwords;
 * - per account across addresses, LOGIN_USER_MAX_FAILURES (much higher): slows a guess spread over
 *   many addresses;
 * - per address across accounts, ADDRESS_FACTOR times LOGIN_MAX_FAILURES: one address trying many names.
 * Every attempt is counted BEFORE the slow password check, atomically in the database, so parallel
 * guesses cannot slip past a limit together; an attempt with the right password is then taken back
 * (the account-and-address counter is cleared, the other two decremented), so only failures count.
 */
export async function verifyUserCredentials(db: Db, username: string, password: string, address?: string): Promise<CredentialsCheck> {
  const name = username.trim();
  // a name the database cannot hold (NUL, lone surrogate) names nobody: counted against the address only
  const storable = isStorableText(name);
  const user =
    name && storable
      ? await db.user.findFirst({
          where: { OR: [{ userCode: { equals: name, mode: "insensitive" } }, { email: name.toLowerCase() }] },
          select: { id: true, passwordHash: true, status: true, sessionVersion: true },
        })
      : null;
  const { LOGIN_MAX_FAILURES: max, LOGIN_USER_MAX_FAILURES: userMax, LOGIN_WINDOW_SECONDS: window } = env();
  // keyed by account when it exists, so logging in by userCode or by email shares the counters
  const subject = user ? `user:${user.id}` : storable ? `name:${name.toLowerCase()}` : undefined;
  const keys = {
    subjectAtAddress: subject ? `login:${subject}@${address ?? "unknown"}` : undefined,
    subject: subject ? `login:${subject}` : undefined,
    address: address ? `login:addr:${address}` : undefined,
  };

  const limited = await countAttempt([
    keys.subjectAtAddress ? hitRateLimit(db, keys.subjectAtAddress, max, window) : Promise.resolve(),
    keys.subject ? hitRateLimit(db, keys.subject, userMax, window) : Promise.resolve(),
    keys.address ? hitRateLimit(db, keys.address, max * ADDRESS_FACTOR, window) : Promise.resolve(),
  ]);
  if (limited) return { ok: false, reason: "rate_limited", retryAfterSeconds: limited };

  if (!user) {
    await burnPasswordCheck(password); // same timing as a wrong password
    return { ok: false, reason: "bad_credentials" };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: "bad_credentials" };

  if (keys.subjectAtAddress) await clearRateLimit(db, keys.subjectAtAddress);
  for (const key of [keys.subject, keys.address]) {
    if (key) await db.rateLimit.updateMany({ where: { key, count: { gt: 0 } }, data: { count: { decrement: 1 } } });
  }
  if (user.status === "PENDING") return { ok: false, reason: "pending" };
  if (user.status === "DISABLED") return { ok: false, reason: "disabled" };
  await db.user.update({ where: { id: user.id }, data: { lastActivityAt: new Date() } });
  return { ok: true, userId: user.id, sessionVersion: user.sessionVersion };
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
