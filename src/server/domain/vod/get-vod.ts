import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { loadOwnVod, type VodItemView } from "./vod-item-view";

export const getVodInput = z.object({ vodId: z.string() });

// GET /api/vod/{vodId} - one of the caller's vods, whatever its visibility (404 for another user's).
export async function getVod(ctx: Ctx, input: z.output<typeof getVodInput>): Promise<VodItemView> {
  return (await loadOwnVod(ctx, requireUserId(ctx), input.vodId, ctx.baseUrl)).view;
}
