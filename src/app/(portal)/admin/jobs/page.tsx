import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { RetryJobButton } from "@/components/admin/staff-actions";
import { formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consoleJobs");

// GET /admin/jobs - the jobs that failed for good with their last error (admin.failedJobs,
// administrators); retry one. A moderator reads why they may not.
export default async function AdminJobsPage() {
  const { caller } = await requirePortalCaller("/admin/jobs");
  const [jobs, t, locale] = await Promise.all([tryCall(() => caller.admin.failedJobs()), getTranslations("console.jobs"), getLocale()]);
  return (
    <>
      <h1>{t("title")}</h1>
      {!jobs.ok ? (
        <p className="notice notice--info">{jobs.message}</p>
      ) : jobs.data.length === 0 ? (
        <p className="card" data-testid="jobs-empty">
          {t("none")}
        </p>
      ) : (
        <DataTable
          caption={t("title")}
          stack
          columns={[
            { label: t("failedAt") },
            { label: t("type") },
            { label: t("attempts"), numeric: true },
            { label: t("error") },
            { label: t("actions"), hiddenLabel: true },
          ]}
        >
          {jobs.data.map((j) => (
            <tr key={j.id}>
              <td data-label={t("failedAt")}>
                <time dateTime={j.failedAt.toISOString()}>{formatDay(j.failedAt, locale)}</time>
              </td>
              <td data-label={t("type")}>{j.type}</td>
              <td data-label={t("attempts")} className="num">
                {j.attempts}
              </td>
              <td data-label={t("error")} className="prewrap">
                {j.lastError}
              </td>
              <td data-label={t("actions")}>
                <RetryJobButton jobId={j.id} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
