import type { Db } from "@/server/db/client";

type Tx = Pick<Db, "user" | "refreshToken">;

/**
 * Ends the sessions of a user: access tokens and portal sessions issued before now stop working
 * (User.sessionVersion moves on; each carries the version it was issued with, checked per request)
 * and refresh tokens are revoked, so no client can mint new access tokens. `keepFamily` spares the caller's own login
 * (password change): its client refreshes and goes on. Used by disable, password change and renew.
 */
export async function endSessions(tx: Tx, userId: string, opts: { keepFamily?: string } = {}): Promise<void> {
  const now = new Date();
  await tx.user.update({ where: { id: userId }, data: { sessionVersion: { increment: 1 } } });
  await tx.refreshToken.updateMany({
    where: { userId, revokedAt: null, ...(opts.keepFamily ? { familyId: { not: opts.keepFamily } } : {}) },
    data: { revokedAt: now },
  });
}
