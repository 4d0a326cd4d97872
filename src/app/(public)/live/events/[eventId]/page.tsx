import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { EventWhen } from "@/components/live/event-when";
import { LivePlayer } from "@/components/live/live-player";
import { LivePublisher } from "@/components/live/live-publisher";
import { env } from "@/server/env";
import { getServerCaller, getServerContext } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { liveChannelPath } from "@/lib/live-urls";
import { thumbnailPath } from "@/lib/vod-urls";
import { ReportDialog } from "@/components/moderation/report-dialog";
import { TakenDownNotice } from "@/components/moderation/taken-down-notice";
import "@/components/viewer/viewer.css";

type Params = Promise<{ eventId: string }>;

const loadEvent = cache(async (eventId: string) => {
  const caller = await getServerCaller();
  const event = await tryCall(() => caller.live.getPublicEvent({ eventId }));
  return event.ok ? event.data : event.takedownReason !== undefined ? { takedownReason: event.takedownReason } : undefined;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const event = await loadEvent((await params).eventId);
  const t = await getTranslations("live");
  return { title: event && !("takedownReason" in event) ? t("pageTitle", { name: event.name }) : t("notFound") };
}

// GET /live/events/{eventId} - the public page of one live event: the player (live in its window,
// a countdown before, Buy ticket when pay-per-view, the replay after when it was recorded), what it
// is and on which channel. 404 unless the visitor may reach it (live.getPublicEvent).
export default async function LiveEventPage({ params }: { params: Params }) {
  const { eventId } = await params;
  const event = await loadEvent(eventId);
  if (!event) notFound();
  // an event of a channel taken down by the moderators
  if ("takedownReason" in event) return <TakenDownNotice reason={event.takedownReason!} />;
  const [t, ctx] = await Promise.all([getTranslations("live"), getServerContext()]);
  const signedIn = ctx.actor.kind === "user";
  const picture = event.thumbnailId ?? event.channel.thumbnailId;
  const recorded = event.recordEvent ? "yes" : "no";
  return (
    <div className="container watch live-page">
      <LivePlayer
        target={{ kind: "event", eventId }}
        title={event.name}
        currency={env().CURRENCY}
        replayDays={env().REPLAY_ACCESS_DAYS}
        poster={picture ? thumbnailPath(picture, 640) : undefined}
      />
      <div className="watch__body">
        <div className="watch__main">
          <h1 className="watch__title" data-testid="live-event-name">
            {event.name}
          </h1>
          <p>
            <EventWhen event={event} currency={env().CURRENCY} />
            {t.rich("onChannel", {
              name: event.channel.name,
              link: (chunks) => <Link href={liveChannelPath(event.channel.channelId)}>{chunks}</Link>,
            })}
          </p>
          <LivePublisher publisher={event.channel.publisher} />
          <div className="watch__actions">
            <ReportDialog targetType="liveChannel" targetId={event.channel.channelId} signedIn={signedIn} />
          </div>
          {event.description && <p className="prewrap watch__description">{event.description}</p>}
        </div>
        <aside className="card watch__license" aria-labelledby="ticket-title">
          <h2 id="ticket-title">{event.paymentMode === "PAY_PER_VIEW" ? t("ticket") : t("free")}</h2>
          <p>
            {event.paymentMode === "PAY_PER_VIEW"
              ? t("ticketLets", { covers: t("covers", { recorded, days: env().REPLAY_ACCESS_DAYS }) })
              : t("freeToWatch", { recorded })}
          </p>
        </aside>
      </div>
    </div>
  );
}
