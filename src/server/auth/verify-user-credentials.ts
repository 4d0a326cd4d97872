import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { isStorableText } from "@/server/core/storable-text";
import { metrics } from "@/server/metrics/registry.mjs";
import { countAttempt, sharedCounters, takeBackAttempt } from "./failure-counters";
import { burnPasswordCheck, verifyPassword } from "./password";
import { addressKeyHash, deviceKeyHash, newDeviceToken, trustSource, trustedKinds } from "./trusted-sources";

/**
 * Outcome of a user credential check (the password grant and the portal login share it):
 * - `{ ok: true, userId }`: the password matches an ACTIVE account; its failure counters are
 *   taken back, `lastActivityAt` updated, and the source remembered as trusted (the address; for the
 *   portal also the device, whose cookie value is `deviceToken`).
 * - `bad_credentials`: unknown user or wrong password; counted (see below).
 * - `pending` / `disabled`: the password is right but the account is not activated yet / disabled
 *   (only told to someone who knows the password).
 * - `rate_limited`: too many failures in a window (see below); the password was NOT checked.
 *   `retryAfterSeconds` is the time left in the window (for Retry-After).
 */
export type CredentialsCheck =
  | {
      ok: true;
      userId: string;
      /** User.sessionVersion, carried by the tokens and sessions of this login */
      sessionVersion: number;
      /** With `rememberDevice`: the device cookie's value to set (new, or the one presented, renewed). */
      deviceToken?: string;
    }
  | { ok: false; reason: "bad_credentials" | "pending" | "awaiting_approval" | "disabled" }
  | { ok: false; reason: "rate_limited"; retryAfterSeconds: number };

/** Where a login attempt comes from. */
export interface CredentialSource {
  /** The caller's address (X-Forwarded-For as the launcher fixed it). */
  address?: string;
  /** The portal browser's device cookie for an account, by user id, when it has one. */
  deviceCookie?: (userId: string) => string | undefined;
  /** The portal: a success returns the device cookie to set (`deviceToken`). */
  rememberDevice?: boolean;
}

/**
 * Checks `username` (a userCode, case-insensitive, or an email) and `password`.
 * Failure counters, each in its window (LOGIN_WINDOW_SECONDS):
 * - per (account, source), LOGIN_MAX_FAILURES: the short lock of whoever is guessing from one address
 *   (`login:user:<id>@<address>`) or with one device cookie (`login:user:<id>#<device hash>`);
 * - per account across untrusted sources, LOGIN_USER_MAX_FAILURES (much higher): stops a guess spread
 *   over many addresses;
 * - per address across accounts, ADDRESS_FACTOR times LOGIN_MAX_FAILURES: one address trying many names.
 * A trusted source (auth/trusted-sources.ts: a valid device cookie of this account whose device signed
 * in before, else an address that signed in to this account before) is counted on its own per-source
 * counter only: strangers' failures, however spread, do not lock the owner out of a browser or address
 * that worked before, and a stolen device cookie still meets its own limit. Everyone else meets all
 * three. Every attempt is counted BEFORE the slow password check, atomically in the database, so
 * parallel guesses cannot slip past a limit together; an attempt with the right password is then
 * taken back (the source's own counter cleared, the shared ones decremented), so only failures count.
 */
export async function verifyUserCredentials(
  db: Db,
  username: string,
  password: string,
  source: CredentialSource = {},
): Promise<CredentialsCheck> {
  const check = await checkCredentials(db, username, password, source);
  metrics().logins.inc({ outcome: check.ok ? "ok" : check.reason });
  return check;
}

async function checkCredentials(db: Db, username: string, password: string, source: CredentialSource): Promise<CredentialsCheck> {
  const { address } = source;
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
  const max = env().LOGIN_MAX_FAILURES;
  // keyed by account when it exists, so logging in by userCode or by email shares the counters
  const subject = user ? `user:${user.id}` : storable ? `name:${name.toLowerCase()}` : undefined;

  const deviceHash = user && source.deviceCookie ? deviceKeyHash(user.id, source.deviceCookie(user.id)) : undefined;
  const addressHash = address ? addressKeyHash(address) : undefined;
  const trusted = user
    ? await trustedKinds(db, user.id, [
        { kind: "DEVICE", keyHash: deviceHash },
        { kind: "LOGIN_ADDRESS", keyHash: addressHash },
      ])
    : new Set();
  const ownKey = trusted.has("DEVICE")
    ? `login:${subject}#${deviceHash!.slice(0, 22)}`
    : subject
      ? `login:${subject}@${address ?? "unknown"}`
      : undefined;
  const shared = sharedCounters("login", subject, address, trusted.size > 0);

  const limited = await countAttempt(db, [...(ownKey ? [{ key: ownKey, max }] : []), ...shared]);
  if (limited) return { ok: false, reason: "rate_limited", retryAfterSeconds: limited };

  if (!user) {
    await burnPasswordCheck(password); // same timing as a wrong password
    return { ok: false, reason: "bad_credentials" };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: "bad_credentials" };

  await takeBackAttempt(db, ownKey, shared);
  if (user.status === "PENDING") return { ok: false, reason: "pending" };
  if (user.status === "AWAITING_APPROVAL") return { ok: false, reason: "awaiting_approval" };
  // a suspended account is refused as a disabled one (domain/admin/suspend-user.ts)
  if (user.status === "DISABLED" || user.status === "SUSPENDED") return { ok: false, reason: "disabled" };
  await db.user.update({ where: { id: user.id }, data: { lastActivityAt: new Date() } });
  if (addressHash) await trustSource(db, user.id, "LOGIN_ADDRESS", addressHash);
  let deviceToken: string | undefined;
  if (source.rememberDevice) {
    // the device presented is renewed (same cookie), else a new one is made
    const device = trusted.has("DEVICE") ? { token: source.deviceCookie!(user.id)!, keyHash: deviceHash! } : newDeviceToken(user.id);
    await trustSource(db, user.id, "DEVICE", device.keyHash);
    deviceToken = device.token;
  }
  return { ok: true, userId: user.id, sessionVersion: user.sessionVersion, deviceToken };
}
