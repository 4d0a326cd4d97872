import { randomBytes } from "node:crypto";
import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { DomainError, invalidField, notFound } from "@/server/core/errors";
import type { DbOrTx } from "@/server/db/client";
import { hashToken } from "@/server/auth/secure-token";
import { queueMail } from "@/server/mail/queue-mail";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { recordAudit } from "./audit";
import { readSetting, writeSetting, type Settings } from "./settings";
import { requireStaff } from "./staff";
import { approvedMail } from "./moderation-mails";

// Who may register (issue 25 item 6): `open` (anyone; the default), `approval` (an account waits,
// AWAITING_APPROVAL, until a moderator approves it, and is told so at login), `closed` (registration
// answers 403), `invite` (registration needs an unused invitation code an administrator created).

export const REGISTRATION_MODES = ["open", "approval", "closed", "invite"] as const;
export type RegistrationMode = Settings["registration"];

export const registrationMode = (db: DbOrTx): Promise<RegistrationMode> => readSetting(db, "registration");

export const setRegistrationInput = z.object({ mode: z.enum(REGISTRATION_MODES, "field.registrationMode") });

// POST /api/admin/settings/registration {mode} (administrators)
export async function setRegistrationMode(ctx: Ctx, input: z.output<typeof setRegistrationInput>): Promise<{ mode: RegistrationMode }> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  await ctx.db.$transaction(async (tx) => {
    const before = await registrationMode(tx);
    await writeSetting(tx, "registration", input.mode);
    await recordAudit(tx, {
      actor: staff,
      action: "settings.registration",
      targetType: "setting",
      targetId: "registration",
      before: { mode: before },
      after: { mode: input.mode },
    });
  });
  return { mode: input.mode };
}

// GET /api/admin/settings/registration (staff)
export async function getRegistrationMode(ctx: Ctx): Promise<{ mode: RegistrationMode }> {
  await requireStaff(ctx, "MODERATOR");
  return { mode: await registrationMode(ctx.db) };
}

/**
 * What registration may do now, checked first by register-user: 403 while closed; in `invite` mode the
 * code must name an unused invitation (it is used in `tx`, the registration's transaction, later).
 */
export async function checkRegistrationOpen(db: DbOrTx, invitationCode: string | undefined): Promise<RegistrationMode> {
  const mode = await registrationMode(db);
  if (mode === "closed") throw new DomainError("FORBIDDEN", "error.registrationClosed");
  if (mode === "invite") {
    if (!invitationCode) throw invalidField("invitationCode", "field.invitationRequired");
    const found = await db.invitation.findUnique({ where: { codeHash: codeHash(invitationCode) }, select: { usedAt: true } });
    if (!found || found.usedAt) throw invalidField("invitationCode", "field.invitationInvalid");
  }
  return mode;
}

/** Uses the invitation for `userId` in the registration's transaction; refused when another registration used it first. */
export async function useInvitation(tx: DbOrTx, invitationCode: string, userId: string): Promise<void> {
  const { count } = await tx.invitation.updateMany({
    where: { codeHash: codeHash(invitationCode), usedAt: null },
    data: { usedAt: new Date(), usedById: userId },
  });
  if (count === 0) throw invalidField("invitationCode", "field.invitationInvalid");
}

/** An invitation code as stored: hashed, in any case a person types it. */
const codeHash = (code: string) => hashToken(code.trim().toUpperCase());

/** 32 letters and digits without the look-alikes (0/O, 1/I): a byte modulo 32 picks one without bias. */
const CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** An invitation code: 16 characters (80 random bits) in 4 groups, easy to read out. */
const newInvitationCode = () => [...randomBytes(16)].map((b, i) => (i > 0 && i % 4 === 0 ? "-" : "") + CODE_ALPHABET[b % 32]).join("");

// POST /api/admin/invitations -> 201 {invitationCode} (administrators; the code is shown once, stored hashed)
export async function createInvitation(ctx: Ctx): Promise<{ invitationCode: string; createdAt: Date }> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  const invitationCode = newInvitationCode();
  const created = await ctx.db.$transaction(async (tx) => {
    const row = await tx.invitation.create({ data: { codeHash: codeHash(invitationCode), createdByCode: staff.userCode } });
    await recordAudit(tx, { actor: staff, action: "invitation.create", targetType: "invitation", targetId: row.id });
    return row;
  });
  return { invitationCode, createdAt: created.createdAt };
}

export const approveUserInput = z.object({ userCode: z.string().max(100) });

// POST /api/admin/users/{userCode}/approve - an account waiting for approval becomes ACTIVE; the user is told by mail
export async function approveUser(ctx: Ctx, input: z.output<typeof approveUserInput>): Promise<{ userCode: string; status: "ACTIVE" }> {
  const staff = await requireStaff(ctx, "MODERATOR");
  const user = await ctx.db.user.findFirst({
    where: { userCode: { equals: input.userCode, mode: "insensitive" } },
    select: { id: true, userCode: true, status: true, email: true, language: true },
  });
  if (!user) throw notFound("error.userNotFound");
  if (user.status !== "AWAITING_APPROVAL") throw new DomainError("CONFLICT", "error.userNotAwaitingApproval");
  await ctx.db.$transaction(async (tx) => {
    await tx.user.update({ where: { id: user.id }, data: { status: "ACTIVE" } });
    await recordAudit(tx, {
      actor: staff,
      action: "user.approve",
      targetType: "user",
      targetId: user.userCode,
      before: { status: "AWAITING_APPROVAL" },
      after: { status: "ACTIVE" },
    });
    await queueMail(tx, approvedMail(user.email, user.language));
  });
  wakeLocalWorkers();
  return { userCode: user.userCode, status: "ACTIVE" };
}
