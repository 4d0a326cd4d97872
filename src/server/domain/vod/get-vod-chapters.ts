import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { chaptersOf, type Chapter } from "@/server/domain/captions/chapters";
import { loadViewableVod } from "./vod-item-view";

export const getVodChaptersInput = z.object({ vodId: z.string() });

// The chapters of a vod as its watch page lists them (issue 26): those of the content it publishes
// (an acquired copy: its seller's), to whoever may see the vod (getPublicVod's rule; 404 otherwise).
export async function getVodChapters(ctx: Ctx, input: z.output<typeof getVodChaptersInput>): Promise<Chapter[]> {
  const { view } = await loadViewableVod(ctx, optionalUserId(ctx), input.vodId, ctx.baseUrl);
  const item = await ctx.db.boxItem.findUnique({ where: { id: view.boxId }, select: { media: { select: { chapters: true } } } });
  return chaptersOf(item?.media?.chapters);
}
