import type { AuditEntry, Report, Takedown } from "@/generated/prisma/client";
import type { Suspension } from "@/server/domain/admin/suspend-user";
import type { AdminContentRow, AdminDashboard, AdminUserRow } from "@/server/domain/admin/console";
import type { ClientRow } from "@/server/domain/admin/oauth-clients";
import type { AdminPaymentRow } from "@/server/domain/admin/payments";
import { formatMoney } from "@/lib/wire";
import type { FailedJob } from "@/server/jobs/admin";

/** A user's suspension as /api/admin answers it (instants in ISO 8601, UTC). */
export function renderSuspension(s: Suspension) {
  return { userCode: s.userCode, status: s.status, suspendedAt: s.suspendedAt?.toISOString() ?? null, reason: s.reason };
}

/** One audit entry: who (a user code, or "shell"), what, on which target, before and after, why, and the request id. */
export function renderAuditEntry(e: AuditEntry) {
  return {
    auditId: e.id,
    at: e.at.toISOString(),
    actor: e.actorCode,
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    before: e.before,
    after: e.after,
    reason: e.reason,
    requestId: e.requestId,
  };
}

export const suspensionSchema: Record<string, unknown> = {
  type: "object",
  required: ["userCode", "status", "suspendedAt", "reason"],
  properties: {
    userCode: { type: "string" },
    status: { type: "string", enum: ["SUSPENDED", "ACTIVE", "PENDING", "DISABLED", "AWAITING_APPROVAL"] },
    suspendedAt: { type: ["string", "null"], format: "date-time" },
    reason: { type: ["string", "null"] },
  },
};

export const auditEntriesSchema: Record<string, unknown> = {
  type: "array",
  items: {
    type: "object",
    required: ["auditId", "at", "actor", "action", "targetType", "targetId", "before", "after", "reason", "requestId"],
    properties: {
      auditId: { type: "string", format: "uuid" },
      at: { type: "string", format: "date-time" },
      actor: { type: "string" },
      action: { type: "string" },
      targetType: { type: "string" },
      targetId: { type: "string" },
      before: {},
      after: {},
      reason: { type: ["string", "null"] },
      requestId: { type: ["string", "null"] },
    },
  },
};

/** A takedown as /api/admin answers it. */
export function renderTakedown(t: Takedown) {
  return {
    takedownId: t.id,
    targetType: t.targetType,
    targetId: t.targetId,
    targetLabel: t.targetLabel,
    reason: t.reason,
    rule: t.rule,
    reportId: t.reportId,
    createdAt: t.createdAt.toISOString(),
    createdBy: t.createdByCode,
    restoredAt: t.restoredAt?.toISOString() ?? null,
    restoredBy: t.restoredByCode,
    appeal: t.appealedAt
      ? {
          text: t.appealText,
          appealedAt: t.appealedAt.toISOString(),
          decidedAt: t.appealDecidedAt?.toISOString() ?? null,
          decidedBy: t.appealDecidedByCode,
          outcome: t.appealOutcome,
          response: t.appealResponse,
        }
      : null,
  };
}

/** A statement of reasons as its owner reads it: what, why, which rule, how it was decided, the appeal; not who decided. */
export function renderNotice(t: Takedown) {
  const { takedownId, targetType, targetId, targetLabel, reason, rule, createdAt, restoredAt, appeal } = renderTakedown(t);
  return {
    takedownId,
    targetType,
    targetId,
    targetLabel,
    reason,
    rule,
    decidedAfterReport: t.reportId !== null,
    createdAt,
    inForce: restoredAt === null,
    restoredAt,
    appeal: appeal && {
      text: appeal.text,
      appealedAt: appeal.appealedAt,
      decidedAt: appeal.decidedAt,
      outcome: appeal.outcome,
      response: appeal.response,
    },
    canAppeal: restoredAt === null && appeal === null,
  };
}

/** A report: staff read all of it; the reporter's answer is its id (renderReportReceipt). */
export function renderReport(r: Report & { targetLabel?: string | null }) {
  return {
    reportId: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
    targetLabel: r.targetLabel ?? null,
    reason: r.reason,
    details: r.details,
    email: r.email,
    signedIn: r.reporterId !== null,
    createdAt: r.createdAt.toISOString(),
    closedAt: r.closedAt?.toISOString() ?? null,
    outcome: r.outcome,
    closedBy: r.closedByCode,
    takedownId: r.takedownId,
  };
}

/** What the reporter gets back. */
export function renderReportReceipt(r: Report) {
  return { reportId: r.id, targetType: r.targetType, targetId: r.targetId, reason: r.reason, createdAt: r.createdAt.toISOString() };
}

const nullableString = { type: ["string", "null"] };

export const takedownSchema: Record<string, unknown> = {
  type: "object",
  required: ["takedownId", "targetType", "targetId", "reason", "createdAt", "createdBy", "restoredAt"],
  properties: {
    takedownId: { type: "string", format: "uuid" },
    targetType: { type: "string", enum: ["vod", "bundle", "liveChannel", "castChannel", "user"] },
    targetId: { type: "string" },
    targetLabel: { type: "string" },
    reason: { type: "string" },
    rule: nullableString,
    reportId: nullableString,
    createdAt: { type: "string", format: "date-time" },
    createdBy: { type: "string" },
    restoredAt: { type: ["string", "null"], format: "date-time" },
    restoredBy: nullableString,
    appeal: { type: ["object", "null"] },
  },
};

export const reportSchema: Record<string, unknown> = {
  type: "object",
  required: ["reportId", "targetType", "targetId", "reason", "createdAt", "closedAt", "outcome"],
  properties: {
    reportId: { type: "string", format: "uuid" },
    targetType: { type: "string" },
    targetId: { type: "string" },
    targetLabel: nullableString,
    reason: { type: "string" },
    details: nullableString,
    email: nullableString,
    signedIn: { type: "boolean" },
    createdAt: { type: "string", format: "date-time" },
    closedAt: { type: ["string", "null"], format: "date-time" },
    outcome: { type: ["string", "null"], enum: ["takedown", "dismissed", "removed", null] },
    closedBy: nullableString,
    takedownId: nullableString,
  },
};

export const reportReceiptSchema: Record<string, unknown> = {
  type: "object",
  required: ["reportId", "targetType", "targetId", "reason", "createdAt"],
  properties: {
    reportId: { type: "string", format: "uuid" },
    targetType: { type: "string" },
    targetId: { type: "string" },
    reason: { type: "string" },
    createdAt: { type: "string", format: "date-time" },
  },
};

export const registrationSchema: Record<string, unknown> = {
  type: "object",
  required: ["mode"],
  properties: { mode: { type: "string", enum: ["open", "approval", "closed", "invite"] } },
};

export const noticeSchema: Record<string, unknown> = {
  type: "object",
  required: ["takedownId", "targetType", "targetId", "targetLabel", "reason", "createdAt", "inForce", "appeal", "canAppeal"],
  properties: {
    takedownId: { type: "string", format: "uuid" },
    targetType: { type: "string", enum: ["vod", "bundle", "liveChannel", "castChannel", "user"] },
    targetId: { type: "string" },
    targetLabel: { type: "string" },
    reason: { type: "string" },
    rule: nullableString,
    decidedAfterReport: { type: "boolean" },
    createdAt: { type: "string", format: "date-time" },
    inForce: { type: "boolean" },
    restoredAt: { type: ["string", "null"], format: "date-time" },
    appeal: { type: ["object", "null"] },
    canAppeal: { type: "boolean" },
  },
};

/** The console's dashboard figures (storage in bytes as a number). */
export function renderDashboard(d: AdminDashboard) {
  return { ...d, storageBytes: Number(d.storageBytes) };
}

/** An account as staff list it. */
export function renderAdminUser(u: AdminUserRow) {
  return {
    userCode: u.userCode,
    email: u.email,
    status: u.status,
    role: u.role,
    license: u.licenseName,
    storageUsedBytes: Number(u.storageUsedBytes),
    createdAt: u.createdAt.toISOString(),
    lastActivityAt: u.lastActivityAt.toISOString(),
    suspendReason: u.suspendReason,
    takenDown: u.takenDown,
  };
}

/** A job that failed for good. */
export function renderFailedJob(j: FailedJob) {
  return {
    jobId: j.id,
    type: j.type,
    attempts: j.attempts,
    maxAttempts: j.maxAttempts,
    lastError: j.lastError,
    failedAt: j.failedAt.toISOString(),
    createdAt: j.createdAt.toISOString(),
  };
}

export const dashboardSchema: Record<string, unknown> = {
  type: "object",
  required: ["users", "contents", "storageBytes", "revenue", "failedJobs", "openReports", "pendingAppeals", "takedownsInForce"],
  properties: {
    users: { type: "object", additionalProperties: { type: "integer" }, description: "Accounts by status" },
    contents: { type: "object", additionalProperties: { type: "integer" } },
    storageBytes: { type: "integer" },
    revenue: { type: "array", items: { type: "object" } },
    failedJobs: { type: "integer" },
    openReports: { type: "integer" },
    pendingAppeals: { type: "integer" },
    takedownsInForce: { type: "integer" },
  },
};

export const adminUserSchema: Record<string, unknown> = {
  type: "object",
  required: ["userCode", "email", "status", "role", "license", "storageUsedBytes", "createdAt"],
  properties: {
    userCode: { type: "string" },
    email: { type: "string" },
    status: { type: "string" },
    role: { type: "string", enum: ["USER", "MODERATOR", "ADMINISTRATOR"] },
    license: { type: "string" },
    storageUsedBytes: { type: "integer" },
    createdAt: { type: "string", format: "date-time" },
    lastActivityAt: { type: "string", format: "date-time" },
    suspendReason: nullableString,
    takenDown: { type: "boolean" },
  },
};

export const failedJobSchema: Record<string, unknown> = {
  type: "object",
  required: ["jobId", "type", "attempts", "lastError", "failedAt"],
  properties: {
    jobId: { type: "string", format: "uuid" },
    type: { type: "string" },
    attempts: { type: "integer" },
    maxAttempts: { type: "integer" },
    lastError: nullableString,
    failedAt: { type: "string", format: "date-time" },
    createdAt: { type: "string", format: "date-time" },
  },
};

export const transparencySchema: Record<string, unknown> = {
  type: "array",
  items: {
    type: "object",
    required: [
      "period",
      "notices",
      "noticesByReason",
      "takedowns",
      "takedownsByType",
      "suspensions",
      "deletions",
      "medianHoursToAction",
      "appeals",
      "reversals",
    ],
    properties: {
      period: { type: "string", description: "YYYY-MM (UTC)" },
      notices: { type: "integer" },
      noticesByReason: { type: "object", additionalProperties: { type: "integer" } },
      takedowns: { type: "integer" },
      takedownsByType: { type: "object", additionalProperties: { type: "integer" } },
      suspensions: { type: "integer" },
      deletions: { type: "integer", description: "accounts deleted by administrators" },
      medianHoursToAction: { type: ["number", "null"] },
      appeals: { type: "integer" },
      reversals: { type: "integer" },
    },
  },
};

/** A content as staff find it. */
export function renderAdminContent(c: AdminContentRow) {
  return { ...c, createdAt: c.createdAt.toISOString() };
}

export const adminContentSchema: Record<string, unknown> = {
  type: "object",
  required: ["targetType", "targetId", "label", "ownerCode", "createdAt", "takedownId"],
  properties: {
    targetType: { type: "string", enum: ["vod", "bundle", "liveChannel", "castChannel"] },
    targetId: { type: "string", format: "uuid" },
    label: { type: "string" },
    ownerCode: { type: "string" },
    createdAt: { type: "string", format: "date-time" },
    takedownId: { type: ["string", "null"], description: "The takedown in force, if any" },
  },
};

/** An OAuth client; `clientSecret` only in the answer that created it. */
export function renderClient(c: ClientRow & { secret?: string }) {
  return {
    clientId: c.id,
    name: c.name,
    grants: c.grants,
    origins: c.origins,
    confidential: c.confidential,
    createdAt: c.createdAt.toISOString(),
    revokedAt: c.revokedAt?.toISOString() ?? null,
    ...(c.secret ? { clientSecret: c.secret } : {}),
  };
}

export const clientSchema: Record<string, unknown> = {
  type: "object",
  required: ["clientId", "name", "grants", "origins", "confidential", "createdAt", "revokedAt"],
  properties: {
    clientId: { type: "string" },
    name: { type: "string" },
    grants: { type: "array", items: { type: "string", enum: ["client_credentials", "password", "refresh_token"] } },
    origins: { type: "array", items: { type: "string" } },
    confidential: { type: "boolean" },
    createdAt: { type: "string", format: "date-time" },
    revokedAt: { type: ["string", "null"], format: "date-time" },
    clientSecret: { type: "string", description: "Only when created: shown once" },
  },
};

/** A payment as administrators find it (amount as the interface writes money, "2,50"). */
export function renderAdminPayment(p: AdminPaymentRow) {
  return {
    trackingId: p.trackingId,
    kind: p.kind,
    title: p.title,
    amount: formatMoney(p.amountCents),
    currency: p.currency,
    status: p.status,
    provider: p.provider,
    buyer: p.buyer,
    seller: p.seller,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
  };
}

export const adminPaymentSchema: Record<string, unknown> = {
  type: "object",
  required: ["trackingId", "kind", "title", "amount", "currency", "status", "provider", "buyer", "seller", "createdAt", "paidAt"],
  properties: {
    trackingId: { type: "string" },
    kind: { type: "string" },
    title: { type: "string" },
    amount: { type: "string", description: 'comma decimals ("2,50")' },
    currency: { type: "string" },
    status: { type: "string", enum: ["PENDING", "PAID", "CANCELLED", "FAILED", "EXPIRED", "REFUNDED"] },
    provider: { type: "string" },
    buyer: { type: ["string", "null"], description: "The buyer's user code, or a guest's e-mail" },
    seller: { type: ["string", "null"], description: "null: the platform's own sale (a plan)" },
    createdAt: { type: "string", format: "date-time" },
    paidAt: { type: ["string", "null"], format: "date-time" },
  },
};

/** A new invitation code (shown once). */
export const renderInvitation = (i: { invitationCode: string; createdAt: Date }) => ({
  invitationCode: i.invitationCode,
  createdAt: i.createdAt.toISOString(),
});

/** A user's plan as an administrator set it (null: never ends). */
export const renderUserPlan = (p: { userCode: string; licenseName: string; expiresAt: Date | null }) => ({
  ...p,
  expiresAt: p.expiresAt?.toISOString() ?? null,
});

export const invitationSchema: Record<string, unknown> = {
  type: "object",
  required: ["invitationCode", "createdAt"],
  properties: { invitationCode: { type: "string" }, createdAt: { type: "string", format: "date-time" } },
};

export const userPlanSchema: Record<string, unknown> = {
  type: "object",
  required: ["userCode", "licenseName", "expiresAt"],
  properties: {
    userCode: { type: "string" },
    licenseName: { type: "string" },
    expiresAt: { type: ["string", "null"], format: "date-time" },
  },
};

/** The audit log as a CSV file to download (REST ?format=csv and the console's export). */
export const auditCsvResponse = (csv: string) =>
  new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="kinora-audit.csv"',
      "Cache-Control": "no-store",
    },
  });
