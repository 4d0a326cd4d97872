import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { BundleSubscriptionView } from "@/server/domain/bundles/search-subscriptions";
import type { SearchPage } from "@/server/domain/shared/search";
import { DataTable } from "@/components/data-table";
import { formatAccessTime } from "@/lib/format";
import { bundlePath } from "./bundle-period";

/** How many subscriptions the Library lists (the soonest to end first, ended ones after the running). */
export const SUBSCRIPTIONS_SHOWN = 50;

/** The viewer's bundle subscriptions (bundles.subscriptions, expired ones included) in the Library; their windows in the words and format of every access window (formatAccessTime). */
export function BundleSubscriptions({ page }: { page: SearchPage<BundleSubscriptionView> }) {
  const t = useTranslations("library.subscriptions");
  const locale = useLocale();
  const columns = [{ label: t("bundle") }, { label: t("since") }, { label: t("until") }, { label: t("status") }];
  const now = Date.now();
  // the running ones first, each group the soonest to end first
  const items = [...page.items].sort((a, b) => Number(a.expiresAt.getTime() <= now) - Number(b.expiresAt.getTime() <= now));
  return (
    <section className="card" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">{t("title")}</h2>
      {items.length > 0 ? (
        <DataTable caption={t("caption")} columns={columns} stack testId="subscriptions-table">
          {items.map((s) => (
            <tr key={s.subscriptionId} data-testid="subscription-row">
              <td data-label={t("bundle")}>
                <Link href={bundlePath(s.bundle.bundleId)}>{s.bundle.name}</Link>
              </td>
              <td data-label={t("since")} className="table__date">
                {formatAccessTime(s.startsAt, locale)}
              </td>
              <td data-label={t("until")} className="table__date">
                {formatAccessTime(s.expiresAt, locale)}
              </td>
              <td data-label={t("status")}>
                {s.expiresAt.getTime() > now ? t("running") : <span className="badge badge--muted">{t("ended")}</span>}
              </td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <p className="muted" data-testid="subscriptions-empty">
          {t("none")}
        </p>
      )}
    </section>
  );
}
