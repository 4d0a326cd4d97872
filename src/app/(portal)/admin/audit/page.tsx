import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { Field } from "@/components/form/field";
import { formatDateTime } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consoleAudit");

type Search = Promise<Record<string, string | string[] | undefined>>;
const FILTERS = ["action", "targetType", "targetId", "actor"] as const;

// GET /admin/audit?action=&targetType=&targetId=&actor= - what staff did, newest first (admin.audit),
// with before and after, why and the request; the same entries as a CSV file (/admin/audit/export).
export default async function AdminAuditPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/admin/audit");
  const search = await searchParams;
  const filters = Object.fromEntries(FILTERS.flatMap((k) => (typeof search[k] === "string" && search[k] ? [[k, search[k]]] : [])));
  const [entries, t, locale] = await Promise.all([
    caller.admin.audit({ ...filters, limit: 200 }),
    getTranslations("console.audit"),
    getLocale(),
  ]);
  const json = (v: unknown) => (v === null || v === undefined ? "" : JSON.stringify(v));
  return (
    <>
      <h1>{t("title")}</h1>
      <form method="get" action="/admin/audit" className="admin-filters" aria-label={t("filter")}>
        {FILTERS.map((k) => (
          <Field key={k} name={k} label={t(`filters.${k}`)} defaultValue={filters[k] ?? ""} />
        ))}
        <button type="submit" className="button">
          {t("filter")}
        </button>
        <a
          className="button button--secondary"
          href={`/admin/audit/export?${new URLSearchParams(filters)}`}
          download
          data-testid="audit-csv"
        >
          {t("csv")}
        </a>
      </form>
      {entries.length === 0 ? (
        <p className="card">{t("none")}</p>
      ) : (
        <DataTable
          caption={t("title")}
          stack
          testId="audit"
          columns={[
            { label: t("at") },
            { label: t("actor") },
            { label: t("action") },
            { label: t("target") },
            { label: t("change") },
            { label: t("reason") },
          ]}
        >
          {entries.map((e) => (
            <tr key={e.id}>
              <td data-label={t("at")}>
                <time dateTime={e.at.toISOString()}>{formatDateTime(e.at, locale)}</time>
              </td>
              <td data-label={t("actor")}>{e.actorCode}</td>
              <td data-label={t("action")}>{e.action}</td>
              <td data-label={t("target")}>
                {e.targetType} {e.targetId}
              </td>
              <td data-label={t("change")}>
                <code>{json(e.before)}</code> → <code>{json(e.after)}</code>
              </td>
              <td data-label={t("reason")} className="prewrap">
                {e.reason}
                {e.requestId && <div className="muted">{e.requestId}</div>}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
