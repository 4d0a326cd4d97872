import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { listFailedJobs, retryJob, type FailedJob } from "@/server/jobs/admin";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { effectiveRole, requireStaff, type Role } from "./staff";
import { ROLES, setRole } from "./grant-role";
import { recordAudit } from "./audit";

// What the console (/admin, issue 25 item 2) reads beyond reports, takedowns and the audit: the
// dashboard's figures, the users, roles, failed jobs. Staff only; roles and jobs: administrators.

/** The caller's role when staff, else null: what the portal shows (the console's navigation). Never refuses. */
export async function staffRoleOf(ctx: Ctx): Promise<Role | null> {
  if (ctx.actor.kind !== "user") return null;
  const user = await ctx.db.user.findUnique({ where: { id: ctx.actor.userId }, select: { userCode: true, role: true, status: true } });
  if (!user || user.status !== "ACTIVE") return null;
  const role = effectiveRole(user);
  return role === "USER" ? null : role;
}

export interface AdminDashboard {
  users: Record<string, number>;
  contents: { boxItems: number; vods: number; bundles: number; liveChannels: number; castChannels: number };
  storageBytes: bigint;
  revenue: { currency: string; grossCents: number; feeCents: number }[];
  failedJobs: number;
  openReports: number;
  pendingAppeals: number;
  takedownsInForce: number;
}

/** The dashboard's figures, each one count. */
export async function adminDashboard(ctx: Ctx): Promise<AdminDashboard> {
  await requireStaff(ctx, "MODERATOR");
  const db = ctx.db;
  const [
    byStatus,
    boxItems,
    vods,
    bundles,
    liveChannels,
    castChannels,
    storage,
    revenue,
    failedJobs,
    openReports,
    pendingAppeals,
    inForce,
  ] = await Promise.all([
    db.user.groupBy({ by: ["status"], _count: { _all: true } }),
    db.boxItem.count(),
    db.vodItem.count(),
    db.bundle.count(),
    db.liveChannel.count(),
    db.castChannel.count(),
    db.user.aggregate({ _sum: { storageUsedBytes: true } }),
    db.ledgerEntry.groupBy({ by: ["currency"], _sum: { grossCents: true, feeCents: true } }),
    db.job.count({ where: { status: "FAILED" } }),
    db.report.count({ where: { closedAt: null } }),
    db.takedown.count({ where: { appealedAt: { not: null }, appealDecidedAt: null } }),
    db.takedown.count({ where: { restoredAt: null } }),
  ]);
  return {
    users: Object.fromEntries(byStatus.map((s) => [s.status, s._count._all])),
    contents: { boxItems, vods, bundles, liveChannels, castChannels },
    storageBytes: storage._sum.storageUsedBytes ?? 0n,
    revenue: revenue.map((r) => ({ currency: r.currency, grossCents: r._sum.grossCents ?? 0, feeCents: r._sum.feeCents ?? 0 })),
    failedJobs,
    openReports,
    pendingAppeals,
    takedownsInForce: inForce,
  };
}

export const searchAdminUsersInput = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(["PENDING", "ACTIVE", "DISABLED", "SUSPENDED", "AWAITING_APPROVAL"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export interface AdminUserRow {
  userCode: string;
  email: string;
  status: string;
  role: Role;
  licenseName: string;
  storageUsedBytes: bigint;
  createdAt: Date;
  lastActivityAt: Date;
  suspendReason: string | null;
  takenDown: boolean;
}

/** Every account (any status) by code, e-mail or name, newest first. */
export async function searchAdminUsers(ctx: Ctx, input: z.output<typeof searchAdminUsersInput>): Promise<AdminUserRow[]> {
  await requireStaff(ctx, "MODERATOR");
  const q = input.q || undefined;
  const rows = await ctx.db.user.findMany({
    where: {
      status: input.status,
      OR: q
        ? [
            { userCode: { contains: q, mode: "insensitive" } },
            { email: { contains: q.toLowerCase() } },
            { lastName: { contains: q, mode: "insensitive" } },
            { firstName: { contains: q, mode: "insensitive" } },
          ]
        : undefined,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit,
    select: {
      userCode: true,
      email: true,
      status: true,
      role: true,
      storageUsedBytes: true,
      createdAt: true,
      lastActivityAt: true,
      suspendReason: true,
      takedownId: true,
      license: { select: { name: true } },
    },
  });
  return rows.map(({ license, takedownId, ...u }) => ({
    ...u,
    role: effectiveRole(u),
    licenseName: license.name,
    takenDown: takedownId !== null,
  }));
}

export const setRoleInput = z.object({ userCode: z.string().max(100), role: z.enum(["user", "moderator", "administrator"], "field.role") });

// POST /api/admin/users/{userCode}/role {role} - administrators grant and revoke roles
export async function setUserRole(ctx: Ctx, input: z.output<typeof setRoleInput>): Promise<{ userCode: string; role: Role }> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  if (staff.userCode.toLowerCase() === input.userCode.toLowerCase()) throw new DomainError("CONFLICT", "error.ownRole");
  const role = ROLES[input.role]!;
  const done = await setRole(ctx.db, { userCode: input.userCode, role, actor: staff });
  if (!done) throw notFound("error.userNotFound");
  return { userCode: done.userCode, role };
}

/** The jobs that failed for good (administrators). */
export async function failedJobs(ctx: Ctx): Promise<FailedJob[]> {
  await requireStaff(ctx, "ADMINISTRATOR");
  return listFailedJobs(ctx.db, { limit: 200 });
}

export const retryJobInput = z.object({ jobId: z.string().max(100) });

/** Puts a failed job back in the queue, its attempts reset (administrators); audited. */
export async function retryFailedJob(ctx: Ctx, input: z.output<typeof retryJobInput>): Promise<{ jobId: string }> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  const done = await ctx.db.$transaction(async (tx) => {
    if (!(await retryJob(tx, input.jobId))) return false;
    await recordAudit(tx, { actor: staff, action: "job.retry", targetType: "job", targetId: input.jobId });
    return true;
  });
  if (!done) throw notFound("error.jobNotFound");
  wakeLocalWorkers();
  return { jobId: input.jobId };
}
