import { z } from "zod";
import type { PaymentKind, PaymentStatus } from "@/generated/prisma/enums";
import type { Ctx } from "@/server/domain/context";
import { requireUserId } from "@/server/domain/context";
import { searchPage, searchRequest, type SearchPage } from "@/server/domain/shared/search";

export const listPurchasesInput = searchRequest.pick({ pageSize: true, pageIndex: true });

/** One thing the caller bought. */
export interface PurchaseView {
  trackingId: string;
  kind: PaymentKind;
  /** The item as its context names it (license id, vodId, ...): the portal links to it. */
  itemId: string;
  title: string;
  amountCents: number;
  currency: string;
  /** PAID, or REFUNDED since. */
  status: Extract<PaymentStatus, "PAID" | "REFUNDED">;
  paidAt: Date;
}

const BOUGHT: PurchaseView["status"][] = ["PAID", "REFUNDED"];

// The portal's Purchases page: what the caller paid for (paid, or refunded since), newest first. Attempts
// that were never paid (pending, cancelled, failed, expired) are no purchases. Payments made with a
// public token have no buyer and are nobody's here.
export async function listPurchases(ctx: Ctx, input: z.output<typeof listPurchasesInput>): Promise<SearchPage<PurchaseView>> {
  const buyerId = requireUserId(ctx);
  const where = { buyerId, status: { in: BOUGHT } };
  const [totalCount, rows] = await Promise.all([
    ctx.db.payment.count({ where }),
    ctx.db.payment.findMany({
      where,
      orderBy: [{ paidAt: "desc" }, { id: "desc" }],
      skip: input.pageIndex * input.pageSize,
      take: input.pageSize,
      select: { trackingId: true, kind: true, itemId: true, title: true, amountCents: true, currency: true, status: true, paidAt: true },
    }),
  ]);
  const items = rows.flatMap((r): PurchaseView[] =>
    // a PAID or REFUNDED payment always has its paidAt
    r.paidAt ? [{ ...r, status: r.status as PurchaseView["status"], paidAt: r.paidAt }] : [],
  );
  return searchPage(input, totalCount, items);
}
