import { router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { uploadCaption, uploadCaptionInput } from "@/server/domain/captions/upload-caption";
import { listCaptions, listCaptionsInput } from "@/server/domain/captions/list-captions";
import { deleteCaption, deleteCaptionInput } from "@/server/domain/captions/delete-caption";
import { getChapters, getChaptersInput, setChapters, setChaptersInput } from "@/server/domain/captions/chapters";

// A box item's caption tracks and chapters (issue 26). upload carries a multipart stream: for
// server-side callers (REST, the portal's /uploads/caption route).
export const captionsRouter = router({
  upload: userProcedure.input(inputParser(uploadCaptionInput)).mutation(({ ctx, input }) => uploadCaption(ctx, input)),
  list: userProcedure.input(inputParser(listCaptionsInput)).query(({ ctx, input }) => listCaptions(ctx, input)),
  delete: userProcedure.input(inputParser(deleteCaptionInput)).mutation(({ ctx, input }) => deleteCaption(ctx, input)),
  chapters: userProcedure.input(inputParser(getChaptersInput)).query(({ ctx, input }) => getChapters(ctx, input)),
  setChapters: userProcedure.input(inputParser(setChaptersInput)).mutation(({ ctx, input }) => setChapters(ctx, input)),
});
