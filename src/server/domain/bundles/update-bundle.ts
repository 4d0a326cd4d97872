import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { bundleColumns } from "./bundle-columns";
import { bundleFields } from "./bundle-fields";
import { loadOwnBundle, type BundleView } from "./bundle-view";

export const updateBundleInput = bundleFields.safeExtend({ bundleId: z.string() });

// POST /api/contentbundle/{bundleId} - the same fields as create. Clients post back the object they
// read: an absent description, thumbnailId or tags clears it. A new price or period applies to the
// subscriptions paid from now on; those already paid keep what was paid for.
export async function updateBundle(ctx: Ctx, input: z.output<typeof updateBundleInput>): Promise<BundleView> {
  const ownerId = requireUserId(ctx);
  const current = await loadOwnBundle(ctx.db, ownerId, input.bundleId);
  await ctx.db.bundle.update({ where: { id: current.view.bundleId }, data: await bundleColumns(ctx.db, ownerId, input) });
  return (await loadOwnBundle(ctx.db, ownerId, current.view.bundleId)).view;
}
