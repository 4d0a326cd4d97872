import type { AuditEntry } from "@/generated/prisma/client";
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
    status: { type: "string", enum: ["SUSPENDED", "ACTIVE", "PENDING", "DISABLED"] },
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
