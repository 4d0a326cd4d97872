import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { env } from "@/server/env";

// Who may administer (issue 25): moderators (reports, takedowns, suspensions) and administrators
// (all that, plus roles, settings, plans, money). A user's role is User.role; the user codes in
// ADMIN_USERS are administrators whatever it says, so that the first one needs no database shell.

export type StaffRole = "MODERATOR" | "ADMINISTRATOR";
export type Role = "USER" | StaffRole;

const RANK: Record<Role, number> = { USER: 0, MODERATOR: 1, ADMINISTRATOR: 2 };

/** A user's role as it counts: ADMINISTRATOR for the user codes in ADMIN_USERS, else the stored one. */
export function effectiveRole(user: { userCode: string; role: Role }): Role {
  return env().ADMIN_USERS.includes(user.userCode.toLowerCase()) ? "ADMINISTRATOR" : user.role;
}

/** Whether `role` is at least `min`. */
export const hasRole = (role: Role, min: Role): boolean => RANK[role] >= RANK[min];

export interface StaffMember {
  id: string;
  userCode: string;
  role: Role;
}

/**
 * The caller as a staff member of at least `min`: 401 without a user, 403 for a user below it (an
 * active account only: a suspended or disabled one has no sessions anyway).
 */
export async function requireStaff(ctx: Ctx, min: StaffRole): Promise<StaffMember> {
  const member = await activeMember(ctx, requireUserId(ctx));
  if (!member) throw new DomainError("UNAUTHORIZED", "error.tokenInvalid");
  if (!hasRole(member.role, min)) throw new DomainError("FORBIDDEN", "error.staffOnly");
  return member;
}

/** The caller's role when staff, else null: what the portal shows (the console's navigation). Never refuses. */
export async function staffRoleOf(ctx: Ctx): Promise<StaffRole | null> {
  if (ctx.actor.kind !== "user") return null;
  const member = await activeMember(ctx, ctx.actor.userId);
  return member && member.role !== "USER" ? member.role : null;
}

/** An active account with its role as it counts; null for another status or no such user. */
async function activeMember(ctx: Ctx, id: string): Promise<StaffMember | null> {
  const user = await ctx.db.user.findUnique({ where: { id }, select: { userCode: true, role: true, status: true } });
  return user && user.status === "ACTIVE" ? { id, userCode: user.userCode, role: effectiveRole(user) } : null;
}
