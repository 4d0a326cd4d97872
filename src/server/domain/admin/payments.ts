import { z } from "zod";
import { zText } from "@/server/core/schema";
import type { Ctx } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { providerOf } from "@/server/payments/provider";
import { refundPayment } from "@/server/payments/settle-payment";
import { recordAudit } from "./audit";
import { requireStaff } from "./staff";

// Payments in the console (issue 25 item 2): administrators find any payment (by trackingId, buyer,
// seller, guest e-mail or title) and refund a paid one through its provider; the refund then settles
// here as a provider's refund does (settle-payment.ts refundPayment: REFUNDED, the ledger's REFUND
// entries, the purchase no longer entitles its buyer).

export const searchPaymentsInput = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(["PENDING", "PAID", "CANCELLED", "FAILED", "EXPIRED", "REFUNDED"]).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export interface AdminPaymentRow {
  trackingId: string;
  kind: string;
  title: string;
  amountCents: number;
  currency: string;
  status: string;
  provider: string;
  buyer: string | null;
  seller: string | null;
  createdAt: Date;
  paidAt: Date | null;
}

/** Payments newest first, any of them matching `q` (a trackingId, a user's code or e-mail, a guest e-mail, a title). */
export async function searchPayments(ctx: Ctx, input: z.output<typeof searchPaymentsInput>): Promise<AdminPaymentRow[]> {
  await requireStaff(ctx, "ADMINISTRATOR");
  const q = input.q || undefined;
  const users = q
    ? await ctx.db.user.findMany({
        where: { OR: [{ userCode: { equals: q, mode: "insensitive" } }, { email: q.toLowerCase() }] },
        select: { id: true },
      })
    : [];
  const ids = users.map((u) => u.id);
  const rows = await ctx.db.payment.findMany({
    where: {
      status: input.status,
      OR: q
        ? [
            { trackingId: q.toLowerCase() },
            { buyerId: { in: ids } },
            { sellerId: { in: ids } },
            { guestEmail: q.toLowerCase() },
            { title: { contains: q, mode: "insensitive" } },
          ]
        : undefined,
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit,
    select: {
      trackingId: true,
      kind: true,
      title: true,
      amountCents: true,
      currency: true,
      status: true,
      provider: true,
      buyerId: true,
      sellerId: true,
      guestEmail: true,
      createdAt: true,
      paidAt: true,
    },
  });
  const people = [...new Set(rows.flatMap((r) => [r.buyerId, r.sellerId]).filter((id): id is string => id !== null))];
  const codes = new Map(
    (await ctx.db.user.findMany({ where: { id: { in: people } }, select: { id: true, userCode: true } })).map((u) => [u.id, u.userCode]),
  );
  return rows.map(({ buyerId, sellerId, guestEmail, ...r }) => ({
    ...r,
    buyer: buyerId ? (codes.get(buyerId) ?? null) : guestEmail,
    seller: sellerId ? (codes.get(sellerId) ?? null) : null,
  }));
}

export const refundInput = z.object({
  trackingId: z.string().max(100),
  reason: zText(2000),
});

// POST /api/admin/payments/{trackingId}/refund {reason} - a paid payment refunded through its provider
export async function refundAsStaff(ctx: Ctx, input: z.output<typeof refundInput>): Promise<AdminPaymentRow> {
  const staff = await requireStaff(ctx, "ADMINISTRATOR");
  const trackingId = input.trackingId.trim().toLowerCase();
  const payment = await ctx.db.payment.findUnique({
    where: { trackingId },
    select: { trackingId: true, status: true, provider: true, providerRef: true },
  });
  if (!payment) throw notFound("error.paymentNotFound");
  if (payment.status !== "PAID") throw new DomainError("CONFLICT", "error.notRefundable");
  const provider = await providerOf(payment.provider);
  // a payment made with a provider this instance no longer runs cannot be refunded from here
  if (!provider) throw new DomainError("UNAVAILABLE", "error.paymentsUnavailable");
  await provider.refund(payment);
  await refundPayment(ctx.db, trackingId);
  await recordAudit(ctx.db, {
    actor: staff,
    action: "payment.refund",
    targetType: "payment",
    targetId: trackingId,
    before: { status: "PAID" },
    after: { status: "REFUNDED" },
    reason: input.reason,
  });
  const [row] = await searchPayments(ctx, { q: trackingId, limit: 1 });
  return row!;
}
