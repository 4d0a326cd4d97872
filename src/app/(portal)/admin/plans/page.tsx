import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { EditPlanButton } from "@/components/admin/staff-actions";
import { formatMoney } from "@/lib/wire";
import { formatPrice } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consolePlans");

// GET /admin/plans - the license plans with their price, period and quotas (licenses.list); an
// administrator edits each (admin.updatePlan).
export default async function AdminPlansPage() {
  const { caller } = await requirePortalCaller("/admin/plans");
  const [plans, role, t, locale] = await Promise.all([
    caller.licenses.list(),
    caller.admin.role(),
    getTranslations("console.plans"),
    getLocale(),
  ]);
  return (
    <>
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <DataTable
        caption={t("title")}
        stack
        testId="plans"
        columns={[
          { label: t("name") },
          { label: t("price"), numeric: true },
          { label: t("dayDuration"), numeric: true },
          { label: t("storage"), numeric: true },
          { label: t("band"), numeric: true },
          { label: t("streamingAmount"), numeric: true },
          { label: t("maxVideoSize"), numeric: true },
          { label: t("maxUploadNumber"), numeric: true },
          { label: t("actions"), hiddenLabel: true },
        ]}
      >
        {plans.map((p) => (
          <tr key={p.id} data-testid="plan-row">
            <th scope="row" data-label={t("name")}>
              {p.name}
            </th>
            <td data-label={t("price")} className="num">
              {formatPrice(p.priceCents, p.currency, locale)}
            </td>
            <td data-label={t("dayDuration")} className="num">
              {p.dayDuration}
            </td>
            <td data-label={t("storage")} className="num">
              {p.storageGb}
            </td>
            <td data-label={t("band")} className="num">
              {p.bandGb}
            </td>
            <td data-label={t("streamingAmount")} className="num">
              {p.streamingAmount}
            </td>
            <td data-label={t("maxVideoSize")} className="num">
              {p.maxVideoSizeMb}
            </td>
            <td data-label={t("maxUploadNumber")} className="num">
              {p.maxUploadNumber}
            </td>
            <td data-label={t("actions")}>
              {role === "ADMINISTRATOR" && <EditPlanButton plan={{ ...p, price: formatMoney(p.priceCents) }} />}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
