import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { env } from "@/server/env";
import { isoDay } from "@/lib/format";

/** Days of the revenue series: today (UTC) and the 29 before it. */
export const SALES_SERIES_DAYS = 30;
const DAY_MS = 86_400_000;

/** All of a creator's ledger in one currency: refunds are counted apart and their negative amounts included. */
export interface SalesTotals {
  currency: string;
  sales: number;
  refunds: number;
  grossCents: number;
  feeCents: number;
  netCents: number;
}

/** One UTC calendar day of the revenue series (refunds of the day included). */
export interface SalesDay {
  /** Midnight UTC. */
  day: Date;
  sales: number;
  grossCents: number;
  netCents: number;
}

export interface SalesSummary {
  /** One per currency the creator ever sold in (one, unless the instance changed its CURRENCY); none before the first sale. */
  totals: SalesTotals[];
  /** The currency of `daily`: the instance's. */
  currency: string;
  /** SALES_SERIES_DAYS days, oldest first, days without sales included with zeros. */
  daily: SalesDay[];
}

/** Midnight UTC of the day `days` days before the day of `d`. */
const utcDay = (d: Date, days = 0) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - days));

// The portal's Sales page, above the list: the caller's totals (gross, the platform's fee, net) and the
// daily revenue of the last 30 days. Both are summed by the database over the ledger's
// (sellerId, createdAt) index; the series is grouped by UTC day, as the portal shows days.
export async function salesSummary(ctx: Ctx, now = new Date()): Promise<SalesSummary> {
  const sellerId = requireUserId(ctx);
  const currency = env().CURRENCY;
  const first = utcDay(now, SALES_SERIES_DAYS - 1);
  const end = utcDay(now, -1);
  const [grouped, dayRows] = await Promise.all([
    ctx.db.ledgerEntry.groupBy({
      by: ["currency", "type"],
      where: { sellerId },
      _count: { _all: true },
      _sum: { grossCents: true, feeCents: true, netCents: true },
      orderBy: [{ currency: "asc" }, { type: "asc" }],
    }),
    // the bounds are UTC calendar days as text: the column holds UTC times without a zone
    ctx.db.$queryRaw<{ day: string; sales: bigint | number; gross: bigint | number; net: bigint | number }[]>`
      SELECT to_char(date_trunc('day', "createdAt"), 'YYYY-MM-DD') AS day,
             count(*) FILTER (WHERE "type" IN ('SALE', 'SHARE')) AS sales,
             sum("grossCents") AS gross,
             sum("netCents") AS net
      FROM "LedgerEntry"
      WHERE "sellerId" = ${sellerId}::uuid AND "currency" = ${currency}
        AND "createdAt" >= ${isoDay(first)}::timestamp AND "createdAt" < ${isoDay(end)}::timestamp
      GROUP BY 1`,
  ]);

  const totals = new Map<string, SalesTotals>();
  for (const g of grouped) {
    const t = totals.get(g.currency) ?? { currency: g.currency, sales: 0, refunds: 0, grossCents: 0, feeCents: 0, netCents: 0 };
    if (g.type === "SALE" || g.type === "SHARE") t.sales += g._count._all;
    else t.refunds += g._count._all;
    t.grossCents += g._sum.grossCents ?? 0;
    t.feeCents += g._sum.feeCents ?? 0;
    t.netCents += g._sum.netCents ?? 0;
    totals.set(g.currency, t);
  }

  const byDay = new Map(dayRows.map((r) => [r.day, r]));
  const daily = Array.from({ length: SALES_SERIES_DAYS }, (_, i): SalesDay => {
    const day = new Date(first.getTime() + i * DAY_MS);
    const row = byDay.get(isoDay(day));
    return { day, sales: Number(row?.sales ?? 0), grossCents: Number(row?.gross ?? 0), netCents: Number(row?.net ?? 0) };
  });
  return { totals: [...totals.values()], currency, daily };
}
