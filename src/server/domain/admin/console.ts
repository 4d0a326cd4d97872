import { z } from "zod";
import { emptyToUndefined } from "@/server/core/schema";
import type { Ctx } from "@/server/core/context";
import { DomainError, invalidField, notFound } from "@/server/core/errors";
import { loadLicenseByName } from "@/server/domain/licenses/license-view";
import { listFailedJobs, retryJob, type FailedJob } from "@/server/jobs/admin";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { effectiveRole, requireStaff, type Role } from "./staff";
import { ROLES, setRole } from "./grant-role";
import { recordAudit } from "./audit";
import { env } from "@/server/env";
import { hashToken, newSecureToken } from "@/server/auth/secure-token";
import { queueMail } from "@/server/mail/queue-mail";
import { activationMail } from "@/server/domain/users/user-mails";

// What the console (/admin, issue 25 item 2) reads beyond reports, takedowns and the audit: the
// dashboard's figures, the users, roles, failed jobs. Staff only; roles and jobs: administrators.

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

export const resendActivationInput = z.object({ userCode: z.string().max(100) });

// POST /api/admin/users/{userCode}/activation - a new activation link for an account not yet activated
// (the old link stops working), mailed to its address; 409 for an account that is not waiting for one.
export async function resendActivation(
  ctx: Ctx,
  input: z.output<typeof resendActivationInput>,
): Promise<{ userCode: string; email: string }> {
  const staff = await requireStaff(ctx, "MODERATOR");
  const user = await ctx.db.user.findFirst({
    where: { userCode: { equals: input.userCode, mode: "insensitive" } },
    select: { id: true, userCode: true, email: true, language: true, status: true },
  });
  if (!user) throw notFound("error.userNotFound");
  if (user.status !== "PENDING") throw new DomainError("CONFLICT", "error.notPending");
  const token = newSecureToken();
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { activationTokenHash: hashToken(token) } });
    await queueMail(tx, activationMail(user.email, user.language, `${env().publicUrl}/activate?token=${token}`));
    await recordAudit(tx, { actor: staff, action: "user.activation", targetType: "user", targetId: user.userCode });
  });
  wakeLocalWorkers();
  return { userCode: user.userCode, email: user.email };
}

export const searchContentsInput = z.object({
  q: z.string().trim().max(200).optional(),
  kind: z.enum(["vod", "bundle", "liveChannel", "castChannel"]).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export interface AdminContentRow {
  targetType: "vod" | "bundle" | "liveChannel" | "castChannel";
  targetId: string;
  label: string;
  ownerCode: string;
  createdAt: Date;
  takedownId: string | null;
}

/** Every vod, bundle, live channel and cast channel by title or name, hidden ones included, newest first (staff). */
export async function searchContents(ctx: Ctx, input: z.output<typeof searchContentsInput>): Promise<AdminContentRow[]> {
  await requireStaff(ctx, "MODERATOR");
  const q = input.q || undefined;
  const named = q ? { name: { contains: q, mode: "insensitive" as const } } : {};
  const take = input.limit;
  const order = [{ createdAt: "desc" as const }, { id: "desc" as const }];
  const owner = { select: { userCode: true } };
  const want = (k: AdminContentRow["targetType"]) => !input.kind || input.kind === k;
  const [vods, bundles, live, cast] = await Promise.all([
    want("vod")
      ? ctx.db.vodItem.findMany({
          where: q ? { boxItem: { title: { contains: q, mode: "insensitive" } } } : {},
          orderBy: order,
          take,
          select: { id: true, createdAt: true, takedownId: true, boxItem: { select: { title: true } }, owner },
        })
      : [],
    want("bundle")
      ? ctx.db.bundle.findMany({
          where: named,
          orderBy: order,
          take,
          select: { id: true, name: true, createdAt: true, takedownId: true, owner },
        })
      : [],
    want("liveChannel")
      ? ctx.db.liveChannel.findMany({
          where: named,
          orderBy: order,
          take,
          select: { id: true, name: true, createdAt: true, takedownId: true, owner },
        })
      : [],
    want("castChannel")
      ? ctx.db.castChannel.findMany({
          where: named,
          orderBy: order,
          take,
          select: { id: true, name: true, createdAt: true, takedownId: true, owner },
        })
      : [],
  ]);
  const row = (
    targetType: AdminContentRow["targetType"],
    r: { id: string; createdAt: Date; takedownId: string | null; owner: { userCode: string } },
    label: string,
  ) => ({
    targetType,
    targetId: r.id,
    label,
    ownerCode: r.owner.userCode,
    createdAt: r.createdAt,
    takedownId: r.takedownId,
  });
  return [
    ...vods.map((r) => row("vod", r, r.boxItem.title)),
    ...bundles.map((r) => row("bundle", r, r.name)),
    ...live.map((r) => row("liveChannel", r, r.name)),
    ...cast.map((r) => row("castChannel", r, r.name)),
  ]
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
    .slice(0, take);
}

export const setUserPlanInput = z.object({
  userCode: z.string().max(100),
  licenseName: z.string().trim().min(1, "field.required").max(100),
  /** When a paid plan ends (ISO 8601; default: one period from now). The Free plan never ends. */
  expiresAt: z.preprocess(emptyToUndefined, z.coerce.date("field.invalid").optional()),
});

// POST /api/admin/users/{userCode}/plan {licenseName, expiresAt?} - give a user a plan (administrators):
// a paid one until expiresAt (one period from now by default), or Free; no payment, audited.
export async function setUserPlan(
  ctx: Ctx,
  input: z.output<typeof setUserPlanInput>,
): Promise<{ userCode: string; licenseName: string; expiresAt: Date | null }> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  const user = await ctx.db.user.findFirst({
    where: { userCode: { equals: input.userCode, mode: "insensitive" } },
    select: { id: true, userCode: true, licenseExpiresAt: true, license: { select: { name: true } } },
  });
  if (!user) throw notFound("error.userNotFound");
  const license = await loadLicenseByName(ctx.db, input.licenseName);
  const now = new Date();
  const free = license.dayDuration === 0;
  const expiresAt = free ? null : (input.expiresAt ?? new Date(now.getTime() + license.dayDuration * 86_400_000));
  if (expiresAt && expiresAt <= now) throw invalidField("expiresAt", "field.futureDate");
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { licenseId: license.id, licenseActivatedAt: now, licenseExpiresAt: expiresAt } });
    await recordAudit(tx, {
      actor: staff,
      action: "user.plan",
      targetType: "user",
      targetId: user.userCode,
      before: { license: user.license.name, expiresAt: user.licenseExpiresAt?.toISOString() ?? null },
      after: { license: license.name, expiresAt: expiresAt?.toISOString() ?? null },
    });
  });
  return { userCode: user.userCode, licenseName: license.name, expiresAt };
}
