import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { Pager, pageIndexFrom } from "@/components/pager";
import { RevenueChart } from "@/components/payments/revenue-chart";
import { SalesTable } from "@/components/payments/sales-table";
import { SalesTotalsView } from "@/components/payments/sales-totals";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("sales");

const PAGE_SIZE = 25;

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /sales - what the creator's items sold: all-time totals, the daily net revenue of the last 30
// days, and the ledger's entries (sales and refunds) page by page (?page=).
export default async function SalesPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/sales");
  const pageIndex = pageIndexFrom((await searchParams).page);
  const [summary, page, t] = await Promise.all([
    caller.payments.salesSummary(),
    caller.payments.sales({ pageIndex, pageSize: PAGE_SIZE }),
    getTranslations("sales"),
  ]);
  const totals = summary.totals.length
    ? summary.totals
    : [{ currency: summary.currency, sales: 0, refunds: 0, grossCents: 0, feeCents: 0, netCents: 0 }];
  return (
    <div className="container">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <section className="card" aria-labelledby="totals-title">
        <h2 id="totals-title">{t("allTime")}</h2>
        {totals.map((t) => (
          <SalesTotalsView key={t.currency} totals={t} />
        ))}
      </section>
      <section className="card" aria-labelledby="revenue-title">
        <h2 id="revenue-title">{t("last30")}</h2>
        <RevenueChart days={summary.daily} currency={summary.currency} />
      </section>
      <section className="card" aria-labelledby="list-title">
        <h2 id="list-title">{t("every")}</h2>
        {page.items.length > 0 ? (
          <SalesTable sales={page.items} />
        ) : (
          <p className="muted" data-testid="sales-empty">
            {page.totalCount > 0 ? (
              <>
                {t("emptyPage")} <Link href="/sales">{t("newest")}</Link>
              </>
            ) : (
              <>
                {t("none")} <Link href="/box">{t("toBox")}</Link>
              </>
            )}
          </p>
        )}
        <Pager path="/sales" pageIndex={pageIndex} pageCount={page.pageCount} />
      </section>
    </div>
  );
}
