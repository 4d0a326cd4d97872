import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { loadViewableVod } from "@/server/domain/vod/vod-item-view";
import { getThumbnailImage, getThumbnailImageInput, imageOf, type ThumbnailImage } from "./get-thumbnail-image";

export const getPosterImageInput = z.object({ vodId: z.string().max(100), width: getThumbnailImageInput.shape.width });

// GET /asset/poster/vod/{vodId}[/{width}] - the picture of a vod anyone may see (link previews'
// og:image, fetched by crawlers without a session): the thumbnail its owner chose, else the poster
// the ingest grabbed, which is otherwise only served through a signed media URL. The picture of a
// paid vod is public too (not the video). 404 for a vod that is not visible to the audience (private,
// expired, its publisher's vods hidden) or has no picture yet.
export async function getPosterImage(ctx: Ctx, input: z.output<typeof getPosterImageInput>): Promise<ThumbnailImage> {
  const vod = await loadViewableVod(ctx, undefined, input.vodId);
  if (vod.view.thumbnailId) return getThumbnailImage(ctx, { thumbnailId: vod.view.thumbnailId, width: input.width });
  const poster = await ctx.db.thumbnail.findUnique({
    where: { boxItemId: vod.view.boxId },
    select: { id: true, storageKey: true, mimeType: true, width: true },
  });
  if (!poster) throw notFound("error.thumbnailNotFound");
  return imageOf(poster, input.width);
}
