import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { PurchaseView } from "@/server/domain/payments/list-purchases";
import type { SearchPage } from "@/server/domain/shared/search";
import { DataTable } from "@/components/data-table";
import { Pager } from "@/components/pager";
import { formatPrice, formatShortDay } from "@/lib/format";
import { ItemCell } from "./item-cell";
import { paymentStateBadge } from "./payment-state";
import { purchaseLink } from "./purchase-link";

/** Every payment the viewer opened (payments.purchases), newest first, each state named; paged at `path`. */
export function PaymentsTable({ page, pageIndex, path }: { page: SearchPage<PurchaseView>; pageIndex: number; path: string }) {
  const t = useTranslations("payments");
  const locale = useLocale();
  const columns = [
    { label: t("table.date") },
    { label: t("table.item") },
    { label: t("table.price"), numeric: true },
    { label: t("table.status") },
    { label: t("table.link"), hiddenLabel: true },
  ];
  return (
    <section className="card library-section" aria-labelledby="payments-title">
      <h2 id="payments-title">{t("table.title")}</h2>
      {page.items.length > 0 ? (
        <DataTable caption={t("table.caption")} columns={columns} stack testId="purchases-table">
          {page.items.map((p) => {
            const link = p.status === "PAID" ? purchaseLink(p.kind, p.itemId) : undefined;
            const badge = paymentStateBadge(p.status);
            return (
              <tr key={p.trackingId} data-testid="purchase-row" data-status={p.status}>
                <td data-label={t("table.date")} className="table__date">
                  {formatShortDay(p.paidAt ?? p.createdAt, locale)}
                </td>
                <ItemCell title={p.title} kind={p.kind} />
                <td data-label={t("table.price")} className="num">
                  {formatPrice(p.amountCents, p.currency, locale)}
                </td>
                <td data-label={t("table.status")}>
                  {badge ? <span className={badge}>{t(`state.${p.status}`)}</span> : t(`state.${p.status}`)}
                </td>
                <td>
                  {link && (
                    <Link href={link.href} aria-label={`${t(`link.${link.label}`)}: ${p.title}`}>
                      {t(`link.${link.label}`)}
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </DataTable>
      ) : (
        <p className="muted" data-testid="purchases-empty">
          {page.totalCount > 0 ? t.rich("table.emptyPage", { back: (chunks) => <Link href={path}>{chunks}</Link> }) : t("table.none")}
        </p>
      )}
      <Pager path={path} pageIndex={pageIndex} pageCount={page.pageCount} />
    </section>
  );
}
