import { z } from "zod";
import type { AuditEntry, Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import type { DbOrTx } from "@/server/db/client";
import { currentRequest } from "@/server/http/request-context.mjs";
import { requireStaff } from "./staff";

// The audit log (issue 25 item 7): one append-only row per staff action (AuditEntry; a trigger refuses
// UPDATE and DELETE), written in the transaction of the action itself, so that an action and its entry
// are committed together or not at all.

export interface AuditAction {
  /** The staff member, or null for a shell command (npm run admin). */
  actor: { id: string; userCode: string } | null;
  action: string;
  targetType: string;
  targetId: string;
  before?: Prisma.InputJsonValue;
  after?: Prisma.InputJsonValue;
  reason?: string;
}

/** Appends one entry (in `tx`, the action's transaction), with the id of the request that made it. */
export async function recordAudit(tx: DbOrTx, a: AuditAction): Promise<void> {
  await tx.auditEntry.create({
    data: {
      actorId: a.actor?.id ?? null,
      actorCode: a.actor?.userCode ?? "shell",
      action: a.action,
      targetType: a.targetType,
      targetId: a.targetId,
      before: a.before,
      after: a.after,
      reason: a.reason,
      requestId: (currentRequest() as { id?: string } | undefined)?.id ?? null,
    },
  });
}

export const listAuditInput = z.object({
  action: z.string().max(100).optional(),
  targetType: z.string().max(40).optional(),
  targetId: z.string().max(200).optional(),
  actor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(5000).default(100),
  /** Entries before this instant (ISO 8601): the next page after the last entry's `at`. */
  before: z.coerce.date().optional(),
});

// GET /api/admin/audit - the entries, newest first (filters: action, target, actor; pages by `before`). Staff only.
export async function listAudit(ctx: Ctx, input: z.output<typeof listAuditInput>): Promise<AuditEntry[]> {
  await requireStaff(ctx, "MODERATOR");
  return ctx.db.auditEntry.findMany({
    where: {
      action: input.action,
      targetType: input.targetType,
      targetId: input.targetId,
      actorCode: input.actor ? { equals: input.actor, mode: "insensitive" } : undefined,
      at: input.before ? { lt: input.before } : undefined,
    },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: input.limit,
  });
}

const CSV_COLUMNS = ["at", "actor", "action", "targetType", "targetId", "before", "after", "reason", "requestId"] as const;

/** One CSV field: quoted when it holds a comma, quote or line break; a formula's lead character defused (spreadsheets). */
function csvField(value: unknown): string {
  let text = value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The entries `listAudit` finds, as CSV (RFC 4180, a header line, CRLF): the export of the console and of GET /api/admin/audit?format=csv. */
export async function auditCsv(ctx: Ctx, input: z.output<typeof listAuditInput>): Promise<string> {
  const entries = await listAudit(ctx, input);
  const lines = entries.map((e) =>
    [e.at.toISOString(), e.actorCode, e.action, e.targetType, e.targetId, e.before, e.after, e.reason, e.requestId].map(csvField).join(","),
  );
  return [CSV_COLUMNS.join(","), ...lines].join("\r\n") + "\r\n";
}
