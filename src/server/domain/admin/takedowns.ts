import { z } from "zod";
import { zText } from "@/server/core/schema";
import type { Takedown } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import type { DbOrTx } from "@/server/db/client";
import { normalizeUuid } from "@/server/core/uuid";
import { env } from "@/server/env";
import { queueMail } from "@/server/mail/queue-mail";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { recordAudit } from "./audit";
import { requireStaff, type StaffMember } from "./staff";
import { findTarget, markTarget, TARGET_TYPES, type Target, type TargetType } from "./takedown-targets";
import { restoredMail, statementMail } from "./moderation-mails";
import { closeReportsOf } from "./reports";

// Takedowns (issue 25 item 5): a moderator hides a vod, bundle, live channel, cast channel or a user's
// public page with a reason. The data stays; the target's row names the takedown in force, and every
// public read answers 451 with the reason (refuseTakenDown), listings leave it out, a cast channel goes
// off air. The owner gets a statement of reasons (mail, and the portal's notices) and may appeal once.
// Restoring (DELETE) clears the mark: everything comes back as it was.

export const createTakedownInput = z.object({
  targetType: z.enum(TARGET_TYPES, "field.targetType"),
  targetId: z.string("field.required").min(1, "field.required").max(200),
  reason: zText(2000),
  rule: zText(200).optional(),
  reportId: z.uuid("field.reportId").optional(),
});
export const restoreTakedownInput = z.object({ takedownId: z.string().max(100), reason: zText(2000).optional() });

/** Where an owner reads statements of reasons and appeals. */
export const noticesUrl = () => `${env().publicUrl}/notices`;

async function tellOwner(tx: DbOrTx, ownerId: string, mail: (to: string, language: string) => Parameters<typeof queueMail>[1]) {
  const owner = await tx.user.findUnique({ where: { id: ownerId }, select: { email: true, language: true } });
  if (owner) await queueMail(tx, mail(owner.email, owner.language));
}

/** Takes `target` down in `tx` (the caller's transaction): the row, the mark, the audit entry, the statement. */
export async function takeDown(
  tx: DbOrTx,
  staff: StaffMember,
  target: Target,
  what: { reason: string; rule?: string; reportId?: string },
): Promise<Takedown> {
  if (target.takedownId) throw new DomainError("CONFLICT", "error.alreadyTakenDown");
  const takedown = await tx.takedown.create({
    data: {
      targetType: target.type,
      targetId: target.id,
      targetLabel: target.label,
      ownerId: target.ownerId,
      reason: what.reason,
      rule: what.rule,
      reportId: what.reportId,
      createdById: staff.id,
      createdByCode: staff.userCode,
    },
  });
  await markTarget(tx, target, takedown.id);
  await recordAudit(tx, {
    actor: staff,
    action: "takedown.create",
    targetType: target.type,
    targetId: target.id,
    before: { takenDown: false },
    after: { takenDown: true, takedownId: takedown.id },
    reason: what.reason,
  });
  await closeReportsOf(tx, staff, target, "takedown", takedown.id);
  await tellOwner(tx, target.ownerId, (to, language) =>
    statementMail(to, language, {
      targetType: target.type,
      label: target.label,
      reason: what.reason,
      rule: what.rule ?? null,
      fromReport: Boolean(what.reportId),
      noticesUrl: noticesUrl(),
    }),
  );
  return takedown;
}

// POST /api/admin/takedowns {targetType, targetId, reason} -> 201 {takedownId, ...}
export async function createTakedown(ctx: Ctx, input: z.output<typeof createTakedownInput>): Promise<Takedown> {
  const staff = await requireStaff(ctx, "MODERATOR");
  const target = await findTarget(ctx.db, input.targetType, input.targetId);
  if (!target) throw notFound("error.targetNotFound");
  const takedown = await ctx.db
    .$transaction((tx) => takeDown(tx, staff, target, input))
    .catch((err: unknown) => {
      // a concurrent takedown of the same target won (Takedown_in_force_key)
      if ((err as { code?: string }).code === "P2002") throw new DomainError("CONFLICT", "error.alreadyTakenDown");
      throw err;
    });
  wakeLocalWorkers();
  return takedown;
}

/**
 * Lifts `takedown` in `tx`: the target shows again, the audit says who and why, and the owner is told
 * (unless `told`: an appeal's decision says it).
 */
export async function liftTakedown(
  tx: DbOrTx,
  staff: StaffMember,
  takedown: Takedown,
  reason: string | undefined,
  action: string,
  told = false,
): Promise<void> {
  await tx.takedown.update({
    where: { id: takedown.id },
    data: { restoredAt: new Date(), restoredByCode: staff.userCode, restoreReason: reason },
  });
  const target = await findTarget(tx, takedown.targetType as TargetType, takedown.targetId);
  if (target && target.takedownId === takedown.id) await markTarget(tx, target, null);
  await recordAudit(tx, {
    actor: staff,
    action,
    targetType: takedown.targetType,
    targetId: takedown.targetId,
    before: { takenDown: true, takedownId: takedown.id },
    after: { takenDown: false },
    reason,
  });
  if (target && !told) await tellOwner(tx, target.ownerId, (to, language) => restoredMail(to, language, target.type, target.label));
}

/** A takedown by the id the interface names it with; 404 for none (or text that cannot be an id). */
export async function loadTakedown(db: DbOrTx, takedownId: string): Promise<Takedown> {
  const id = normalizeUuid(takedownId.trim());
  const takedown = id ? await db.takedown.findUnique({ where: { id } }) : null;
  if (!takedown) throw notFound("error.takedownNotFound");
  return takedown;
}

// DELETE /api/admin/takedowns/{takedownId} -> 204: restores the target (a takedown lifted already: 204, nothing changes)
export async function restoreTakedown(ctx: Ctx, input: z.output<typeof restoreTakedownInput>): Promise<void> {
  const staff = await requireStaff(ctx, "MODERATOR");
  const takedown = await loadTakedown(ctx.db, input.takedownId);
  if (takedown.restoredAt) return;
  await ctx.db.$transaction((tx) => liftTakedown(tx, staff, takedown, input.reason, "takedown.restore"));
  wakeLocalWorkers();
}

export const listTakedownsInput = z.object({
  inForce: z.enum(["true", "false"]).optional(),
  targetType: z.enum(TARGET_TYPES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** The takedowns, newest first (staff). */
export async function listTakedowns(ctx: Ctx, input: z.output<typeof listTakedownsInput>): Promise<Takedown[]> {
  await requireStaff(ctx, "MODERATOR");
  return ctx.db.takedown.findMany({
    where: {
      targetType: input.targetType,
      restoredAt: input.inForce === undefined ? undefined : input.inForce === "true" ? null : { not: null },
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit,
  });
}
