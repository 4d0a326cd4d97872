import { z } from "zod";
import { zText } from "@/server/core/schema";
import type { Takedown } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { queueMail } from "@/server/mail/queue-mail";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { recordAudit } from "./audit";
import { requireStaff } from "./staff";
import { liftTakedown, loadTakedown } from "./takedowns";
import { appealDecisionMail } from "./moderation-mails";
import type { TargetType } from "./takedown-targets";

// Statements of reasons and appeals (issue 25 item 5): an owner reads every takedown of theirs (what,
// why, which rule, how it was decided, in force or not) and may appeal each once while it is in force;
// a moderator upholds it or reverses it (the target is restored) with a response, and the owner is told.

/** GET /api/user/me/notices - the caller's statements of reasons, newest first. */
export async function listMyNotices(ctx: Ctx): Promise<Takedown[]> {
  const ownerId = requireUserId(ctx);
  return ctx.db.takedown.findMany({ where: { ownerId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 200 });
}

export const appealInput = z.object({
  takedownId: z.string().max(100),
  text: zText(5000),
});

// POST /api/user/me/notices/{takedownId}/appeal {text} - the owner's one appeal of a takedown in force
export async function appealTakedown(ctx: Ctx, input: z.output<typeof appealInput>): Promise<Takedown> {
  const ownerId = requireUserId(ctx);
  const takedown = await loadTakedown(ctx.db, input.takedownId);
  // another owner's takedown does not exist for the caller
  if (takedown.ownerId !== ownerId) throw notFound("error.takedownNotFound");
  if (takedown.restoredAt) throw new DomainError("CONFLICT", "error.takedownLifted");
  // conditional: of two concurrent appeals one is recorded
  const { count } = await ctx.db.takedown.updateMany({
    where: { id: takedown.id, appealedAt: null, restoredAt: null },
    data: { appealText: input.text, appealedAt: new Date() },
  });
  if (count === 0) throw new DomainError("CONFLICT", "error.appealTwice");
  return (await ctx.db.takedown.findUnique({ where: { id: takedown.id } }))!;
}

export const listAppealsInput = z.object({ state: z.enum(["pending", "decided", "all"]).default("pending") });

/** GET /api/admin/appeals - the appeals, the oldest waiting first (staff). */
export async function listAppeals(ctx: Ctx, input: z.output<typeof listAppealsInput>): Promise<Takedown[]> {
  await requireStaff(ctx, "MODERATOR");
  return ctx.db.takedown.findMany({
    where: {
      appealedAt: { not: null },
      appealDecidedAt: input.state === "pending" ? null : input.state === "decided" ? { not: null } : undefined,
    },
    orderBy: input.state === "pending" ? [{ appealedAt: "asc" }] : [{ appealedAt: "desc" }],
    take: 200,
  });
}

export const decideAppealInput = z.object({
  takedownId: z.string().max(100),
  outcome: z.enum(["upheld", "reversed"], "field.appealOutcome"),
  response: zText(5000),
});

// POST /api/admin/takedowns/{takedownId}/appeal {outcome, response} - a moderator decides the appeal:
// reversed restores the target; upheld keeps it down. The owner is told either way.
export async function decideAppeal(ctx: Ctx, input: z.output<typeof decideAppealInput>): Promise<Takedown> {
  const staff = await requireStaff(ctx, "MODERATOR");
  const takedown = await loadTakedown(ctx.db, input.takedownId);
  if (!takedown.appealedAt || takedown.appealDecidedAt) throw new DomainError("CONFLICT", "error.appealNotOpen");
  await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.takedown.updateMany({
      where: { id: takedown.id, appealDecidedAt: null },
      data: {
        appealDecidedAt: new Date(),
        appealDecidedByCode: staff.userCode,
        appealOutcome: input.outcome,
        appealResponse: input.response,
      },
    });
    if (count === 0) throw new DomainError("CONFLICT", "error.appealNotOpen");
    if (input.outcome === "reversed" && !takedown.restoredAt) {
      await liftTakedown(tx, staff, takedown, input.response, "appeal.reverse", true);
    } else {
      await recordAudit(tx, {
        actor: staff,
        action: input.outcome === "reversed" ? "appeal.reverse" : "appeal.uphold",
        targetType: takedown.targetType,
        targetId: takedown.targetId,
        before: { takedownId: takedown.id, appeal: "pending" },
        after: { appeal: input.outcome },
        reason: input.response,
      });
    }
    const owner = takedown.ownerId
      ? await tx.user.findUnique({ where: { id: takedown.ownerId }, select: { email: true, language: true } })
      : null;
    if (owner) {
      await queueMail(
        tx,
        appealDecisionMail(owner.email, owner.language, {
          targetType: takedown.targetType as TargetType,
          label: takedown.targetLabel,
          outcome: input.outcome,
          response: input.response,
        }),
      );
    }
  });
  wakeLocalWorkers();
  return (await ctx.db.takedown.findUnique({ where: { id: takedown.id } }))!;
}
