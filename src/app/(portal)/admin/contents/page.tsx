import { getLocale, getTranslations } from "next-intl/server";
import { DataTable } from "@/components/data-table";
import { AdminSearch } from "@/components/admin/admin-search";
import { TargetLink } from "@/components/admin/target-link";
import { RestoreButton, TakeDownButton } from "@/components/admin/staff-actions";
import { formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("consoleContents");

type Search = Promise<Record<string, string | string[] | undefined>>;
const KINDS = ["vod", "bundle", "liveChannel", "castChannel"] as const;

// GET /admin/contents?q=&kind= - every vod, bundle, live channel and cast channel by title or name,
// hidden and taken-down ones included (admin.contents); take one down, or restore it.
export default async function AdminContentsPage({ searchParams }: { searchParams: Search }) {
  const { caller } = await requirePortalCaller("/admin/contents");
  const search = await searchParams;
  const q = typeof search.q === "string" ? search.q : "";
  const kind = KINDS.find((k) => k === search.kind);
  const [contents, t, tk, locale] = await Promise.all([
    caller.admin.contents({ q: q || undefined, kind, limit: 50 }),
    getTranslations("console.contents"),
    getTranslations("console.reports.kinds"),
    getLocale(),
  ]);
  return (
    <>
      <h1>{t("title")}</h1>
      <AdminSearch
        action="/admin/contents"
        label={t("search")}
        query={{ label: t("query"), value: q }}
        filter={{
          name: "kind",
          label: t("kind"),
          any: t("anyKind"),
          value: kind ?? "",
          options: KINDS.map((k) => ({ value: k, label: tk(k) })),
        }}
        submit={t("search")}
      />
      {contents.length === 0 ? (
        <p className="card">{t("none")}</p>
      ) : (
        <DataTable
          caption={t("title")}
          stack
          testId="admin-contents"
          columns={[
            { label: t("content") },
            { label: t("kind") },
            { label: t("owner") },
            { label: t("since") },
            { label: t("actions"), hiddenLabel: true },
          ]}
        >
          {contents.map((c) => (
            <tr key={`${c.targetType}/${c.targetId}`} data-testid="admin-content">
              <td data-label={t("content")}>
                <TargetLink type={c.targetType} id={c.targetId} label={c.label} />
              </td>
              <td data-label={t("kind")}>{tk(c.targetType)}</td>
              <td data-label={t("owner")}>
                <TargetLink type="user" id={c.ownerCode} />
              </td>
              <td data-label={t("since")}>
                <time dateTime={c.createdAt.toISOString()}>{formatDay(c.createdAt, locale)}</time>
              </td>
              <td data-label={t("actions")}>
                {c.takedownId ? (
                  <RestoreButton takedownId={c.takedownId} />
                ) : (
                  <TakeDownButton targetType={c.targetType} targetId={c.targetId} />
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
