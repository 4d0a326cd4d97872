import { router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { suspendUser, suspendUserInput, unsuspendUser, unsuspendUserInput } from "@/server/domain/admin/suspend-user";
import { listAudit, listAuditInput } from "@/server/domain/admin/audit";

// Staff operations (issue 25): each checks the caller's role itself (domain/admin/staff.ts).
export const adminRouter = router({
  suspendUser: userProcedure.input(inputParser(suspendUserInput)).mutation(({ ctx, input }) => suspendUser(ctx, input)),
  unsuspendUser: userProcedure.input(inputParser(unsuspendUserInput)).mutation(({ ctx, input }) => unsuspendUser(ctx, input)),
  audit: userProcedure.input(inputParser(listAuditInput)).query(({ ctx, input }) => listAudit(ctx, input)),
});
