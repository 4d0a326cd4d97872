import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { UsageBar } from "@/components/usage-bar";
import { formatBytes, formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("dashboard");

// GET /dashboard - the logged user's license and usage (users.overview).
export default async function DashboardPage() {
  const { caller } = await requirePortalCaller("/dashboard");
  const [o, t, locale, notices] = await Promise.all([
    caller.users.overview(),
    getTranslations("dashboard"),
    getLocale(),
    caller.notices.mine(),
  ]);
  const inForce = notices.filter((n) => !n.restoredAt).length;
  return (
    <div className="container">
      <h1>{t("hello", { userCode: o.userCode })}</h1>
      {inForce > 0 && (
        <p className="notice notice--error" role="status" data-testid="dashboard-notices">
          {t.rich("takenDown", { count: inForce, link: (chunks) => <Link href="/notices">{chunks}</Link> })}
        </p>
      )}
      <div className="grid">
        <section className="card" aria-labelledby="license-title">
          <h2 id="license-title">
            {t("license")} <span data-testid="license-name">{o.licenseName}</span>{" "}
            {o.licenseExpired && <span className="badge badge--danger">{t("expired")}</span>}
          </h2>
          <dl className="details">
            <dt>{o.licenseExpired ? t("expiredOn") : t("renewDate")}</dt>
            <dd>
              <span data-testid="renew-date">{formatDay(o.renewDate, locale)}</span>
              {o.daysToExpiration === undefined && <span className="muted"> {t("bandwidthReset")}</span>}
            </dd>
            <dt>{t("expiry")}</dt>
            <dd>
              {o.daysToExpiration === undefined
                ? t("neverExpires")
                : o.licenseExpired
                  ? t("expiredState")
                  : t("daysLeft", { days: o.daysToExpiration })}
            </dd>
            <dt>{t("renewalsAhead")}</dt>
            <dd>{o.availableRenews}</dd>
            <dt>{t("activeFor")}</dt>
            <dd>{t("days", { days: o.daysFromActivation })}</dd>
            <dt>{t("videos")}</dt>
            <dd data-testid="videos-count">{o.videosCount}</dd>
          </dl>
          <p className="actions">
            <Link href="/plans" className={o.licenseExpired ? "button" : "button button--secondary"}>
              {t("changePlan")}
            </Link>
          </p>
        </section>
        <section className="card" aria-labelledby="usage-title">
          <h2 id="usage-title">{t("usage")}</h2>
          <UsageBar label={t("storage")} percent={o.storagePercent} detail={t("storageUsed", { bytes: formatBytes(o.storageUsedBytes) })} />
          <UsageBar label={t("bandwidth")} percent={o.bandPercent} detail={t("bandwidthServed", { bytes: formatBytes(o.bandUsedBytes) })} />
        </section>
      </div>
      <section className="card">
        <h2>{t("next")}</h2>
        <ul>
          <li>
            <Link href="/box">{t("linkBox")}</Link>
          </li>
          <li>
            <Link href="/plans">{t("linkPlans")}</Link>
          </li>
          <li>
            <Link href="/sales">{t("linkSales")}</Link>
          </li>
          <li>
            <Link href="/library">{t("linkLibrary")}</Link>
          </li>
          <li>
            <Link href="/account">{t("linkProfile")}</Link>
          </li>
          <li>
            <Link href="/account/finance">{t("linkFinance")}</Link>
            {!o.paymentEmail && <span className="muted"> {t("financeNeeded")}</span>}
          </li>
          <li>
            <Link href="/account/features">{t("linkFeatures")}</Link>
          </li>
          <li>
            <Link href={`/u/${encodeURIComponent(o.userCode)}`}>{t("linkPublicPage")}</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
