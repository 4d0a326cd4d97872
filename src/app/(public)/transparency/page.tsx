import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { formatCount } from "@/lib/format";
import { getServerCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("transparency");

const REASONS = ["spam", "sexual", "violence", "hate", "harassment", "copyright", "privacy", "illegal", "other"] as const;
const KINDS = ["vod", "bundle", "liveChannel", "castChannel", "user"] as const;

// GET /transparency - the moderation figures of the last twelve months (admin.transparency, public):
// notices by reason, actions taken by kind, suspensions, accounts deleted, the median time to action, appeals and
// reversals, one row a month, newest first.
export default async function TransparencyPage() {
  const caller = await getServerCaller();
  const [periods, t, tr, tk, locale] = await Promise.all([
    caller.admin.transparency({ months: 12 }),
    getTranslations("console.transparency"),
    getTranslations("report.reasons"),
    getTranslations("console.reports.kinds"),
    getLocale(),
  ]);
  const n = (v: number) => formatCount(v, locale);
  const parts = (counts: Record<string, number>, keys: readonly string[], word: (k: string) => string) =>
    keys
      .filter((k) => counts[k])
      .map((k) => `${word(k)}: ${n(counts[k]!)}`)
      .join(", ");
  return (
    <div className="container">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <DataTable
        caption={t("title")}
        stack
        testId="transparency"
        columns={[
          { label: t("period") },
          { label: t("notices"), numeric: true },
          { label: t("byReason") },
          { label: t("takedowns"), numeric: true },
          { label: t("byKind") },
          { label: t("suspensions"), numeric: true },
          { label: t("deletions"), numeric: true },
          { label: t("median"), numeric: true },
          { label: t("appeals"), numeric: true },
          { label: t("reversals"), numeric: true },
        ]}
      >
        {periods.map((p) => (
          <tr key={p.period} data-testid="transparency-period">
            <th scope="row" data-label={t("period")}>
              {p.period}
            </th>
            <td data-label={t("notices")} className="num">
              {n(p.notices)}
            </td>
            <td data-label={t("byReason")}>{parts(p.noticesByReason, REASONS, (k) => tr(k as "spam"))}</td>
            <td data-label={t("takedowns")} className="num">
              {n(p.takedowns)}
            </td>
            <td data-label={t("byKind")}>{parts(p.takedownsByType, KINDS, (k) => tk(k as "vod"))}</td>
            <td data-label={t("suspensions")} className="num">
              {n(p.suspensions)}
            </td>
            <td data-label={t("deletions")} className="num">
              {n(p.deletions)}
            </td>
            <td data-label={t("median")} className="num">
              {p.medianHoursToAction === null ? "–" : t("hours", { hours: p.medianHoursToAction })}
            </td>
            <td data-label={t("appeals")} className="num">
              {n(p.appeals)}
            </td>
            <td data-label={t("reversals")} className="num">
              {n(p.reversals)}
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
