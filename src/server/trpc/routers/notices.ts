import { router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { appealInput, appealTakedown, listMyNotices } from "@/server/domain/admin/appeals";

// An owner's statements of reasons and appeals (issue 25): the caller's own takedowns only.
export const noticesRouter = router({
  mine: userProcedure.query(({ ctx }) => listMyNotices(ctx)),
  appeal: userProcedure.input(inputParser(appealInput)).mutation(({ ctx, input }) => appealTakedown(ctx, input)),
});
