import { timingSafeEqual } from "node:crypto";
import type { Db } from "@/server/db/client";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { DomainError } from "@/server/domain/errors";
import { clearRateLimit, hitRateLimit } from "@/server/domain/shared/rate-limit";
import { env } from "@/server/env";

// The live password (features.livePassword) an encoder sends in its publish URL: stored as an argon2id
// hash like login passwords, never answered after it was set.

export const hashLivePassword = (password: string): Promise<string> => hashPassword(password);

const ARGON2 = "$argon2";

/**
 * Whether `password` is the user's live password, or "limited" when too many wrong ones came: as for
 * logins (auth/verify-user-credentials.ts), every attempt is counted before the slow check, per
 * (user, encoder address) with LOGIN_MAX_FAILURES and per user with LOGIN_USER_MAX_FAILURES in
 * LOGIN_WINDOW_SECONDS; a right password clears the address's counter. A value stored before hashing
 * (plain text, kept by the migration that renamed the column) is compared as it is once and replaced
 * by its hash.
 */
export async function checkLivePassword(
  db: Db,
  user: { id: string; livePasswordHash: string | null },
  password: string,
  address: string,
): Promise<boolean | "limited"> {
  const { LOGIN_MAX_FAILURES: max, LOGIN_USER_MAX_FAILURES: userMax, LOGIN_WINDOW_SECONDS: window } = env();
  const atAddress = `live:user:${user.id}@${address || "unknown"}`;
  try {
    await hitRateLimit(db, atAddress, max, window);
    await hitRateLimit(db, `live:user:${user.id}`, userMax, window);
  } catch (err) {
    if (err instanceof DomainError && err.code === "RATE_LIMITED") return "limited";
    throw err;
  }
  if (!(await passwordMatches(db, user, password))) return false;
  await clearRateLimit(db, atAddress);
  return true;
}

async function passwordMatches(db: Db, user: { id: string; livePasswordHash: string | null }, password: string): Promise<boolean> {
  const stored = user.livePasswordHash;
  if (!stored || !password) return false;
  if (stored.startsWith(ARGON2)) return verifyPassword(stored, password);
  const a = Buffer.from(stored);
  const b = Buffer.from(password);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
  await db.user.update({ where: { id: user.id }, data: { livePasswordHash: await hashLivePassword(password) } });
  return true;
}
