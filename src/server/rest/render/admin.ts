import type { AuditEntry, Report, Takedown } from "@/generated/prisma/client";
import type { Suspension } from "@/server/domain/admin/suspend-user";

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

/** A report: staff read all of it; the reporter's answer is its id (renderReportReceipt). */
export function renderReport(r: Report) {
  return {
    reportId: r.id,
    targetType: r.targetType,
    targetId: r.targetId,
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
    reason: { type: "string" },
    details: nullableString,
    email: nullableString,
    signedIn: { type: "boolean" },
    createdAt: { type: "string", format: "date-time" },
    closedAt: { type: ["string", "null"], format: "date-time" },
    outcome: { type: ["string", "null"], enum: ["takedown", "dismissed", null] },
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
