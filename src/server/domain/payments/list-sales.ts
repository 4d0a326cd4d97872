import { z } from "zod";
import type { LedgerEntryType, PaymentKind } from "@/generated/prisma/enums";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { searchPage, searchRequest, type SearchPage } from "@/server/domain/shared/search";

export const listSalesInput = searchRequest.pick({ pageSize: true, pageIndex: true });

/** One line of a creator's sales: a ledger entry (a sale, or the refund of one) with what was bought and by whom. */
export interface SaleView {
  entryId: string;
  type: LedgerEntryType;
  /** When the entry was written: the payment's settlement for a sale, the refund's time for a refund. */
  date: Date;
  kind: PaymentKind;
  itemId: string;
  /** The item as it was sold (the payment's title). */
  title: string;
  /** The buyer's userCode; absent for a viewer who paid with a public token, or whose account is gone ("anonymous"). */
  buyer?: string;
  /** Negative for a refund. */
  grossCents: number;
  feeCents: number;
  netCents: number;
  currency: string;
}

// The portal's Sales page: the caller's entries of the ledger (what their items sold, and refunds), newest
// first. Only entries whose seller is the caller: the platform's own sales (license plans) are nobody's.
// Paged with the index LedgerEntry(sellerId, createdAt).
export async function listSales(ctx: Ctx, input: z.output<typeof listSalesInput>): Promise<SearchPage<SaleView>> {
  const sellerId = requireUserId(ctx);
  const [totalCount, rows] = await Promise.all([
    ctx.db.ledgerEntry.count({ where: { sellerId } }),
    ctx.db.ledgerEntry.findMany({
      where: { sellerId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: input.pageIndex * input.pageSize,
      take: input.pageSize,
      select: {
        id: true,
        type: true,
        createdAt: true,
        grossCents: true,
        feeCents: true,
        netCents: true,
        currency: true,
        payment: { select: { kind: true, itemId: true, title: true, buyer: { select: { userCode: true } } } },
      },
    }),
  ]);
  const items = rows.map((r): SaleView => ({
    entryId: r.id,
    type: r.type,
    date: r.createdAt,
    kind: r.payment.kind,
    itemId: r.payment.itemId,
    title: r.payment.title,
    buyer: r.payment.buyer?.userCode,
    grossCents: r.grossCents,
    feeCents: r.feeCents,
    netCents: r.netCents,
    currency: r.currency,
  }));
  return searchPage(input, totalCount, items);
}
