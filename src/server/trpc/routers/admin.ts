import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { inputParser } from "@/server/domain/shared/validation";
import { suspendUser, suspendUserInput, unsuspendUser, unsuspendUserInput } from "@/server/domain/admin/suspend-user";
import { auditCsv, listAudit, listAuditInput } from "@/server/domain/admin/audit";
import {
  adminDashboard,
  failedJobs,
  resendActivation,
  resendActivationInput,
  retryFailedJob,
  retryJobInput,
  searchContents,
  searchContentsInput,
  searchAdminUsers,
  searchAdminUsersInput,
  setRoleInput,
  setUserRole,
  staffRoleOf,
} from "@/server/domain/admin/console";
import { transparencyInput, transparencyReport } from "@/server/domain/admin/transparency";
import { updatePlan, updatePlanInput } from "@/server/domain/admin/plans";
import { refundAsStaff, refundInput, searchPayments, searchPaymentsInput } from "@/server/domain/admin/payments";
import {
  createClient,
  createClientInput,
  listClients,
  revokeClient,
  revokeClientInput,
  setClientOrigins,
  setOriginsInput,
} from "@/server/domain/admin/oauth-clients";
import {
  createTakedown,
  createTakedownInput,
  listTakedowns,
  listTakedownsInput,
  restoreTakedown,
  restoreTakedownInput,
} from "@/server/domain/admin/takedowns";
import {
  dismissReport,
  dismissReportInput,
  listReports,
  listReportsInput,
  submitReport,
  submitReportInput,
} from "@/server/domain/admin/reports";
import { decideAppeal, decideAppealInput, listAppeals, listAppealsInput } from "@/server/domain/admin/appeals";
import {
  approveUser,
  approveUserInput,
  createInvitation,
  getRegistrationMode,
  setRegistrationInput,
  setRegistrationMode,
} from "@/server/domain/admin/registration";

// Staff operations (issue 25): each checks the caller's role itself (domain/admin/staff.ts); a report
// is anyone's.
export const adminRouter = router({
  suspendUser: userProcedure.input(inputParser(suspendUserInput)).mutation(({ ctx, input }) => suspendUser(ctx, input)),
  unsuspendUser: userProcedure.input(inputParser(unsuspendUserInput)).mutation(({ ctx, input }) => unsuspendUser(ctx, input)),
  approveUser: userProcedure.input(inputParser(approveUserInput)).mutation(({ ctx, input }) => approveUser(ctx, input)),
  audit: userProcedure.input(inputParser(listAuditInput)).query(({ ctx, input }) => listAudit(ctx, input)),
  auditCsv: userProcedure.input(inputParser(listAuditInput)).query(({ ctx, input }) => auditCsv(ctx, input)),
  role: publicProcedure.query(({ ctx }) => staffRoleOf(ctx)),
  dashboard: userProcedure.query(({ ctx }) => adminDashboard(ctx)),
  users: userProcedure.input(inputParser(searchAdminUsersInput)).query(({ ctx, input }) => searchAdminUsers(ctx, input)),
  resendActivation: userProcedure.input(inputParser(resendActivationInput)).mutation(({ ctx, input }) => resendActivation(ctx, input)),
  contents: userProcedure.input(inputParser(searchContentsInput)).query(({ ctx, input }) => searchContents(ctx, input)),
  setRole: userProcedure.input(inputParser(setRoleInput)).mutation(({ ctx, input }) => setUserRole(ctx, input)),
  failedJobs: userProcedure.query(({ ctx }) => failedJobs(ctx)),
  retryJob: userProcedure.input(inputParser(retryJobInput)).mutation(({ ctx, input }) => retryFailedJob(ctx, input)),
  clients: userProcedure.query(({ ctx }) => listClients(ctx)),
  createClient: userProcedure.input(inputParser(createClientInput)).mutation(({ ctx, input }) => createClient(ctx, input)),
  setClientOrigins: userProcedure.input(inputParser(setOriginsInput)).mutation(({ ctx, input }) => setClientOrigins(ctx, input)),
  revokeClient: userProcedure.input(inputParser(revokeClientInput)).mutation(({ ctx, input }) => revokeClient(ctx, input)),
  payments: userProcedure.input(inputParser(searchPaymentsInput)).query(({ ctx, input }) => searchPayments(ctx, input)),
  refund: userProcedure.input(inputParser(refundInput)).mutation(({ ctx, input }) => refundAsStaff(ctx, input)),
  updatePlan: userProcedure.input(inputParser(updatePlanInput)).mutation(({ ctx, input }) => updatePlan(ctx, input)),
  transparency: publicProcedure.input(inputParser(transparencyInput)).query(({ ctx, input }) => transparencyReport(ctx, input)),
  takeDown: userProcedure.input(inputParser(createTakedownInput)).mutation(({ ctx, input }) => createTakedown(ctx, input)),
  restore: userProcedure.input(inputParser(restoreTakedownInput)).mutation(({ ctx, input }) => restoreTakedown(ctx, input)),
  takedowns: userProcedure.input(inputParser(listTakedownsInput)).query(({ ctx, input }) => listTakedowns(ctx, input)),
  appeals: userProcedure.input(inputParser(listAppealsInput)).query(({ ctx, input }) => listAppeals(ctx, input)),
  decideAppeal: userProcedure.input(inputParser(decideAppealInput)).mutation(({ ctx, input }) => decideAppeal(ctx, input)),
  report: publicProcedure.input(inputParser(submitReportInput)).mutation(({ ctx, input }) => submitReport(ctx, input)),
  reports: userProcedure.input(inputParser(listReportsInput)).query(({ ctx, input }) => listReports(ctx, input)),
  dismissReport: userProcedure.input(inputParser(dismissReportInput)).mutation(({ ctx, input }) => dismissReport(ctx, input)),
  registration: userProcedure.query(({ ctx }) => getRegistrationMode(ctx)),
  setRegistration: userProcedure.input(inputParser(setRegistrationInput)).mutation(({ ctx, input }) => setRegistrationMode(ctx, input)),
  createInvitation: userProcedure.mutation(({ ctx }) => createInvitation(ctx)),
});
