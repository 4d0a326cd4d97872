import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { invalidField, notFound } from "@/server/core/errors";
import { checkRateLimit, hitRateLimit } from "@/server/core/rate-limit";
import { hashPassword, verifyPassword } from "@/server/auth/password";
import { env } from "@/server/env";
import { zPassword } from "./user-fields";
import { endSessions } from "./end-sessions";

export const updatePasswordInput = z
  .object({
    currentPassword: z.string().min(1).max(200),
    newPassword: zPassword(),
    passwordConfirm: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.passwordConfirm) ctx.addIssue({ code: "custom", path: ["passwordConfirm"], message: "field.passwordConfirm" });
  });

// POST /api/user/me/password/update - changes the logged user's password.
// Other sessions end: every refresh token but the caller's login family is revoked, and
// the new User.sessionVersion refuses every access token and portal session issued before.
// The caller's refresh token survives, so a REST client refreshes (invalid_token -> refresh, as real
// clients do) and goes on; the portal, which has no refresh token, signs in again.
// A wrong current password counts against the same per-user limit as failed logins.
export async function updatePassword(ctx: Ctx, input: z.output<typeof updatePasswordInput>): Promise<void> {
  const userId = requireUserId(ctx);
  const user = await ctx.db.user.findUnique({ where: { id: userId }, select: { passwordHash: true } });
  if (!user) throw notFound("error.userNotFound");
  const limitKey = `password-update:${userId}`;
  await checkRateLimit(ctx.db, limitKey, env().LOGIN_MAX_FAILURES, env().LOGIN_WINDOW_SECONDS);
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    await hitRateLimit(ctx.db, limitKey, env().LOGIN_MAX_FAILURES, env().LOGIN_WINDOW_SECONDS);
    throw invalidField("currentPassword", "error.wrongPassword");
  }
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await endSessions(tx, userId, { keepFamily: ctx.actor.kind === "user" ? ctx.actor.sessionFamily : undefined });
  });
}
