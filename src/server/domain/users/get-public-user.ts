import { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { notFound } from "@/server/domain/errors";
import { publicUserSelect, toPublicUser, type PublicUser } from "./public-user";

export const getPublicUserInput = z.object({ userCode: z.string().trim().min(1).max(100) });

// GET /api/public/user/{userCode}/overview - a creator's public page header. userCode is matched
// case-insensitively (it is unique that way); accounts that are not ACTIVE do not exist publicly.
export async function getPublicUser(ctx: Ctx, input: z.output<typeof getPublicUserInput>): Promise<PublicUser> {
  // the exact code is what links carry: a unique-index lookup; the case-insensitive match (a scan) only as fallback
  const user =
    (await ctx.db.user.findUnique({ where: { userCode: input.userCode, status: "ACTIVE" }, select: publicUserSelect })) ??
    (await ctx.db.user.findFirst({
      where: { userCode: { equals: input.userCode, mode: "insensitive" }, status: "ACTIVE" },
      select: publicUserSelect,
    }));
  if (!user) throw notFound("error.userNotFound");
  return toPublicUser(user);
}
