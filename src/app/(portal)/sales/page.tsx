import Link from "next/link";
import { Pager, pageIndexFrom } from "@/components/pager";
import { RevenueChart } from "@/components/payments/revenue-chart";
import { SalesTable } from "@/components/payments/sales-table";
import { SalesTotalsView } from "@/components/payments/sales-totals";
import { requirePortalCaller } from "@/server/portal/session";

export const metadata = { title: "Sales" };

const PAGE_SIZE = 25;

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /sales - what the creator's items sold: all-time totals, the daily net revenue of the last 30
// days, and the ledger's entries (sales and refunds) page by page (?page=).
export default async function SalesPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/sales");
  const pageIndex = pageIndexFrom((await searchParams).page);
  const [summary, page] = await Promise.all([caller.payments.salesSummary(), caller.payments.sales({ pageIndex, pageSize: PAGE_SIZE })]);
  const totals = summary.totals.length
    ? summary.totals
    : [{ currency: summary.currency, sales: 0, refunds: 0, grossCents: 0, feeCents: 0, netCents: 0 }];
  return (
    <div className="container">
      <h1>Sales</h1>
      <p className="muted">What viewers paid for your contents. The platform keeps its fee; the net is yours.</p>
      <section className="card" aria-labelledby="totals-title">
        <h2 id="totals-title">All time</h2>
        {totals.map((t) => (
          <SalesTotalsView key={t.currency} totals={t} />
        ))}
      </section>
      <section className="card" aria-labelledby="revenue-title">
        <h2 id="revenue-title">Last 30 days</h2>
        <RevenueChart days={summary.daily} currency={summary.currency} />
      </section>
      <section className="card" aria-labelledby="list-title">
        <h2 id="list-title">Every sale</h2>
        {page.items.length > 0 ? (
          <SalesTable sales={page.items} />
        ) : (
          <p className="muted" data-testid="sales-empty">
            {page.totalCount > 0 ? (
              <>
                Nothing on this page. <Link href="/sales">Back to the newest sales</Link>
              </>
            ) : (
              <>
                No sales yet. When viewers buy your videos, they show up here. <Link href="/box">Go to your box</Link>
              </>
            )}
          </p>
        )}
        <Pager path="/sales" pageIndex={pageIndex} pageCount={page.pageCount} />
      </section>
    </div>
  );
}
