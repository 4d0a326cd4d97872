import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { TargetLink } from "@/components/admin/target-link";
import { RestoreButton, TakeDownAnyButton } from "@/components/admin/staff-actions";
import { formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consoleTakedowns");

type Search = Promise<Record<string, string | string[] | undefined>>;

// GET /admin/takedowns?all=1 - the takedowns in force (all of them with ?all=1), newest first
// (admin.takedowns); restore one, or take any target down by its id.
export default async function AdminTakedownsPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/admin/takedowns");
  const all = (await searchParams).all === "1";
  const [takedowns, t, locale] = await Promise.all([
    caller.admin.takedowns({ inForce: all ? undefined : "true", limit: 200 }),
    getTranslations("console.takedowns"),
    getLocale(),
  ]);
  return (
    <>
      <h1>{t("title")}</h1>
      <div className="admin-actions">
        <TakeDownAnyButton />
        <Link href={all ? "/admin/takedowns" : "/admin/takedowns?all=1"}>{all ? t("inForceOnly") : t("showAll")}</Link>
      </div>
      {takedowns.length === 0 ? (
        <p className="card" data-testid="takedowns-empty">
          {t("none")}
        </p>
      ) : (
        <DataTable
          caption={t("title")}
          stack
          testId="takedowns"
          columns={[
            { label: t("when") },
            { label: t("target") },
            { label: t("reason") },
            { label: t("by") },
            { label: t("state") },
            { label: t("actions"), hiddenLabel: true },
          ]}
        >
          {takedowns.map((d) => (
            <tr key={d.id} data-testid="takedown-row">
              <td data-label={t("when")}>
                <time dateTime={d.createdAt.toISOString()}>{formatDay(d.createdAt, locale)}</time>
              </td>
              <td data-label={t("target")}>
                <TargetLink type={d.targetType} id={d.targetId} label={d.targetLabel} />
              </td>
              <td data-label={t("reason")} className="prewrap">
                {d.reason}
              </td>
              <td data-label={t("by")}>{d.createdByCode}</td>
              <td data-label={t("state")}>
                {d.restoredAt ? t("restored") : d.appealedAt && !d.appealDecidedAt ? t("appealed") : t("inForce")}
              </td>
              <td data-label={t("actions")}>{!d.restoredAt && <RestoreButton takedownId={d.id} />}</td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
