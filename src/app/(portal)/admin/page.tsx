import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { formatBytes, formatCount, formatPrice } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("console");

// GET /admin - the console's dashboard (admin.dashboard): users, contents, storage, revenue, and what
// waits for staff (open reports, appeals, failed jobs), each linked to its section.
export default async function AdminDashboardPage() {
  const { caller } = await requirePortalCaller("/admin");
  const [d, t, locale] = await Promise.all([caller.admin.dashboard(), getTranslations("console.dashboard"), getLocale()]);
  const users = Object.values(d.users).reduce((a, b) => a + b, 0);
  const figures: { key: string; value: string; href?: string }[] = [
    { key: "openReports", value: formatCount(d.openReports, locale), href: "/admin/reports" },
    { key: "pendingAppeals", value: formatCount(d.pendingAppeals, locale), href: "/admin/appeals" },
    { key: "takedowns", value: formatCount(d.takedownsInForce, locale), href: "/admin/takedowns" },
    { key: "failedJobs", value: formatCount(d.failedJobs, locale), href: "/admin/jobs" },
    { key: "users", value: formatCount(users, locale), href: "/admin/users" },
    { key: "suspended", value: formatCount(d.users.SUSPENDED ?? 0, locale), href: "/admin/users?status=SUSPENDED" },
    { key: "awaiting", value: formatCount(d.users.AWAITING_APPROVAL ?? 0, locale), href: "/admin/users?status=AWAITING_APPROVAL" },
    { key: "boxItems", value: formatCount(d.contents.boxItems, locale) },
    { key: "vods", value: formatCount(d.contents.vods, locale) },
    { key: "bundles", value: formatCount(d.contents.bundles, locale) },
    { key: "liveChannels", value: formatCount(d.contents.liveChannels, locale) },
    { key: "castChannels", value: formatCount(d.contents.castChannels, locale) },
    { key: "storage", value: formatBytes(Number(d.storageBytes)) },
    ...d.revenue.map((r) => ({
      key: "revenue",
      value: `${formatPrice(r.grossCents, r.currency, locale)} (${formatPrice(r.feeCents, r.currency, locale)})`,
    })),
  ];
  return (
    <>
      <h1>{t("title")}</h1>
      <ul className="admin-figures" data-testid="admin-figures">
        {figures.map((f, i) => (
          <li key={`${f.key}-${i}`} className="card">
            <span className="muted">{t(f.key as "users")}</span>
            <strong>{f.href ? <Link href={f.href}>{f.value}</Link> : f.value}</strong>
          </li>
        ))}
      </ul>
    </>
  );
}
