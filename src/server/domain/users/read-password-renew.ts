import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { toUserAccount, userAccountSelect, type UserAccount } from "./user-view";
import { findUsableRenewToken, zRenewToken } from "./renew-token";

export const readPasswordRenewInput = z.object({ token: zRenewToken() });

// GET /api/public/user/password/renew?token= - checks a renew link before the new password is asked
// for, and shows whose it is. The token proves access to the account's mailbox (and lets its holder
// set the password anyway), so the whole account is returned. Reading does not use the token up.
export async function readPasswordRenew(ctx: Ctx, input: z.output<typeof readPasswordRenewInput>): Promise<UserAccount> {
  const { userId } = await findUsableRenewToken(ctx.db, input.token);
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: userId }, select: userAccountSelect });
  return toUserAccount(user);
}
