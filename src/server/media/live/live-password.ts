import { timingSafeEqual } from "node:crypto";
import type { Db } from "@/server/db/client";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { addressKeyHash, trustSource, trustedKinds } from "@/server/auth/trusted-sources";
import { countAttempt, sharedCounters, takeBackAttempt } from "@/server/auth/failure-counters";
import { env } from "@/server/env";
import { sealLivePassword } from "./live-password-seal";

// The live password (features.livePassword) an encoder sends in its publish URL: stored as an argon2id
// hash like login passwords, never answered after it was set.

export const hashLivePassword = (password: string): Promise<string> => hashPassword(password);

const ARGON2 = "$argon2";

/**
 * Whether `password` is the user's live password, or "limited" when too many wrong ones came. Counted
 * as logins are (auth/verify-user-credentials.ts), on counters of its own (`live:...`, apart from the
 * login's), every attempt before the slow check, in LOGIN_WINDOW_SECONDS: per (user, encoder address)
 * LOGIN_MAX_FAILURES; per user across untrusted addresses LOGIN_USER_MAX_FAILURES; per address across
 * users ADDRESS_FACTOR times LOGIN_MAX_FAILURES. An address trusted for this user (an encoder there
 * published with the live password before, or the user signed in from there: auth/trusted-sources.ts)
 * meets its per-address counter only, so strangers' guesses from many addresses do not keep the
 * creator off air. A right password takes the attempt back and (re)trusts the address. A value stored
 * before hashing (plain text, kept by the migration that renamed the column) is compared as it is
 * once and replaced by its hash.
 */
export async function checkLivePassword(
  db: Db,
  user: { id: string; livePasswordHash: string | null },
  password: string,
  address: string,
): Promise<boolean | "limited"> {
  const max = env().LOGIN_MAX_FAILURES;
  const addressHash = address ? addressKeyHash(address) : undefined;
  const trusted = await trustedKinds(db, user.id, [
    { kind: "LIVE_ADDRESS", keyHash: addressHash },
    { kind: "LOGIN_ADDRESS", keyHash: addressHash },
  ]);
  const atAddress = `live:user:${user.id}@${address || "unknown"}`;
  const shared = sharedCounters("live", `user:${user.id}`, address || undefined, trusted.size > 0);
  if (await countAttempt(db, [{ key: atAddress, max }, ...shared])) return "limited";
  if (!(await passwordMatches(db, user, password))) return false;
  await takeBackAttempt(db, atAddress, shared);
  if (addressHash) await trustSource(db, user.id, "LIVE_ADDRESS", addressHash);
  return true;
}

async function passwordMatches(db: Db, user: { id: string; livePasswordHash: string | null }, password: string): Promise<boolean> {
  const stored = user.livePasswordHash;
  if (!stored || !password) return false;
  if (stored.startsWith(ARGON2)) return verifyPassword(stored, password);
  const a = Buffer.from(stored);
  const b = Buffer.from(password);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
  await db.user.update({
    where: { id: user.id },
    data: { livePasswordHash: await hashLivePassword(password), livePasswordSealed: sealLivePassword(password) },
  });
  return true;
}
