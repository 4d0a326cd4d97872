import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { loadUserOverview, type UserOverview } from "@/server/domain/users/user-overview";
import { FREE_LICENSE_ID } from "./catalogue";

// POST /api/license/downgrade (supplement §2) - back to the Free plan, from now and for good: what
// was paid of the plan left is not refunded, and the Free quotas apply at once (contents over them
// stay; new uploads are refused until there is room). On Free already, nothing changes.
export async function downgradeLicense(ctx: Ctx): Promise<UserOverview> {
  const userId = requireUserId(ctx);
  await ctx.db.user.updateMany({
    where: { id: userId, licenseId: { not: FREE_LICENSE_ID } },
    data: { licenseId: FREE_LICENSE_ID, licenseActivatedAt: new Date(), licenseExpiresAt: null },
  });
  return loadUserOverview(ctx.db, userId);
}
