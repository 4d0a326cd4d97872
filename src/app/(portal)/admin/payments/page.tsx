import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { AdminSearch } from "@/components/admin/admin-search";
import { RefundButton } from "@/components/admin/staff-actions";
import { formatDay, formatPrice } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consolePayments");

type Search = Promise<Record<string, string | string[] | undefined>>;
const STATUSES = ["PENDING", "PAID", "CANCELLED", "FAILED", "EXPIRED", "REFUNDED"] as const;

// GET /admin/payments?q=&status= - payments by trackingId, buyer, seller, guest e-mail or title
// (admin.payments, administrators); refund a paid one through its provider.
export default async function AdminPaymentsPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/admin/payments");
  const search = await searchParams;
  const q = typeof search.q === "string" ? search.q : "";
  const status = STATUSES.find((s) => s === search.status);
  const [payments, t, locale] = await Promise.all([
    tryCall(() => caller.admin.payments({ q: q || undefined, status, limit: 50 })),
    getTranslations("console.payments"),
    getLocale(),
  ]);
  return (
    <>
      <h1>{t("title")}</h1>
      <AdminSearch
        action="/admin/payments"
        label={t("search")}
        query={{ label: t("query"), value: q }}
        filter={{
          name: "status",
          label: t("status"),
          any: t("anyStatus"),
          value: status ?? "",
          options: STATUSES.map((s) => ({ value: s, label: s })),
        }}
        submit={t("search")}
      />
      {!payments.ok ? (
        <p className="notice notice--info">{payments.message}</p>
      ) : payments.data.length === 0 ? (
        <p className="card">{t("none")}</p>
      ) : (
        <DataTable
          caption={t("title")}
          stack
          testId="admin-payments"
          columns={[
            { label: t("when") },
            { label: t("item") },
            { label: t("amount"), numeric: true },
            { label: t("buyer") },
            { label: t("seller") },
            { label: t("status") },
            { label: t("actions"), hiddenLabel: true },
          ]}
        >
          {payments.data.map((p) => (
            <tr key={p.trackingId} data-testid="admin-payment">
              <td data-label={t("when")}>
                <time dateTime={p.createdAt.toISOString()}>{formatDay(p.createdAt, locale)}</time>
              </td>
              <td data-label={t("item")}>
                {p.title}
                <div className="muted">{p.trackingId}</div>
              </td>
              <td data-label={t("amount")} className="num">
                {formatPrice(p.amountCents, p.currency, locale)}
              </td>
              <td data-label={t("buyer")}>{p.buyer ?? "–"}</td>
              <td data-label={t("seller")}>{p.seller ?? t("platform")}</td>
              <td data-label={t("status")}>
                {p.status} <span className="muted">({p.provider})</span>
              </td>
              <td data-label={t("actions")}>{p.status === "PAID" && <RefundButton trackingId={p.trackingId} title={p.title} />}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
