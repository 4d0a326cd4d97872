import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { TargetLink } from "@/components/admin/target-link";
import { DismissButton, TakeDownButton } from "@/components/admin/staff-actions";
import { formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consoleReports");

type TargetType = "vod" | "bundle" | "liveChannel" | "castChannel" | "user";

// GET /admin/reports - the open reports, newest first (admin.reports): the target, why, the details;
// take the target down (the report's reason as the rule) or dismiss the report.
export default async function AdminReportsPage() {
  const { caller } = await requirePortalCaller("/admin/reports");
  const [reports, t, tr, locale] = await Promise.all([
    caller.admin.reports({ state: "open", limit: 200 }),
    getTranslations("console.reports"),
    getTranslations("report.reasons"),
    getLocale(),
  ]);
  return (
    <>
      <h1>{t("title")}</h1>
      {reports.length === 0 ? (
        <p className="card" data-testid="reports-empty">
          {t("none")}
        </p>
      ) : (
        <DataTable
          caption={t("title")}
          stack
          testId="reports"
          columns={[
            { label: t("when") },
            { label: t("target") },
            { label: t("reason") },
            { label: t("details") },
            { label: t("actions"), hiddenLabel: true },
          ]}
        >
          {reports.map((r) => (
            <tr key={r.id} data-testid="report-row">
              <td data-label={t("when")}>
                <time dateTime={r.createdAt.toISOString()}>{formatDay(r.createdAt, locale)}</time>
              </td>
              <td data-label={t("target")}>
                {t(`kinds.${r.targetType as TargetType}`)}:{" "}
                <TargetLink type={r.targetType} id={r.targetId} label={r.targetLabel ?? undefined} />
              </td>
              <td data-label={t("reason")}>{tr(r.reason as "spam")}</td>
              <td data-label={t("details")} className="prewrap">
                {r.details}
                {r.email && <div className="muted">{r.email}</div>}
              </td>
              <td data-label={t("actions")}>
                <div className="admin-actions">
                  <TakeDownButton targetType={r.targetType as TargetType} targetId={r.targetId} reportId={r.id} rule={r.reason} />
                  <DismissButton reportId={r.id} />
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
