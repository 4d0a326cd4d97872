import { publicProcedure, router, userProcedure } from "@/server/trpc/init";
import { requireStaff, staffRoleOf, type StaffRole } from "@/server/domain/admin/staff";
import { inputParser } from "@/server/domain/shared/validation";
import { suspendUser, suspendUserInput, unsuspendUser, unsuspendUserInput } from "@/server/domain/admin/suspend-user";
import { auditCsv, listAudit, listAuditInput } from "@/server/domain/admin/audit";
import { deleteUser, deleteUserInput } from "@/server/domain/admin/delete-user";
import {
  adminDashboard,
  failedJobs,
  resendActivation,
  resendActivationInput,
  retryFailedJob,
  retryJobInput,
  searchContents,
  searchContentsInput,
  setUserPlan,
  setUserPlanInput,
  searchAdminUsers,
  searchAdminUsersInput,
  setRoleInput,
  setUserRole,
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

/**
 * A procedure for staff of at least `min`: the role is checked before the input is (a user learns
 * nothing of an operation's fields, only that it is not theirs: 403). Each domain function checks it
 * again itself, as every caller of the domain must.
 */
const staffProcedure = (min: StaffRole) =>
  userProcedure.use(async ({ ctx, next }) => {
    await requireStaff(ctx, min);
    return next();
  });
const moderator = staffProcedure("MODERATOR");
const administrator = staffProcedure("ADMINISTRATOR");

// Staff operations (issue 25), moderators' or administrators'; the caller's role, and a report, are anyone's.
export const adminRouter = router({
  suspendUser: moderator.input(inputParser(suspendUserInput)).mutation(({ ctx, input }) => suspendUser(ctx, input)),
  unsuspendUser: moderator.input(inputParser(unsuspendUserInput)).mutation(({ ctx, input }) => unsuspendUser(ctx, input)),
  approveUser: moderator.input(inputParser(approveUserInput)).mutation(({ ctx, input }) => approveUser(ctx, input)),
  audit: moderator.input(inputParser(listAuditInput)).query(({ ctx, input }) => listAudit(ctx, input)),
  auditCsv: moderator.input(inputParser(listAuditInput)).query(({ ctx, input }) => auditCsv(ctx, input)),
  role: publicProcedure.query(({ ctx }) => staffRoleOf(ctx)),
  dashboard: moderator.query(({ ctx }) => adminDashboard(ctx)),
  users: moderator.input(inputParser(searchAdminUsersInput)).query(({ ctx, input }) => searchAdminUsers(ctx, input)),
  resendActivation: moderator.input(inputParser(resendActivationInput)).mutation(({ ctx, input }) => resendActivation(ctx, input)),
  contents: moderator.input(inputParser(searchContentsInput)).query(({ ctx, input }) => searchContents(ctx, input)),
  setPlan: administrator.input(inputParser(setUserPlanInput)).mutation(({ ctx, input }) => setUserPlan(ctx, input)),
  deleteUser: administrator.input(inputParser(deleteUserInput)).mutation(({ ctx, input }) => deleteUser(ctx, input)),
  setRole: administrator.input(inputParser(setRoleInput)).mutation(({ ctx, input }) => setUserRole(ctx, input)),
  failedJobs: administrator.query(({ ctx }) => failedJobs(ctx)),
  retryJob: administrator.input(inputParser(retryJobInput)).mutation(({ ctx, input }) => retryFailedJob(ctx, input)),
  clients: administrator.query(({ ctx }) => listClients(ctx)),
  createClient: administrator.input(inputParser(createClientInput)).mutation(({ ctx, input }) => createClient(ctx, input)),
  setClientOrigins: administrator.input(inputParser(setOriginsInput)).mutation(({ ctx, input }) => setClientOrigins(ctx, input)),
  revokeClient: administrator.input(inputParser(revokeClientInput)).mutation(({ ctx, input }) => revokeClient(ctx, input)),
  payments: administrator.input(inputParser(searchPaymentsInput)).query(({ ctx, input }) => searchPayments(ctx, input)),
  refund: administrator.input(inputParser(refundInput)).mutation(({ ctx, input }) => refundAsStaff(ctx, input)),
  updatePlan: administrator.input(inputParser(updatePlanInput)).mutation(({ ctx, input }) => updatePlan(ctx, input)),
  transparency: publicProcedure.input(inputParser(transparencyInput)).query(({ ctx, input }) => transparencyReport(ctx, input)),
  takeDown: moderator.input(inputParser(createTakedownInput)).mutation(({ ctx, input }) => createTakedown(ctx, input)),
  restore: moderator.input(inputParser(restoreTakedownInput)).mutation(({ ctx, input }) => restoreTakedown(ctx, input)),
  takedowns: moderator.input(inputParser(listTakedownsInput)).query(({ ctx, input }) => listTakedowns(ctx, input)),
  appeals: moderator.input(inputParser(listAppealsInput)).query(({ ctx, input }) => listAppeals(ctx, input)),
  decideAppeal: moderator.input(inputParser(decideAppealInput)).mutation(({ ctx, input }) => decideAppeal(ctx, input)),
  report: publicProcedure.input(inputParser(submitReportInput)).mutation(({ ctx, input }) => submitReport(ctx, input)),
  reports: moderator.input(inputParser(listReportsInput)).query(({ ctx, input }) => listReports(ctx, input)),
  dismissReport: moderator.input(inputParser(dismissReportInput)).mutation(({ ctx, input }) => dismissReport(ctx, input)),
  registration: moderator.query(({ ctx }) => getRegistrationMode(ctx)),
  setRegistration: administrator.input(inputParser(setRegistrationInput)).mutation(({ ctx, input }) => setRegistrationMode(ctx, input)),
  createInvitation: administrator.mutation(({ ctx }) => createInvitation(ctx)),
});
