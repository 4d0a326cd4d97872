import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { loadViewableVod, type VodItemView } from "./vod-item-view";

export const getPublicVodInput = z.object({ vodId: z.string() });

// GET /api/public/vod/{vodId} - a vod as its watch page shows it, with its publisher. 404 unless it
// is visible (public, its publisher's vods public, not expired), except to its owner, who sees what
// the page will look like before making it public.
export async function getPublicVod(ctx: Ctx, input: z.output<typeof getPublicVodInput>): Promise<VodItemView> {
  return (await loadViewableVod(ctx, optionalUserId(ctx), input.vodId, ctx.baseUrl)).view;
}
