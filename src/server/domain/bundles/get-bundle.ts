import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId, requireUserId } from "@/server/core/context";
import { loadOwnBundle, loadPublicBundle, type BundleView } from "./bundle-view";

export const getBundleInput = z.object({ bundleId: z.string() });

// GET /api/contentbundle/{bundleId} - one of the caller's bundles (404 for another user's).
export async function getBundle(ctx: Ctx, input: z.output<typeof getBundleInput>): Promise<BundleView> {
  return (await loadOwnBundle(ctx.db, requireUserId(ctx), input.bundleId)).view;
}

// GET /api/public/contentbundle/{bundleId} - any bundle of an active creator, with its publisher;
// itemCount counts the items the audience sees (those whose vods are visible).
export async function getPublicBundle(ctx: Ctx, input: z.output<typeof getBundleInput>): Promise<BundleView> {
  return (await loadPublicBundle(ctx.db, optionalUserId(ctx), input.bundleId)).view;
}
