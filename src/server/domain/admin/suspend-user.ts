import { z } from "zod";
import { zText } from "@/server/core/schema";
import type { UserStatus } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { endSessions } from "@/server/domain/users/end-sessions";
import { castScheduleChanged } from "@/server/media/cast/output/channel-schedule";
import { recordAudit } from "./audit";
import { effectiveRole, hasRole, requireStaff } from "./staff";

// POST /api/admin/users/{userCode}/suspend {reason} and .../unsuspend (issue 25 item 5). A suspended
// user (status SUSPENDED) is refused at login like a disabled one, and every token and portal session
// ends at once; everything that shows an account or its contents to others requires an ACTIVE owner
// (the public pages and items, the listings and searches through the vod and marketplace triggers,
// live ingest, the cast playout), so all of it is hidden, and nothing is deleted. Unsuspending gives
// back the status the account had (the user logs in again). Moderators suspend users; staff are
// suspended by an administrator only; nobody suspends themself.

export const suspendUserInput = z.object({
  userCode: z.string().max(100),
  reason: zText(2000),
});
export const unsuspendUserInput = z.object({ userCode: z.string().max(100) });

export interface Suspension {
  userCode: string;
  status: UserStatus;
  suspendedAt: Date | null;
  reason: string | null;
}

async function targetUser(ctx: Ctx, userCode: string) {
  const user = await ctx.db.user.findFirst({
    where: { userCode: { equals: userCode, mode: "insensitive" } },
    select: { id: true, userCode: true, role: true, status: true, suspendedAt: true, suspendReason: true, statusBeforeSuspension: true },
  });
  if (!user) throw notFound("error.userNotFound");
  return user;
}

/** Its cast channels go off air (or on again) at once on every node: the playout caches each channel's schedule. */
async function castChannelsChanged(ctx: Ctx, ownerId: string): Promise<void> {
  const channels = await ctx.db.castChannel.findMany({ where: { ownerId }, select: { id: true } });
  for (const c of channels) await castScheduleChanged(ctx.db, c.id);
}

export async function suspendUser(ctx: Ctx, input: z.output<typeof suspendUserInput>): Promise<Suspension> {
  const staff = await requireStaff(ctx, "MODERATOR");
  const user = await targetUser(ctx, input.userCode);
  if (user.id === staff.id) throw new DomainError("CONFLICT", "error.suspendSelf");
  if (hasRole(effectiveRole(user), "MODERATOR") && staff.role !== "ADMINISTRATOR") throw new DomainError("FORBIDDEN", "error.suspendStaff");
  if (user.status !== "SUSPENDED") {
    const suspendedAt = new Date();
    await ctx.db.$transaction(async (tx) => {
      await tx.user.update({
        where: { id: user.id },
        data: { status: "SUSPENDED", statusBeforeSuspension: user.status, suspendedAt, suspendReason: input.reason },
      });
      await endSessions(tx, user.id);
      await recordAudit(tx, {
        actor: staff,
        action: "user.suspend",
        targetType: "user",
        targetId: user.userCode,
        before: { status: user.status },
        after: { status: "SUSPENDED" },
        reason: input.reason,
      });
    });
    await castChannelsChanged(ctx, user.id);
    return { userCode: user.userCode, status: "SUSPENDED", suspendedAt, reason: input.reason };
  }
  // suspended already: the suspension stands as it was (no second entry)
  return { userCode: user.userCode, status: "SUSPENDED", suspendedAt: user.suspendedAt, reason: user.suspendReason };
}

export async function unsuspendUser(ctx: Ctx, input: z.output<typeof unsuspendUserInput>): Promise<Suspension> {
  const staff = await requireStaff(ctx, "MODERATOR");
  const user = await targetUser(ctx, input.userCode);
  if (user.status !== "SUSPENDED") throw new DomainError("CONFLICT", "error.userNotSuspended");
  const status = user.statusBeforeSuspension && user.statusBeforeSuspension !== "SUSPENDED" ? user.statusBeforeSuspension : "ACTIVE";
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({
      where: { id: user.id },
      data: { status, statusBeforeSuspension: null, suspendedAt: null, suspendReason: null },
    });
    await recordAudit(tx, {
      actor: staff,
      action: "user.unsuspend",
      targetType: "user",
      targetId: user.userCode,
      before: { status: "SUSPENDED", reason: user.suspendReason },
      after: { status },
    });
  });
  await castChannelsChanged(ctx, user.id);
  return { userCode: user.userCode, status, suspendedAt: null, reason: null };
}
