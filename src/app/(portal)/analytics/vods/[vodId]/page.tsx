import { Suspense } from "react";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { VodAnalyticsView } from "@/components/analytics/vod-analytics";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { ANALYTICS_PATH, vodAnalyticsPath } from "@/lib/analytics-urls";
import { watchPath } from "@/lib/vod-urls";
import { pageTitle } from "@/i18n/page-title";
import "@/components/analytics/analytics.css";

type Params = Promise<{ vodId: string }>;

export const generateMetadata = pageTitle("vodAnalytics");

// GET /analytics/vods/{vodId}?from=&to= - one of the creator's vods: its audience over a range of UTC
// days, retention, sources, countries, quality of experience, CSV. 404 for another user's vod.
export default async function VodAnalyticsPage({ params }: { params: Params }) {
  const { vodId } = await params;
  const { caller } = await requirePortalCaller(vodAnalyticsPath(vodId));
  const vod = await tryCall(() => caller.vod.get({ vodId }));
  if (!vod.ok) notFound();
  const t = await getTranslations("analytics");
  return (
    <div className="container">
      <p>
        <Link href={ANALYTICS_PATH}>{t("back")}</Link>
      </p>
      <h1 data-testid="analytics-title">{t("vodTitle", { title: vod.data.title })}</h1>
      <p className="muted">
        <a href={watchPath(vod.data.vodId)}>{t("watchPage")}</a>
      </p>
      <Suspense>
        <VodAnalyticsView vodId={vod.data.vodId} />
      </Suspense>
    </div>
  );
}
