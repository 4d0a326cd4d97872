import { z } from "zod";
import type { PaymentKind, PaymentStatus } from "@/generated/prisma/enums";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
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
  /** Every state, each named on the page: pending, paid, cancelled, failed, expired, refunded. */
  status: PaymentStatus;
  /** When it was paid; absent for a payment never paid. */
  paidAt?: Date;
  /** When it was opened. */
  createdAt: Date;
}

// The Library's payments: every payment the caller opened, whatever became of it (paid, refunded since,
// cancelled, failed, expired or still waiting), newest first, so an unpaid attempt is named for what it
// is. Payments made with a public token have no buyer and are nobody's here.
export async function listPurchases(ctx: Ctx, input: z.output<typeof listPurchasesInput>): Promise<SearchPage<PurchaseView>> {
  const buyerId = requireUserId(ctx);
  const where = { buyerId };
  const [totalCount, rows] = await Promise.all([
    ctx.db.payment.count({ where }),
    ctx.db.payment.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: input.pageIndex * input.pageSize,
      take: input.pageSize,
      select: {
        trackingId: true,
        kind: true,
        itemId: true,
        title: true,
        amountCents: true,
        currency: true,
        status: true,
        paidAt: true,
        createdAt: true,
      },
    }),
  ]);
  const items = rows.map((r): PurchaseView => ({ ...r, paidAt: r.paidAt ?? undefined }));
  return searchPage(input, totalCount, items);
}
