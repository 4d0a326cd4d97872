import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { EventWhen } from "@/components/live/event-when";
import { LivePlayer } from "@/components/live/live-player";
import { LivePublisher } from "@/components/live/live-publisher";
import { ticketCovers } from "@/components/live/replay-window";
import { env } from "@/server/env";
import { getServerCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { liveChannelPath } from "@/lib/live-urls";
import { thumbnailPath } from "@/lib/vod-urls";
import "@/components/viewer/viewer.css";

type Params = Promise<{ eventId: string }>;

const loadEvent = cache(async (eventId: string) => {
  const caller = await getServerCaller();
  const event = await tryCall(() => caller.live.getPublicEvent({ eventId }));
  return event.ok ? event.data : undefined;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const event = await loadEvent((await params).eventId);
  return { title: event ? `${event.name} · Live` : "Not found" };
}

// GET /live/events/{eventId} - the public page of one live event: the player (live in its window,
// a countdown before, Buy ticket when pay-per-view, the replay after when it was recorded), what it
// is and on which channel. 404 unless the visitor may reach it (live.getPublicEvent).
export default async function LiveEventPage({ params }: { params: Params }) {
  const { eventId } = await params;
  const event = await loadEvent(eventId);
  if (!event) notFound();
  const picture = event.thumbnailId ?? event.channel.thumbnailId;
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
            <EventWhen event={event} currency={env().CURRENCY} /> · on{" "}
            <Link href={liveChannelPath(event.channel.channelId)}>{event.channel.name}</Link>
          </p>
          <LivePublisher publisher={event.channel.publisher} />
          {event.description && <p className="prewrap watch__description">{event.description}</p>}
        </div>
        <aside className="card watch__license" aria-labelledby="ticket-title">
          <h2 id="ticket-title">{event.paymentMode === "PAY_PER_VIEW" ? "Ticket" : "Free"}</h2>
          <p>
            {event.paymentMode === "PAY_PER_VIEW"
              ? `A ticket lets you watch ${ticketCovers(event.recordEvent, env().REPLAY_ACCESS_DAYS)}.`
              : `Free to watch${event.recordEvent ? ", live and as a replay" : ""}.`}
          </p>
        </aside>
      </div>
    </div>
  );
}
