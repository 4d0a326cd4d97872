import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { EventAnalyticsView } from "@/components/analytics/event-analytics";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { ANALYTICS_PATH, eventAnalyticsPath } from "@/lib/analytics-urls";
import { liveChannelAdminPath } from "@/lib/live-urls";
import { pageTitle } from "@/i18n/page-title";
import "@/components/analytics/analytics.css";

type Params = Promise<{ eventId: string }>;

export const generateMetadata = pageTitle("eventAnalytics");

// GET /analytics/live/{eventId} - one of the creator's live events: its peak and concurrent viewers
// by minute, views, watch time, sources, revenue. 404 for another user's event.
export default async function EventAnalyticsPage({ params }: { params: Params }) {
  const { eventId } = await params;
  const { caller } = await requirePortalCaller(eventAnalyticsPath(eventId));
  const event = await tryCall(() => caller.live.getEvent({ eventId }));
  if (!event.ok) notFound();
  const t = await getTranslations("analytics");
  return (
    <div className="container">
      <p>
        <Link href={ANALYTICS_PATH}>{t("back")}</Link>
      </p>
      <h1 data-testid="analytics-title">{t("eventTitle", { name: event.data.name })}</h1>
      <p className="muted">
        <Link href={liveChannelAdminPath(event.data.channel.channelId)}>{t("live.channel")}</Link>
      </p>
      <EventAnalyticsView eventId={event.data.eventId} />
    </div>
  );
}
