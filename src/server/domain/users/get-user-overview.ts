import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { loadUserOverview, type UserOverview } from "./user-overview";

// GET /api/user/me/overview - the logged user's license, usage and billing summary.
export async function getUserOverview(ctx: Ctx): Promise<UserOverview> {
  return loadUserOverview(ctx.db, requireUserId(ctx));
}
