import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { grantVod, reachVod, type VodPlayResult } from "./play-vod";

export const previewVodInput = z.object({ vodId: z.string() });

// POST /api/public/vod/{vodId}/preview - the 15-second preview of a vod (document Limits 1), for
// anyone who may reach it, pay-per-view ones included: the signed URLs open only the preview
// rendition's tree, never the full ladder. The publisher's band counts as for a play.
export async function previewVod(ctx: Ctx, input: z.output<typeof previewVodInput>): Promise<VodPlayResult> {
  const { vod, refusal } = await reachVod(ctx, input.vodId);
  return refusal ?? { ...grantVod(ctx, vod, "preview"), resource: vod.view };
}
