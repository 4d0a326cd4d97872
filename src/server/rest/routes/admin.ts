import { z } from "zod";
import { route, untrusted } from "@/server/rest/route";
import { suspendUserInput, unsuspendUserInput } from "@/server/domain/admin/suspend-user";
import { listAuditInput } from "@/server/domain/admin/audit";
import { createTakedownInput, listTakedownsInput, restoreTakedownInput } from "@/server/domain/admin/takedowns";
import { dismissReportInput, listReportsInput } from "@/server/domain/admin/reports";
import { approveUserInput, setRegistrationInput } from "@/server/domain/admin/registration";
import { decideAppealInput, listAppealsInput } from "@/server/domain/admin/appeals";
import { retryJobInput, searchAdminUsersInput, setRoleInput } from "@/server/domain/admin/console";
import {
  adminUserSchema,
  auditEntriesSchema,
  dashboardSchema,
  failedJobSchema,
  renderAdminUser,
  renderDashboard,
  renderFailedJob,
  registrationSchema,
  renderAuditEntry,
  renderReport,
  renderSuspension,
  renderTakedown,
  reportSchema,
  suspensionSchema,
  takedownSchema,
} from "@/server/rest/render/admin";

const listOf = (items: Record<string, unknown>) => ({ type: "array", items });

// Administration (issue 25): staff only (403 for other users, 401 without a token). These paths are
// fixed: clients rely on them.
export const adminRoutes = [
  // POST /api/admin/users/{userCode}/suspend {reason} - suspend a user (moderator or administrator)
  route({
    method: "POST",
    path: "/api/admin/users/{userCode}/suspend",
    auth: "private",
    status: 200,
    summary: "Suspend a user: login refused, sessions ended, contents hidden; nothing deleted",
    requestSchema: suspendUserInput,
    responseSchema: suspensionSchema,
    errors: [409],
    handle: async ({ caller, params, body }) =>
      renderSuspension(await caller.admin.suspendUser(untrusted({ ...body, userCode: params.userCode }))),
  }),
  // POST /api/admin/users/{userCode}/unsuspend - give a suspended user back the account as it was
  route({
    method: "POST",
    path: "/api/admin/users/{userCode}/unsuspend",
    auth: "private",
    status: 200,
    summary: "Unsuspend a user",
    requestSchema: unsuspendUserInput,
    responseSchema: suspensionSchema,
    errors: [409],
    handle: async ({ caller, params }) => renderSuspension(await caller.admin.unsuspendUser(untrusted({ userCode: params.userCode }))),
  }),
  // GET /api/admin/audit - what staff did, newest first
  route({
    method: "GET",
    path: "/api/admin/audit",
    auth: "private",
    status: 200,
    summary: "The audit log: every staff action, newest first",
    requestSchema: listAuditInput.extend({ format: z.enum(["json", "csv"]).optional() }),
    responseSchema: auditEntriesSchema,
    // ?format=csv: the same entries as a CSV file (the console's export)
    handle: async ({ caller, query }) => {
      const { format, ...filters } = Object.fromEntries(query);
      if (format !== "csv") return (await caller.admin.audit(untrusted(filters))).map(renderAuditEntry);
      return new Response(await caller.admin.auditCsv(untrusted(filters)), {
        headers: { "Content-Type": "text/csv; charset=utf-8", "Content-Disposition": 'attachment; filename="kinora-audit.csv"' },
      });
    },
  }),
  // POST /api/admin/users/{userCode}/approve - an account waiting for approval (registration policy "approval") becomes active
  route({
    method: "POST",
    path: "/api/admin/users/{userCode}/approve",
    auth: "private",
    status: 200,
    summary: "Approve an account waiting for approval",
    requestSchema: approveUserInput,
    responseSchema: {
      type: "object",
      required: ["userCode", "status"],
      properties: { userCode: { type: "string" }, status: { type: "string" } },
    },
    errors: [409],
    handle: async ({ caller, params }) => caller.admin.approveUser(untrusted({ userCode: params.userCode })),
  }),
  // POST /api/admin/takedowns {targetType, targetId, reason} - take a target down (201)
  route({
    method: "POST",
    path: "/api/admin/takedowns",
    auth: "private",
    status: 201,
    summary: "Take down a vod, bundle, live channel, cast channel or user page: hidden everywhere, data kept",
    requestSchema: createTakedownInput,
    responseSchema: takedownSchema,
    errors: [404, 409],
    handle: async ({ caller, body }) => renderTakedown(await caller.admin.takeDown(untrusted(body))),
  }),
  // GET /api/admin/takedowns - the takedowns, newest first (inForce=true|false, targetType)
  route({
    method: "GET",
    path: "/api/admin/takedowns",
    auth: "private",
    status: 200,
    summary: "The takedowns, newest first",
    requestSchema: listTakedownsInput,
    responseSchema: listOf(takedownSchema),
    handle: async ({ caller, query }) => (await caller.admin.takedowns(untrusted(Object.fromEntries(query)))).map(renderTakedown),
  }),
  // DELETE /api/admin/takedowns/{takedownId} - restore the target (204)
  route({
    method: "DELETE",
    path: "/api/admin/takedowns/{takedownId}",
    auth: "private",
    status: 204,
    summary: "Restore what a takedown hid",
    requestSchema: restoreTakedownInput,
    handle: async ({ caller, params, query }) =>
      caller.admin.restore(untrusted({ takedownId: params.takedownId, reason: query.get("reason") ?? undefined })),
  }),
  // GET /api/admin/reports - the open reports, newest first (state=open|closed|all, targetType)
  route({
    method: "GET",
    path: "/api/admin/reports",
    auth: "private",
    status: 200,
    summary: "The reports of abuse: the open ones, newest first",
    requestSchema: listReportsInput,
    responseSchema: listOf(reportSchema),
    handle: async ({ caller, query }) => (await caller.admin.reports(untrusted(Object.fromEntries(query)))).map(renderReport),
  }),
  // POST /api/admin/reports/{reportId}/dismiss {reason} - no breach: the target's open reports close
  route({
    method: "POST",
    path: "/api/admin/reports/{reportId}/dismiss",
    auth: "private",
    status: 200,
    summary: "Dismiss a report (and the other open reports of its target)",
    requestSchema: dismissReportInput,
    responseSchema: reportSchema,
    errors: [409],
    handle: async ({ caller, params, body }) =>
      renderReport(await caller.admin.dismissReport(untrusted({ ...body, reportId: params.reportId }))),
  }),
  // GET /api/admin/settings/registration - the registration policy
  route({
    method: "GET",
    path: "/api/admin/settings/registration",
    auth: "private",
    status: 200,
    summary: "The registration policy",
    responseSchema: registrationSchema,
    handle: async ({ caller }) => caller.admin.registration(),
  }),
  // POST /api/admin/settings/registration {mode} - open, approval, closed, invite (administrators)
  route({
    method: "POST",
    path: "/api/admin/settings/registration",
    auth: "private",
    status: 200,
    summary: "Set the registration policy: open, approval, closed or invite",
    requestSchema: setRegistrationInput,
    responseSchema: registrationSchema,
    handle: async ({ caller, body }) => caller.admin.setRegistration(untrusted(body)),
  }),
  // POST /api/admin/invitations - a new invitation code, shown once (administrators)
  route({
    method: "POST",
    path: "/api/admin/invitations",
    auth: "private",
    status: 201,
    summary: "Create an invitation code for registration by invitation (shown once)",
    responseSchema: {
      type: "object",
      required: ["invitationCode", "createdAt"],
      properties: { invitationCode: { type: "string" }, createdAt: { type: "string", format: "date-time" } },
    },
    handle: async ({ caller }) => {
      const created = await caller.admin.createInvitation();
      return { invitationCode: created.invitationCode, createdAt: created.createdAt.toISOString() };
    },
  }),
  // GET /api/admin/appeals - the owners' appeals: those waiting, the oldest first (state=pending|decided|all)
  route({
    method: "GET",
    path: "/api/admin/appeals",
    auth: "private",
    status: 200,
    summary: "The appeals of takedowns: those waiting for a decision, the oldest first",
    requestSchema: listAppealsInput,
    responseSchema: listOf(takedownSchema),
    handle: async ({ caller, query }) => (await caller.admin.appeals(untrusted(Object.fromEntries(query)))).map(renderTakedown),
  }),
  // POST /api/admin/takedowns/{takedownId}/appeal {outcome, response} - decide an appeal: upheld, or reversed (restored)
  route({
    method: "POST",
    path: "/api/admin/takedowns/{takedownId}/appeal",
    auth: "private",
    status: 200,
    summary: "Decide an appeal: uphold the takedown, or reverse it (the target is restored); the owner is told",
    requestSchema: decideAppealInput,
    responseSchema: takedownSchema,
    errors: [409],
    handle: async ({ caller, params, body }) =>
      renderTakedown(await caller.admin.decideAppeal(untrusted({ ...body, takedownId: params.takedownId }))),
  }),
  // GET /api/admin/dashboard - the console's figures: users, contents, storage, revenue, failed jobs, open reports
  route({
    method: "GET",
    path: "/api/admin/dashboard",
    auth: "private",
    status: 200,
    summary: "The administration dashboard's figures",
    responseSchema: dashboardSchema,
    handle: async ({ caller }) => renderDashboard(await caller.admin.dashboard()),
  }),
  // GET /api/admin/users?q=&status= - every account by code, e-mail or name, newest first
  route({
    method: "GET",
    path: "/api/admin/users",
    auth: "private",
    status: 200,
    summary: "Search every account (any status)",
    requestSchema: searchAdminUsersInput,
    responseSchema: listOf(adminUserSchema),
    handle: async ({ caller, query }) => (await caller.admin.users(untrusted(Object.fromEntries(query)))).map(renderAdminUser),
  }),
  // POST /api/admin/users/{userCode}/role {role} - grant or revoke a role (administrators)
  route({
    method: "POST",
    path: "/api/admin/users/{userCode}/role",
    auth: "private",
    status: 200,
    summary: "Set a user's role: user, moderator or administrator",
    requestSchema: setRoleInput,
    responseSchema: {
      type: "object",
      required: ["userCode", "role"],
      properties: { userCode: { type: "string" }, role: { type: "string" } },
    },
    errors: [409],
    handle: async ({ caller, params, body }) => caller.admin.setRole(untrusted({ ...body, userCode: params.userCode })),
  }),
  // GET /api/admin/jobs/failed - the jobs that failed for good (administrators)
  route({
    method: "GET",
    path: "/api/admin/jobs/failed",
    auth: "private",
    status: 200,
    summary: "The jobs that failed for good, newest first",
    responseSchema: listOf(failedJobSchema),
    handle: async ({ caller }) => (await caller.admin.failedJobs()).map(renderFailedJob),
  }),
  // POST /api/admin/jobs/{jobId}/retry - a failed job back in the queue (administrators)
  route({
    method: "POST",
    path: "/api/admin/jobs/{jobId}/retry",
    auth: "private",
    status: 200,
    summary: "Retry a failed job",
    requestSchema: retryJobInput,
    responseSchema: { type: "object", required: ["jobId"], properties: { jobId: { type: "string" } } },
    handle: async ({ caller, params }) => caller.admin.retryJob(untrusted({ jobId: params.jobId })),
  }),
];
