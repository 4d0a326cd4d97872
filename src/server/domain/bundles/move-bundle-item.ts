import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { changeBundleOrder, type BundleItemsView } from "./bundle-items";
import { checkIndex, zIndex } from "./item-index";
import { slotsAt } from "./item-positions";

export const moveBundleItemInput = z.object({ bundleId: z.string(), fromIndex: zIndex(), toIndex: zIndex() });

type MoveInput = z.output<typeof moveBundleItemInput>;

// POST /api/contentbundle/{bundleId}/items/move {fromIndex, toIndex} - moves the item at fromIndex
// before the item that is at toIndex now (zero-based; the item count moves it to the end), so
// toIndex equal to fromIndex or fromIndex + 1 changes nothing. fromIndex past the last item or
// toIndex past the item count is a 400 on it. Writes the moved row only (item-positions.ts).
export async function moveBundleItem(ctx: Ctx, { fromIndex: from, toIndex: to, bundleId: id }: MoveInput): Promise<BundleItemsView> {
  return changeBundleOrder(ctx, id, async (query, { bundleId }, { items, at }) => {
    checkIndex("fromIndex", from, items.length - 1);
    checkIndex("toIndex", to, items.length);
    if (to === from || to === from + 1) return items;
    const [position] = await slotsAt(query, bundleId, to, 1, at);
    await query(`UPDATE "BundleItem" SET "position" = $2 WHERE "id" = $1::uuid`, [at(from)!.id, position]);
    const moved = [...items];
    const [item] = moved.splice(from, 1);
    moved.splice(to > from ? to - 1 : to, 0, item!);
    return moved;
  });
}
