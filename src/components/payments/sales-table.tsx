import { useLocale, useTranslations } from "next-intl";
import type { SaleView } from "@/server/domain/payments/list-sales";
import { DataTable } from "@/components/data-table";
import { formatPrice, formatShortDay } from "@/lib/format";
import { ItemCell } from "./item-cell";

/** A page of the creator's ledger: what sold (or was refunded), when, to whom, and who got what. */
export function SalesTable({ sales }: { sales: SaleView[] }) {
  const t = useTranslations("sales.table");
  const locale = useLocale();
  const money = (cents: number, currency: string) => formatPrice(cents, currency, locale);
  const columns = [
    { label: t("date") },
    { label: t("item") },
    { label: t("buyer") },
    { label: t("gross"), numeric: true },
    { label: t("fee"), numeric: true },
    { label: t("net"), numeric: true },
  ];
  return (
    <DataTable caption={t("caption")} columns={columns} stack testId="sales-table">
      {sales.map((s) => (
        <tr key={s.entryId} data-testid="sale-row">
          <td data-label={t("date")} className="table__date">
            {formatShortDay(s.date, locale)}
          </td>
          <ItemCell title={s.title} kind={s.kind}>
            {(s.type === "REFUND" || s.type === "SHARE_REFUND") && <span className="badge badge--danger">{t("refund")}</span>}
            {(s.type === "SHARE" || s.type === "SHARE_REFUND") && <span className="badge">{t("share")}</span>}
          </ItemCell>
          <td data-label={t("buyer")}>{s.buyer ?? <span className="muted">{t("anonymous")}</span>}</td>
          <td data-label={t("gross")} className="num">
            {money(s.grossCents, s.currency)}
          </td>
          <td data-label={t("fee")} className="num">
            {money(s.feeCents, s.currency)}
          </td>
          <td data-label={t("net")} className="num">
            {money(s.netCents, s.currency)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
