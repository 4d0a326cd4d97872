import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { hashPassword } from "@/server/auth/password";
import { zPassword } from "./user-fields";
import { findUsableRenewToken, zRenewToken } from "./renew-token";
import { endSessions } from "./end-sessions";

export const confirmPasswordRenewInput = z
  .object({
    token: zRenewToken(),
    newPassword: zPassword(),
    passwordConfirm: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword !== v.passwordConfirm) ctx.addIssue({ code: "custom", path: ["passwordConfirm"], message: "field.passwordConfirm" });
  });

// POST /api/public/user/password/renew/confirm - sets the new password from a renew link (supplement §2).
// The token is used up, and so are the user's other renew links; every session ends, as after a
// password change. It only sets the password: a PENDING account still needs its activation link.
export async function confirmPasswordRenew(ctx: Ctx, input: z.output<typeof confirmPasswordRenewInput>): Promise<void> {
  const { id, userId } = await findUsableRenewToken(ctx.db, input.token);
  const passwordHash = await hashPassword(input.newPassword);
  const now = new Date();
  await ctx.db.$transaction(async (tx) => {
    // conditional: of two concurrent confirmations of one token only one gets through
    const { count } = await tx.passwordRenewToken.updateMany({
      where: { id, usedAt: null, expiresAt: { gt: now } },
      data: { usedAt: now },
    });
    if (count === 0) throw notFound("error.renewTokenInvalid");
    await tx.passwordRenewToken.updateMany({ where: { userId, usedAt: null }, data: { usedAt: now } });
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    await endSessions(tx, userId);
  });
}
