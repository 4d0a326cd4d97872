import type { Prisma } from "@/generated/prisma/client";
import type { PaymentKind } from "@/generated/prisma/enums";
import type { Ctx, Actor } from "@/server/core/context";
import { invalidField, type DomainError, type FieldError } from "@/server/core/errors";
import type { PaymentRow } from "./payment-row";
import { resolvePayment } from "./resolve-payment";

/** Why a trackingId does not complete the purchase it is presented for. */
export type CompletionRefusal =
  | "UNKNOWN" // names no payment
  | "OTHER_ITEM" // a payment for something else
  | "OTHER_BUYER" // another user's payment
  | "NOT_PAID"; // PENDING, CANCELLED, FAILED, EXPIRED or REFUNDED

export type Completion =
  | { ok: true; payment: PaymentRow; /** false on a replay: nothing was granted this time */ firstTime: boolean }
  | { ok: false; reason: CompletionRefusal; payment?: PaymentRow };

const refusalMessage: Record<CompletionRefusal, FieldError["message"]> = {
  UNKNOWN: "field.trackingIdUnknown",
  OTHER_ITEM: "field.trackingIdOtherItem",
  OTHER_BUYER: "field.trackingIdOtherBuyer",
  NOT_PAID: "field.trackingIdNotPaid",
};

/** The 400 on `trackingId` that answers a refused completion (activate, acquire). */
export function trackingIdRefused(refused: { reason: CompletionRefusal; payment?: PaymentRow }): DomainError {
  return invalidField("trackingId", refusalMessage[refused.reason], { status: refused.payment?.status ?? "" });
}

/** A payment made by a user belongs to that user; one made with a public token to whoever holds its trackingId. */
export function isBuyer(payment: Pick<PaymentRow, "buyerId">, actor: Actor): boolean {
  return payment.buyerId === null || (actor.kind === "user" && actor.userId === payment.buyerId);
}

/**
 * Checks a trackingId presented to complete the purchase of (kind, itemId) by the caller, and
 * completes it once: the first completion of a PAID payment runs `grant` in the transaction that
 * marks it completed (a conditional update, so of two racing completions exactly one grants);
 * every later one is a replay (firstTime false) that grants nothing and lets the caller answer the
 * same result.
 */
export async function completePayment(
  ctx: Ctx,
  claim: { trackingId: unknown; kind: PaymentKind; itemId: string },
  grant: (tx: Prisma.TransactionClient, payment: PaymentRow) => Promise<void> = async () => undefined,
): Promise<Completion> {
  const payment = await resolvePayment(ctx.db, claim.trackingId);
  if (!payment) return { ok: false, reason: "UNKNOWN" };
  if (payment.kind !== claim.kind || payment.itemId !== claim.itemId) return { ok: false, reason: "OTHER_ITEM", payment };
  if (!isBuyer(payment, ctx.actor)) return { ok: false, reason: "OTHER_BUYER", payment };
  if (payment.status !== "PAID") return { ok: false, reason: "NOT_PAID", payment };
  // a replay: nothing to grant, and no write (plays present their trackingId on every call)
  if (payment.completedAt) return { ok: true, payment, firstTime: false };
  const firstTime = await ctx.db.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.payment.updateMany({
      where: { id: payment.id, status: "PAID", completedAt: null },
      data: { completedAt: now },
    });
    if (count === 1) await grant(tx, { ...payment, completedAt: now });
    return count === 1;
  });
  return { ok: true, payment, firstTime };
}

/** The latest PAID purchase of an item by a signed-in buyer, paid at or after `paidSince` (a viewer's entitlement). */
export async function findPurchase(
  ctx: Ctx,
  item: { kind: PaymentKind; itemId: string; paidSince?: Date },
): Promise<{ trackingId: string; paidAt: Date } | undefined> {
  if (ctx.actor.kind !== "user") return undefined;
  const row = await ctx.db.payment.findFirst({
    where: {
      buyerId: ctx.actor.userId,
      kind: item.kind,
      itemId: item.itemId,
      status: "PAID",
      ...(item.paidSince ? { paidAt: { gte: item.paidSince } } : {}),
    },
    orderBy: { paidAt: "desc" },
    select: { trackingId: true, paidAt: true },
  });
  return row?.paidAt ? { trackingId: row.trackingId, paidAt: row.paidAt } : undefined;
}
