import { z } from "zod";
import { optionalUserId, type Ctx } from "@/server/core/context";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { loadViewableVod } from "@/server/domain/vod/vod-item-view";
import { listedVodsWhere, vodsById } from "./catalog-videos";

export const relatedVodsInput = z.object({ vodId: z.string().max(100), limit: z.number().int().min(1).max(24).default(8) });

// The watch page's "up next" and related videos: other listed videos (not a bundle's copies), this
// vod's publisher's first, then everyone else's, newest first. 404 for a vod the caller may not watch.
export async function getRelatedVods(ctx: Ctx, input: z.output<typeof relatedVodsInput>): Promise<VodItemView[]> {
  const vod = await loadViewableVod(ctx, optionalUserId(ctx), input.vodId);
  const rows = await ctx.db.$queryRaw<{ id: string }[]>`SELECT v."id"::text AS id FROM "VodItem" v
    WHERE ${listedVodsWhere()} AND v."id" <> ${vod.view.vodId}::uuid
    ORDER BY (v."ownerId" = ${vod.ownerId}::uuid) DESC, v."createdAt" DESC, v."id" DESC LIMIT ${input.limit}`;
  const ids = rows.map((r) => r.id);
  const byId = ids.length ? await vodsById(ctx, ids, ctx.baseUrl) : new Map<string, VodItemView>();
  return ids.flatMap((id) => byId.get(id) ?? []);
}
