import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { zProgressbarId } from "./upload-progress";

export const getUploadProgressInput = z.object({ progressbarId: zProgressbarId() });

// GET /api/progressbar/{progressbarId} - percent (0..100) of the caller's upload sent with that
// X-Service-progressbarId. An id not seen yet reads 0: clients start polling with the upload. An
// upload that ended without arriving (refused, broken off, or its server died) falls back to 0
// (the document's shape is {value} alone): nothing of it was kept, the bar is not left at its last
// value. Bars are kept for a day after their last change (workers/start-job-worker.ts).
export async function getUploadProgress(ctx: Ctx, input: z.output<typeof getUploadProgressInput>): Promise<{ value: number }> {
  const userId = requireUserId(ctx);
  const row = await ctx.db.uploadProgress.findUnique({
    where: { userId_id: { userId, id: input.progressbarId } },
    select: { value: true, failed: true },
  });
  return { value: row && !row.failed ? row.value : 0 };
}
