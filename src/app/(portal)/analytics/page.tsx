import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import { AnalyticsOverviewView } from "@/components/analytics/analytics-overview";
import { requirePortalCaller } from "@/server/portal/session";
import { ANALYTICS_PATH } from "@/lib/analytics-urls";
import { pageTitle } from "@/i18n/page-title";
import "@/components/analytics/analytics.css";

export const generateMetadata = pageTitle("analytics");

// GET /analytics?from=&to= - the audience of all the creator's contents over a range of UTC days
// (docs/analytics.md): totals, views and watch time by day, top contents, quality of experience, CSV.
export default async function AnalyticsPage() {
  await requirePortalCaller(ANALYTICS_PATH);
  const t = await getTranslations("analytics");
  return (
    <div className="container">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <Suspense>
        <AnalyticsOverviewView />
      </Suspense>
    </div>
  );
}
