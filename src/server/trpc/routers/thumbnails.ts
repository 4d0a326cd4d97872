import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { uploadThumbnail, uploadThumbnailInput } from "@/server/domain/thumbnails/upload-thumbnail";
import { getThumbnailImage, getThumbnailImageInput } from "@/server/domain/thumbnails/get-thumbnail-image";
import { getPosterImage, getPosterImageInput } from "@/server/domain/thumbnails/get-poster-image";

// They carry streams: server-side callers only (REST; the portal uploads through REST too).
export const thumbnailsRouter = router({
  upload: userProcedure.input(inputParser(uploadThumbnailInput)).mutation(({ ctx, input }) => uploadThumbnail(ctx, input)),
  image: publicProcedure.input(inputParser(getThumbnailImageInput)).query(({ ctx, input }) => getThumbnailImage(ctx, input)),
  poster: publicProcedure.input(inputParser(getPosterImageInput)).query(({ ctx, input }) => getPosterImage(ctx, input)),
});
