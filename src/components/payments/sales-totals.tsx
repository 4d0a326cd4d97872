import { useLocale, useTranslations } from "next-intl";
import type { SalesTotals } from "@/server/domain/payments/sales-summary";
import { formatPrice } from "@/lib/format";

/** All-time totals in one currency: what buyers paid, the platform's fee, what the creator earned. */
export function SalesTotalsView({ totals }: { totals: SalesTotals }) {
  const t = useTranslations("sales.totals");
  const locale = useLocale();
  const money = (cents: number) => formatPrice(cents, totals.currency, locale);
  const stats = [
    { label: t("gross"), value: money(totals.grossCents), id: "gross" },
    { label: t("fee"), value: money(totals.feeCents), id: "fee" },
    { label: t("net"), value: money(totals.netCents), id: "net" },
    {
      label: totals.refunds ? t("salesRefunds") : t("sales"),
      value: totals.refunds ? `${totals.sales} (${totals.refunds})` : String(totals.sales),
      id: "count",
    },
  ];
  return (
    <dl className="stats">
      {stats.map((s) => (
        <div key={s.id} className="stat">
          <dt className="stat__label">{s.label}</dt>
          <dd className="stat__value" data-testid={`sales-total-${s.id}`}>
            {s.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
