import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { hashToken } from "@/server/auth/secure-token";
import { registrationMode } from "@/server/domain/admin/registration";
import { toUserAccount, userAccountSelect, type UserAccount } from "./user-view";

export const activateUserInput = z.object({ token: z.string().trim().min(1).max(200) });

// GET /api/public/user/activate?token= - opens the link of the activation mail: PENDING -> ACTIVE (or,
// while registration needs approval, -> AWAITING_APPROVAL: a moderator approves it then).
// The token is single-use (its hash is cleared). An unknown or already used token is a 404, as for
// the renew tokens: the token names the thing to act on, and a missing one is a 400.
export async function activateUser(ctx: Ctx, input: z.output<typeof activateUserInput>): Promise<UserAccount> {
  const activationTokenHash = hashToken(input.token);
  const found = await ctx.db.user.findUnique({ where: { activationTokenHash }, select: { id: true } });
  if (!found) throw notFound("error.activationTokenInvalid");
  const now = new Date();
  const status = (await registrationMode(ctx.db)) === "approval" ? "AWAITING_APPROVAL" : "ACTIVE";
  // conditional on the hash still being there: of two concurrent clicks only one succeeds
  const { count } = await ctx.db.user.updateMany({
    where: { id: found.id, activationTokenHash, status: "PENDING" },
    data: { status, activationTokenHash: null, activatedAt: now, lastActivityAt: now },
  });
  if (count === 0) throw notFound("error.activationTokenInvalid");
  const user = await ctx.db.user.findUniqueOrThrow({ where: { id: found.id }, select: userAccountSelect });
  return toUserAccount(user);
}
