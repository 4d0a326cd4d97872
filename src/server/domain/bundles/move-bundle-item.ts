import { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { changeBundleItems, type BundleItemsView } from "./bundle-items";
import { checkIndex, zIndex } from "./item-index";
import { slotsAt } from "./item-positions";

export const moveBundleItemInput = z.object({ bundleId: z.string(), fromIndex: zIndex(), toIndex: zIndex() });

// POST /api/contentbundle/{bundleId}/items/move {fromIndex, toIndex} - moves the item at fromIndex
// before the item that is at toIndex now (zero-based; the item count moves it to the end), so
// toIndex equal to fromIndex or fromIndex + 1 changes nothing. fromIndex past the last item or
// toIndex past the item count is a 400 on it. Writes the moved row only (item-positions.ts).
export async function moveBundleItem(ctx: Ctx, input: z.output<typeof moveBundleItemInput>): Promise<BundleItemsView> {
  return changeBundleItems(ctx, input.bundleId, async (tx, { bundleId, order }) => {
    checkIndex("fromIndex", input.fromIndex, order.length - 1);
    checkIndex("toIndex", input.toIndex, order.length);
    if (input.toIndex === input.fromIndex || input.toIndex === input.fromIndex + 1) return;
    const [position] = await slotsAt(tx, bundleId, order, input.toIndex, 1);
    await tx.bundleItem.update({ where: { id: order[input.fromIndex]!.id }, data: { position } });
  });
}
