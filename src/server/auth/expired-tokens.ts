import type { Db } from "@/server/db/client";

/**
 * The periodic sweep of credentials past their expiry (none of them opens anything any more):
 * password renew links, download links, refresh tokens, trusted sign-in sources. How many rows went.
 */
export async function deleteExpiredTokens(db: Db, now = new Date()): Promise<number> {
  const expired = { expiresAt: { lt: now } };
  const counts = await Promise.all([
    db.passwordRenewToken.deleteMany({ where: expired }),
    db.downloadToken.deleteMany({ where: expired }),
    db.refreshToken.deleteMany({ where: expired }),
    db.trustedSource.deleteMany({ where: expired }),
  ]);
  return counts.reduce((sum, { count }) => sum + count, 0);
}
