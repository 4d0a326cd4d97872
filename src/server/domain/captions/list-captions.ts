import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { toCaptionView, type CaptionView } from "./caption-view";
import { itemMedia } from "./media-of-item";

export const listCaptionsInput = z.object({ boxId: z.string() });

// GET /api/box/{boxId}/captions - the item's caption tracks by language (an acquired copy: its
// seller's, which it plays); 404 for another user's item.
export async function listCaptions(ctx: Ctx, input: z.output<typeof listCaptionsInput>): Promise<CaptionView[]> {
  const media = await itemMedia(ctx.db, requireUserId(ctx), input.boxId);
  const rows = await ctx.db.caption.findMany({ where: { mediaId: media.home.mediaId }, orderBy: { language: "asc" } });
  return rows.map(toCaptionView);
}
