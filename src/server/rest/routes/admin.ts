import { route, untrusted } from "@/server/rest/route";
import { suspendUserInput, unsuspendUserInput } from "@/server/domain/admin/suspend-user";
import { listAuditInput } from "@/server/domain/admin/audit";
import { auditEntriesSchema, renderAuditEntry, renderSuspension, suspensionSchema } from "@/server/rest/render/admin";

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
    requestSchema: listAuditInput,
    responseSchema: auditEntriesSchema,
    handle: async ({ caller, query }) => (await caller.admin.audit(untrusted(Object.fromEntries(query)))).map(renderAuditEntry),
  }),
];
