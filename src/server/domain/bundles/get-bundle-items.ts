import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { readOwnBundleItems, readPublicBundleItems, type BundleItemsView } from "./bundle-items";

export const getBundleItemsInput = z.object({ bundleId: z.string() });

// GET /api/contentbundle/{bundleId}/items - one of the caller's bundles with all its items in order.
export async function getBundleItems(ctx: Ctx, input: z.output<typeof getBundleItemsInput>): Promise<BundleItemsView> {
  return readOwnBundleItems(ctx.sql.read, requireUserId(ctx), input.bundleId, ctx.baseUrl);
}

// GET /api/public/contentbundle/{bundleId}/items - a bundle as the audience sees it: the items whose
// vods are visible, in order, and the bundle with its publisher (its owner sees every item).
export async function getPublicBundleItems(ctx: Ctx, input: z.output<typeof getBundleItemsInput>): Promise<BundleItemsView> {
  return readPublicBundleItems(ctx, input.bundleId);
}
