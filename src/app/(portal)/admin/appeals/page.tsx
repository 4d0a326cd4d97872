import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { TargetLink } from "@/components/admin/target-link";
import { DecideAppealButton } from "@/components/admin/staff-actions";
import { formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consoleAppeals");

// GET /admin/appeals - the owners' appeals waiting for a decision, the oldest first (admin.appeals):
// what was taken down and why, what the owner says; uphold or reverse with a response.
export default async function AdminAppealsPage() {
  const { caller } = await requirePortalCaller("/admin/appeals");
  const [appeals, t, locale] = await Promise.all([
    caller.admin.appeals({ state: "pending" }),
    getTranslations("console.appeals"),
    getLocale(),
  ]);
  return (
    <>
      <h1>{t("title")}</h1>
      {appeals.length === 0 ? (
        <p className="card" data-testid="appeals-empty">
          {t("none")}
        </p>
      ) : (
        <DataTable
          caption={t("title")}
          stack
          testId="appeals"
          columns={[
            { label: t("when") },
            { label: t("target") },
            { label: t("reason") },
            { label: t("appeal") },
            { label: t("actions"), hiddenLabel: true },
          ]}
        >
          {appeals.map((a) => (
            <tr key={a.id} data-testid="appeal-row">
              <td data-label={t("when")}>
                <time dateTime={a.appealedAt!.toISOString()}>{formatDay(a.appealedAt!, locale)}</time>
              </td>
              <td data-label={t("target")}>
                <TargetLink type={a.targetType} id={a.targetId} label={a.targetLabel} />
              </td>
              <td data-label={t("reason")} className="prewrap">
                {a.reason}
              </td>
              <td data-label={t("appeal")} className="prewrap">
                {a.appealText}
              </td>
              <td data-label={t("actions")}>
                <DecideAppealButton takedownId={a.id} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
