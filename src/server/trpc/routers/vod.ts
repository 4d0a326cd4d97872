import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { publishVod, publishVodInput } from "@/server/domain/vod/publish-vod";
import { getVod, getVodInput } from "@/server/domain/vod/get-vod";
import { getPublicVod, getPublicVodInput } from "@/server/domain/vod/get-public-vod";
import { getVodChapters, getVodChaptersInput } from "@/server/domain/vod/get-vod-chapters";
import { updateVod, updateVodInput } from "@/server/domain/vod/update-vod";
import { deleteVod, deleteVodInput } from "@/server/domain/vod/delete-vod";
import { searchVods, searchVodsInput } from "@/server/domain/vod/search-vods";
import { searchPublicVods, searchPublicVodsInput } from "@/server/domain/vod/search-public-vods";
import { playVod, playVodInput } from "@/server/domain/vod/play-vod";
import { previewVod, previewVodInput } from "@/server/domain/vod/preview-vod";
import { payVod, payVodInput } from "@/server/domain/vod/pay-vod";

// The audience's operations (public read and search, play, preview, pay) are public procedures: the
// watch pages call them for signed-out visitors too; a signed-in caller is the buyer and the owner.
export const vodRouter = router({
  publish: userProcedure.input(inputParser(publishVodInput)).mutation(({ ctx, input }) => publishVod(ctx, input)),
  get: userProcedure.input(inputParser(getVodInput)).query(({ ctx, input }) => getVod(ctx, input)),
  getPublic: publicProcedure.input(inputParser(getPublicVodInput)).query(({ ctx, input }) => getPublicVod(ctx, input)),
  chapters: publicProcedure.input(inputParser(getVodChaptersInput)).query(({ ctx, input }) => getVodChapters(ctx, input)),
  update: userProcedure.input(inputParser(updateVodInput)).mutation(({ ctx, input }) => updateVod(ctx, input)),
  delete: userProcedure.input(inputParser(deleteVodInput)).mutation(({ ctx, input }) => deleteVod(ctx, input)),
  search: userProcedure.input(inputParser(searchVodsInput)).query(({ ctx, input }) => searchVods(ctx, input)),
  searchPublic: publicProcedure.input(inputParser(searchPublicVodsInput)).query(({ ctx, input }) => searchPublicVods(ctx, input)),
  play: publicProcedure.input(inputParser(playVodInput)).mutation(({ ctx, input }) => playVod(ctx, input)),
  preview: publicProcedure.input(inputParser(previewVodInput)).mutation(({ ctx, input }) => previewVod(ctx, input)),
  pay: publicProcedure.input(inputParser(payVodInput)).mutation(({ ctx, input }) => payVod(ctx, input)),
});
