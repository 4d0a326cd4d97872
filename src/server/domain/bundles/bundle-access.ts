import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { normalizeTrackingId } from "@/server/payments/tracking-id";
import { completeSubscription } from "./activate-bundle";

/**
 * Until when the caller may watch the vods of a bundle (undefined: they may not): while a
 * subscription of theirs to it runs. A subscription belongs to the user who paid it (subscribe is
 * a private operation); a paid trackingId of theirs presented in the play body activates it first,
 * once, as activate does (a replay, another bundle's, another user's or an unpaid one adds nothing).
 */
export async function bundleAccessUntil(
  ctx: Ctx,
  bundleId: string,
  trackingId: string | undefined,
  now = new Date(),
): Promise<Date | undefined> {
  const userId = optionalUserId(ctx);
  if (!userId) return undefined;
  const presented = normalizeTrackingId(trackingId);
  if (presented) await completeSubscription(ctx, userId, bundleId, presented);
  const running = await ctx.db.bundleSubscription.findFirst({
    where: { userId, bundleId, expiresAt: { gt: now } },
    orderBy: { expiresAt: "desc" },
    select: { expiresAt: true },
  });
  return running?.expiresAt;
}
