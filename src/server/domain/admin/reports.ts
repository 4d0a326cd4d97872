import { z } from "zod";
import { emptyToUndefined, zOptionalText } from "@/server/core/schema";
import type { Report } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { DomainError, invalid, notFound, type FieldError } from "@/server/core/errors";
import { hitRateLimit } from "@/server/core/rate-limit";
import { normalizeUuid } from "@/server/core/uuid";
import type { DbOrTx } from "@/server/db/client";
import { env } from "@/server/env";
import { queueMail } from "@/server/mail/queue-mail";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { zEmail } from "@/server/domain/users/user-fields";
import { recordAudit } from "./audit";
import { requireStaff, type StaffMember } from "./staff";
import { findTarget, TARGET_TYPES, type Target, type TargetType } from "./takedown-targets";
import { reportOutcomeMail, type ReportOutcome } from "./moderation-mails";

// Reports of abuse (issue 25 item 4): anyone, with a token or without, reports a vod, bundle, live
// channel, cast channel or user page; the report waits in the moderators' queue until a takedown of
// its target or a dismissal closes it, and the reporter (when an address is known) is told the outcome.

export const REPORT_REASONS = ["spam", "sexual", "violence", "hate", "harassment", "copyright", "privacy", "illegal", "other"] as const;

export const submitReportInput = z.object({
  targetType: z.enum(TARGET_TYPES, "field.targetType"),
  targetId: z.string("field.required").min(1, "field.required").max(200),
  reason: z.enum(REPORT_REASONS, "field.reportReason"),
  details: zOptionalText(5000),
  email: z.preprocess(emptyToUndefined, zEmail().optional()),
});

// POST /api/public/reports -> 201 {reportId}
export async function submitReport(ctx: Ctx, input: z.output<typeof submitReportInput>): Promise<Report> {
  const reporterId = optionalUserId(ctx);
  const max = env().REPORTS_PER_HOUR;
  if (ctx.address) await hitRateLimit(ctx.db, `report:${ctx.address}`, max, 3600);
  if (reporterId) await hitRateLimit(ctx.db, `report-user:${reporterId}`, max, 3600);
  const reporter = reporterId ? await ctx.db.user.findUnique({ where: { id: reporterId }, select: { email: true } }) : null;
  const email = input.email ?? reporter?.email;
  // a copyright notice says what a takedown notice needs: the work and its owner, and how to reach them
  if (input.reason === "copyright") {
    const errors: FieldError[] = [];
    if (!input.details || input.details.length < 20) errors.push({ field: "details", message: "field.copyrightDetails" });
    if (!email) errors.push({ field: "email", message: "field.copyrightEmail" });
    if (errors.length) throw invalid(errors);
  }
  const target = await findTarget(ctx.db, input.targetType, input.targetId);
  if (!target) throw notFound("error.targetNotFound");
  return ctx.db.report.create({
    data: { targetType: target.type, targetId: target.id, reason: input.reason, details: input.details, email, reporterId },
  });
}

export const listReportsInput = z.object({
  state: z.enum(["open", "closed", "all"]).default("open"),
  targetType: z.enum(TARGET_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** A report with what its target is called now (null: the target is gone). */
export type ListedReport = Report & { targetLabel: string | null };

// GET /api/admin/reports - the open reports, newest first (staff)
export async function listReports(ctx: Ctx, input: z.output<typeof listReportsInput>): Promise<ListedReport[]> {
  await requireStaff(ctx, "MODERATOR");
  const reports = await ctx.db.report.findMany({
    where: {
      targetType: input.targetType,
      closedAt: input.state === "open" ? null : input.state === "closed" ? { not: null } : undefined,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit,
  });
  // each target once: a queue often holds several reports of one
  const labels = new Map<string, Promise<string | null>>();
  const labelOf = (r: Report) => {
    const key = `${r.targetType}/${r.targetId}`;
    if (!labels.has(key))
      labels.set(
        key,
        findTarget(ctx.db, r.targetType as TargetType, r.targetId).then((t) => t?.label ?? null),
      );
    return labels.get(key)!;
  };
  return Promise.all(reports.map(async (r) => ({ ...r, targetLabel: await labelOf(r) })));
}

/** Closes every open report of `target` with `outcome` (in `tx`), and tells each reporter. */
export async function closeReportsOf(
  tx: DbOrTx,
  staff: StaffMember,
  target: { type: TargetType; id: string },
  outcome: ReportOutcome,
  takedownId?: string,
): Promise<number> {
  const open = await tx.report.findMany({
    where: { targetType: target.type, targetId: target.id, closedAt: null },
    select: { id: true, email: true },
  });
  if (open.length === 0) return 0;
  await tx.report.updateMany({
    where: { id: { in: open.map((r) => r.id) } },
    data: { closedAt: new Date(), outcome, closedByCode: staff.userCode, takedownId },
  });
  const told = new Set<string>();
  for (const r of open) {
    if (!r.email || told.has(r.email)) continue;
    told.add(r.email);
    await queueMail(tx, reportOutcomeMail(r.email, outcome, target.type));
  }
  return open.length;
}

export const dismissReportInput = z.object({ reportId: z.string().max(100), reason: z.string().trim().max(2000).optional() });

// POST /api/admin/reports/{reportId}/dismiss - no breach: the target's open reports close, reporters are told
export async function dismissReport(ctx: Ctx, input: z.output<typeof dismissReportInput>): Promise<Report> {
  const staff = await requireStaff(ctx, "MODERATOR");
  const id = normalizeUuid(input.reportId.trim());
  const report = id ? await ctx.db.report.findUnique({ where: { id } }) : null;
  if (!report) throw notFound("error.reportNotFound");
  if (report.closedAt) throw new DomainError("CONFLICT", "error.reportClosed");
  const target: Pick<Target, "type" | "id"> = { type: report.targetType as TargetType, id: report.targetId };
  await ctx.db.$transaction(async (tx) => {
    await closeReportsOf(tx, staff, target, "dismissed");
    await recordAudit(tx, {
      actor: staff,
      action: "report.dismiss",
      targetType: report.targetType,
      targetId: report.targetId,
      before: { reportId: report.id, open: true },
      after: { open: false, outcome: "dismissed" },
      reason: input.reason || undefined,
    });
  });
  wakeLocalWorkers();
  return (await ctx.db.report.findUnique({ where: { id: report.id } }))!;
}
