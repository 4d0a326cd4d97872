import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { uploadBoxItem, uploadBoxItemInput } from "@/server/domain/box/upload-box-item";
import { checkBoxUpload, checkBoxUploadInput } from "@/server/domain/box/complete-box-upload";
import { getBoxItem, getBoxItemInput } from "@/server/domain/box/get-box-item";
import { updateBoxItem, updateBoxItemInput } from "@/server/domain/box/update-box-item";
import { deleteBoxItem, deleteBoxItemInput } from "@/server/domain/box/delete-box-item";
import { searchBoxItems, searchBoxItemsInput } from "@/server/domain/box/search-box-items";
import { getUploadProgress, getUploadProgressInput } from "@/server/domain/box/get-upload-progress";
import { createDownloadToken, createDownloadTokenInput } from "@/server/domain/box/create-download-token";
import { downloadOriginal, downloadOriginalInput } from "@/server/domain/box/download-original";
import { getUploadAllowance } from "@/server/domain/box/get-upload-allowance";

// upload and download carry streams: they are for server-side callers (the REST layer); over HTTP
// their JSON input cannot make a stream, so they fail validation. completeBoxUpload (a local file
// path) is deliberately NOT a procedure: the tus endpoint calls the domain function itself.
export const boxRouter = router({
  upload: userProcedure.input(inputParser(uploadBoxItemInput)).mutation(({ ctx, input }) => uploadBoxItem(ctx, input)),
  uploadAllowance: userProcedure.query(({ ctx }) => getUploadAllowance(ctx)),
  checkUpload: userProcedure.input(inputParser(checkBoxUploadInput)).query(({ ctx, input }) => checkBoxUpload(ctx, input)),
  get: userProcedure.input(inputParser(getBoxItemInput)).query(({ ctx, input }) => getBoxItem(ctx, input)),
  update: userProcedure.input(inputParser(updateBoxItemInput)).mutation(({ ctx, input }) => updateBoxItem(ctx, input)),
  delete: userProcedure.input(inputParser(deleteBoxItemInput)).mutation(({ ctx, input }) => deleteBoxItem(ctx, input)),
  search: userProcedure.input(inputParser(searchBoxItemsInput)).query(({ ctx, input }) => searchBoxItems(ctx, input)),
  progress: userProcedure.input(inputParser(getUploadProgressInput)).query(({ ctx, input }) => getUploadProgress(ctx, input)),
  downloadToken: userProcedure.input(inputParser(createDownloadTokenInput)).mutation(({ ctx, input }) => createDownloadToken(ctx, input)),
  download: publicProcedure.input(inputParser(downloadOriginalInput)).query(({ ctx, input }) => downloadOriginal(ctx, input)),
});
