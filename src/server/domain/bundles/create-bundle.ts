import type { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { env } from "@/server/env";
import { bundleColumns } from "./bundle-columns";
import { bundleFields } from "./bundle-fields";
import { loadOwnBundle, type BundleView } from "./bundle-view";

export const createBundleInput = bundleFields;

// POST /api/contentbundle - a new bundle of the caller's: 201 with it (itemCount 0). Its items come
// from the items operations (insert) or by publishing vods with CONTENT_BUNDLE and its bundleId.
export async function createBundle(ctx: Ctx, input: z.output<typeof createBundleInput>): Promise<BundleView> {
  const ownerId = requireUserId(ctx);
  const created = await ctx.db.bundle.create({
    data: { ownerId, currency: env().CURRENCY, ...(await bundleColumns(ctx.db, ownerId, input)) },
    select: { id: true },
  });
  return (await loadOwnBundle(ctx.db, ownerId, created.id)).view;
}
