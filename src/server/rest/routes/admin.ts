import { z } from "zod";
import { route, untrusted } from "@/server/rest/route";
import { suspendUserInput, unsuspendUserInput } from "@/server/domain/admin/suspend-user";
import { deleteUserInput } from "@/server/domain/admin/delete-user";
import { listAuditInput } from "@/server/domain/admin/audit";
import { createTakedownInput, listTakedownsInput, restoreTakedownInput } from "@/server/domain/admin/takedowns";
import { dismissReportInput, listReportsInput } from "@/server/domain/admin/reports";
import { approveUserInput, setRegistrationInput } from "@/server/domain/admin/registration";
import { decideAppealInput, listAppealsInput } from "@/server/domain/admin/appeals";
import {
  resendActivationInput,
  retryJobInput,
  searchAdminUsersInput,
  searchContentsInput,
  setRoleInput,
  setUserPlanInput,
} from "@/server/domain/admin/console";
import { updatePlanInput } from "@/server/domain/admin/plans";
import { refundInput, searchPaymentsInput } from "@/server/domain/admin/payments";
import { createClientInput, revokeClientInput, setOriginsInput } from "@/server/domain/admin/oauth-clients";
import { licenseSchema, renderLicense } from "@/server/rest/render/license";
import { moneyIn } from "@/lib/wire";
import {
  adminContentSchema,
  auditCsvResponse,
  invitationSchema,
  renderInvitation,
  renderUserPlan,
  userPlanSchema,
  adminPaymentSchema,
  renderAdminPayment,
  clientSchema,
  renderClient,
  adminUserSchema,
  auditEntriesSchema,
  dashboardSchema,
  failedJobSchema,
  renderAdminContent,
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
  // DELETE /api/admin/users/{userCode}?reason= - delete an account with all its data (administrators; 204)
  route({
    method: "DELETE",
    path: "/api/admin/users/{userCode}",
    auth: "private",
    status: 204,
    summary: "Delete a user with all their contents and files; payments and the licenses others acquired stay",
    requestSchema: deleteUserInput,
    errors: [409],
    handle: async ({ caller, params, query }) => {
      await caller.admin.deleteUser(untrusted({ userCode: params.userCode, reason: query.get("reason") ?? undefined }));
    },
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
      return auditCsvResponse(await caller.admin.auditCsv(untrusted(filters)));
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
    responseSchema: invitationSchema,
    handle: async ({ caller }) => renderInvitation(await caller.admin.createInvitation()),
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
  // POST /api/admin/licenses/{licenseName} {price, dayDuration, storage, band, streamingAmount, maxVideoSize, maxUploadNumber} (administrators)
  route({
    method: "POST",
    path: "/api/admin/licenses/{licenseName}",
    auth: "private",
    status: 200,
    summary: "Change a license plan: its price, period and quotas (the fields left out stay)",
    requestSchema: updatePlanInput,
    responseSchema: licenseSchema,
    errors: [409],
    handle: async ({ caller, params, body }) =>
      renderLicense(await caller.admin.updatePlan(untrusted({ ...body, price: moneyIn(body.price), licenseName: params.licenseName }))),
  }),
  // POST /api/admin/users/{userCode}/activation - mail a new activation link to an account not yet activated
  route({
    method: "POST",
    path: "/api/admin/users/{userCode}/activation",
    auth: "private",
    status: 200,
    summary: "Send a new activation link to an account not yet activated",
    requestSchema: resendActivationInput,
    responseSchema: {
      type: "object",
      required: ["userCode", "email"],
      properties: { userCode: { type: "string" }, email: { type: "string" } },
    },
    errors: [409],
    handle: async ({ caller, params }) => caller.admin.resendActivation(untrusted({ userCode: params.userCode })),
  }),
  // GET /api/admin/contents?q=&kind= - every vod, bundle, live channel and cast channel by title or name, hidden ones too
  route({
    method: "GET",
    path: "/api/admin/contents",
    auth: "private",
    status: 200,
    summary: "Search every content (vods, bundles, live and cast channels), taken down or hidden ones included",
    requestSchema: searchContentsInput,
    responseSchema: listOf(adminContentSchema),
    handle: async ({ caller, query }) => (await caller.admin.contents(untrusted(Object.fromEntries(query)))).map(renderAdminContent),
  }),
  // GET /api/admin/clients - the OAuth clients (administrators)
  route({
    method: "GET",
    path: "/api/admin/clients",
    auth: "private",
    status: 200,
    summary: "The OAuth clients",
    responseSchema: listOf(clientSchema),
    handle: async ({ caller }) => (await caller.admin.clients()).map(renderClient),
  }),
  // POST /api/admin/clients {clientId, name, grants, origins} -> 201 with clientSecret, shown once
  route({
    method: "POST",
    path: "/api/admin/clients",
    auth: "private",
    status: 201,
    summary: "Create a confidential OAuth client (its secret is in this answer only)",
    requestSchema: createClientInput,
    responseSchema: clientSchema,
    errors: [409],
    handle: async ({ caller, body }) => renderClient(await caller.admin.createClient(untrusted(body))),
  }),
  // POST /api/admin/clients/{clientId}/origins {origins} - where its mail links may point
  route({
    method: "POST",
    path: "/api/admin/clients/{clientId}/origins",
    auth: "private",
    status: 200,
    summary: "Set the origins an OAuth client's mail links may point to",
    requestSchema: setOriginsInput,
    responseSchema: clientSchema,
    handle: async ({ caller, params, body }) =>
      renderClient(await caller.admin.setClientOrigins(untrusted({ ...body, clientId: params.clientId }))),
  }),
  // DELETE /api/admin/clients/{clientId} -> 204: revoked (refused at the token endpoint, its logins ended)
  route({
    method: "DELETE",
    path: "/api/admin/clients/{clientId}",
    auth: "private",
    status: 204,
    summary: "Revoke an OAuth client",
    requestSchema: revokeClientInput,
    errors: [409],
    handle: async ({ caller, params }) => caller.admin.revokeClient(untrusted({ clientId: params.clientId })),
  }),
  // GET /api/admin/payments?q=&status= - any payment by trackingId, buyer, seller, guest e-mail or title (administrators)
  route({
    method: "GET",
    path: "/api/admin/payments",
    auth: "private",
    status: 200,
    summary: "Search the payments",
    requestSchema: searchPaymentsInput,
    responseSchema: listOf(adminPaymentSchema),
    handle: async ({ caller, query }) => (await caller.admin.payments(untrusted(Object.fromEntries(query)))).map(renderAdminPayment),
  }),
  // POST /api/admin/payments/{trackingId}/refund {reason} - refund a paid payment through its provider (administrators)
  route({
    method: "POST",
    path: "/api/admin/payments/{trackingId}/refund",
    auth: "private",
    status: 200,
    summary: "Refund a paid payment through its provider: its purchase ends, the ledger records the refund",
    requestSchema: refundInput,
    responseSchema: adminPaymentSchema,
    errors: [409, 503],
    handle: async ({ caller, params, body }) =>
      renderAdminPayment(await caller.admin.refund(untrusted({ ...body, trackingId: params.trackingId }))),
  }),
  // POST /api/admin/users/{userCode}/plan {licenseName, expiresAt?} - give a user a plan without a payment (administrators)
  route({
    method: "POST",
    path: "/api/admin/users/{userCode}/plan",
    auth: "private",
    status: 200,
    summary: "Give a user a plan (a paid one until expiresAt, one period by default), without a payment",
    requestSchema: setUserPlanInput,
    responseSchema: userPlanSchema,
    handle: async ({ caller, params, body }) =>
      renderUserPlan(await caller.admin.setPlan(untrusted({ ...body, userCode: params.userCode }))),
  }),
];
