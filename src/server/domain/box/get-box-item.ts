import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { loadOwnBoxItem, type BoxItemView } from "./box-item-view";

export const getBoxItemInput = z.object({ boxId: z.string() });

// GET /api/box/{boxId} - one item of the caller's box (404 for another user's).
export async function getBoxItem(ctx: Ctx, input: z.output<typeof getBoxItemInput>): Promise<BoxItemView> {
  return loadOwnBoxItem(ctx.db, requireUserId(ctx), input.boxId, ctx.baseUrl);
}
