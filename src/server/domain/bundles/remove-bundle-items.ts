import { z } from "zod";
import { queryOf } from "@/server/db/client";
import type { Ctx } from "@/server/core/context";
import { zInt } from "@/server/core/schema";
import { changeBundleItems, type BundleItemsView } from "./bundle-items";
import { checkIndex, zIndex } from "./item-index";
import { itemsAt } from "./item-positions";

export const removeBundleItemsInput = z.object({
  bundleId: z.string(),
  index: zIndex(),
  count: z.preprocess((v) => v ?? undefined, zInt().pipe(z.number().min(1))),
});

// POST /api/contentbundle/{bundleId}/items/remove {index, count} - removes `count` items from
// `index` on (zero-based) by unpublishing their vods: their contents stay in the box. A count past
// the end removes to the end (as a splice does); an index past the last item is a 400 on index.
export async function removeBundleItems(ctx: Ctx, input: z.output<typeof removeBundleItemsInput>): Promise<BundleItemsView> {
  return changeBundleItems(ctx, input.bundleId, async (tx, { ownerId, bundleId }) => {
    const { count, rows } = await itemsAt(queryOf(tx), bundleId, { from: input.index, to: input.index + input.count });
    checkIndex("index", input.index, count - 1);
    const vodIds = rows.map((i) => i.vodId);
    // the items go with their vods (foreign key cascade)
    await tx.vodItem.deleteMany({ where: { id: { in: vodIds }, ownerId } });
  });
}
