import { timingSafeEqual } from "node:crypto";
import type { Db } from "@/server/db/client";
import { hashPassword, verifyPassword } from "@/server/auth/password";

// The live password (features.livePassword) an encoder sends in its publish URL: stored as an argon2id
// hash like login passwords, never answered after it was set.

export const hashLivePassword = (password: string): Promise<string> => hashPassword(password);

const ARGON2 = "$argon2";

/**
 * Whether `password` is the user's live password. A value stored before hashing (plain text, kept by
 * the migration that renamed the column) is compared as it is once and replaced by its hash.
 */
export async function checkLivePassword(db: Db, user: { id: string; livePasswordHash: string | null }, password: string): Promise<boolean> {
  const stored = user.livePasswordHash;
  if (!stored || !password) return false;
  if (stored.startsWith(ARGON2)) return verifyPassword(stored, password);
  const a = Buffer.from(stored);
  const b = Buffer.from(password);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return false;
  await db.user.update({ where: { id: user.id }, data: { livePasswordHash: await hashLivePassword(password) } });
  return true;
}
