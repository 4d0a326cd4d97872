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
import { ShareDialog } from "@/components/share/share-dialog";
import { creatorName } from "@/components/viewer/avatar";
import { previewText, SHARE_PICTURE_WIDTH, sharedPageMetadata } from "@/components/viewer/share-metadata";
import { tryCall } from "@/server/portal/try-call";
import { liveChannelPath, liveEventPath } from "@/lib/live-urls";
import { thumbnailPath } from "@/lib/vod-urls";
import { ReportDialog } from "@/components/moderation/report-dialog";
import { TakenDownNotice } from "@/components/moderation/taken-down-notice";
import "@/components/viewer/viewer.css";

type Params = Promise<{ channelId: string }>;

const loadChannel = cache(async (channelId: string) => {
  const caller = await getServerCaller();
  const channel = await tryCall(() => caller.live.getPublicChannel({ channelId }));
  if (!channel.ok) return channel.takedownReason !== undefined ? { takedownReason: channel.takedownReason } : undefined;
  const events = await caller.live.searchPublicEvents({ channelId, pastIncluded: true, pageSize: 50, pageIndex: 0 });
  return { channel: channel.data, events: events.items };
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const [loaded, { baseUrl }] = await Promise.all([loadChannel((await params).channelId), getServerContext()]);
  const t = await getTranslations("live");
  if (!loaded || "takedownReason" in loaded) return { title: t("notFound") };
  const { channel } = loaded;
  return sharedPageMetadata({
    title: t("pageTitle", { name: channel.name }),
    description: previewText(channel.description, t("channelDescription", { name: creatorName(channel.publisher) })),
    url: baseUrl + liveChannelPath(channel.channelId),
    image: channel.thumbnailId && baseUrl + thumbnailPath(channel.thumbnailId, SHARE_PICTURE_WIDTH),
  });
}

// GET /live/{channelId} - the public page of a live channel: the player (the event on air, a
// countdown to the next, Buy ticket for a pay-per-view one), the schedule and the replays.
// 404 unless the visitor may reach the channel (live.getPublicChannel).
export default async function LiveChannelPage({ params }: { params: Params }) {
  const { channelId } = await params;
  const [loaded, ctx, t] = await Promise.all([loadChannel(channelId), getServerContext(), getTranslations("live")]);
  if (!loaded) notFound();
  if ("takedownReason" in loaded) return <TakenDownNotice reason={loaded.takedownReason!} />;
  const { channel, events } = loaded;
  const now = Date.now();
  const upcoming = events.filter((e) => e.endsAt.getTime() > now);
  const replays = events.filter((e) => e.endsAt.getTime() <= now && e.recordingBoxItemId).reverse();
  return (
    <div className="container watch live-page">
      <LivePlayer
        target={{ kind: "channel", channelId }}
        title={channel.name}
        currency={env().CURRENCY}
        replayDays={env().REPLAY_ACCESS_DAYS}
        poster={channel.thumbnailId ? thumbnailPath(channel.thumbnailId, 640) : undefined}
      />
      <div className="watch__body">
        <div className="watch__main">
          <h1 className="watch__title" data-testid="live-channel-name">
            {channel.name}
          </h1>
          <LivePublisher publisher={channel.publisher} />
          <div className="watch__actions">
            <ShareDialog title={channel.name} url={ctx.baseUrl + liveChannelPath(channel.channelId)} />
            <ReportDialog targetType="liveChannel" targetId={channel.channelId} signedIn={ctx.actor.kind === "user"} />
          </div>
          {channel.description && <p className="prewrap watch__description">{channel.description}</p>}
        </div>
        <aside className="card watch__license" aria-labelledby="schedule-title">
          <h2 id="schedule-title">{t("schedule")}</h2>
          {upcoming.length === 0 && <p className="muted">{t("noEvent")}</p>}
          <ul className="live-schedule">
            {upcoming.map((e) => (
              <li key={e.eventId} data-testid="live-schedule-item">
                <Link href={liveEventPath(e.eventId)}>{e.name}</Link>
                {e.onAir && <span className="badge badge--danger live-schedule__on-air">{t("onAir")}</span>}
                <br />
                <EventWhen event={e} currency={env().CURRENCY} />
              </li>
            ))}
          </ul>
          {replays.length > 0 && (
            <>
              <h2>{t("replays")}</h2>
              <ul className="live-schedule">
                {replays.map((e) => (
                  <li key={e.eventId}>
                    <Link href={liveEventPath(e.eventId)}>{e.name}</Link>
                    <br />
                    <EventWhen event={e} currency={env().CURRENCY} />
                  </li>
                ))}
              </ul>
            </>
          )}
        </aside>
      </div>
    </div>
  );
}
