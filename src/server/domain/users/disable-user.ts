import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { endSessions } from "./end-sessions";

// POST /api/user/me/disable - closes the logged user's account: status DISABLED, every session
// ended at once (access tokens, portal sessions, refresh tokens); the password grant refuses
// DISABLED users from then on. Pending renew links die too, so nothing can bring the account back.
export async function disableUser(ctx: Ctx): Promise<void> {
  const userId = requireUserId(ctx);
  const now = new Date();
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { status: "DISABLED", activationTokenHash: null } });
    await tx.passwordRenewToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    await endSessions(tx, userId);
  });
}
