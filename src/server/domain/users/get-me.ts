import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { toUserAccount, userAccountSelect, type UserAccount } from "./user-view";

// GET /api/user/me - the logged user's account.
export async function getMe(ctx: Ctx): Promise<UserAccount> {
  const user = await ctx.db.user.findUnique({ where: { id: requireUserId(ctx) }, select: userAccountSelect });
  if (!user) throw notFound("error.userNotFound");
  return toUserAccount(user);
}
