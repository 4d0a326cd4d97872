import type { Db } from "@/server/db/client";

type Tx = Pick<Db, "user" | "refreshToken">;

/**
 * Ends every session of a user: access tokens and portal sessions issued before now stop working
 * (User.tokensValidAfter, checked per request with one-second resolution) and every refresh token
 * is revoked, so no client can mint new access tokens. Used by disable, password change and renew.
 */
export async function endSessions(tx: Tx, userId: string, now = new Date()): Promise<void> {
  await tx.user.update({ where: { id: userId }, data: { tokensValidAfter: now } });
  await tx.refreshToken.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
}
