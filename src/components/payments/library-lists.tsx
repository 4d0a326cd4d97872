import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import type { LibraryTicket, LibraryVideo } from "@/server/domain/payments/get-library";
import { liveEventPath } from "@/lib/live-urls";
import { watchPath } from "@/lib/vod-urls";
import { accessUntilText, eventPhase, eventTimesText, ticketWindowText } from "./access-window";

/** The videos the viewer bought, each with its window (access-window.ts), linking to the watch page. */
export function LibraryVideos({ videos, now }: { videos: LibraryVideo[]; now: Date }) {
  const t = useTranslations("library");
  const words = { t: useTranslations("payments.access"), locale: useLocale() };
  return (
    <section className="card library-section" aria-labelledby="library-videos">
      <h2 id="library-videos">{t("videos")}</h2>
      {videos.length > 0 ? (
        <ul className="library-list" data-testid="library-videos">
          {videos.map((v) => (
            <li key={v.trackingId} data-testid="library-video" data-open={v.accessUntil > now}>
              <Link href={watchPath(v.vodId)}>{v.title}</Link>
              <span className="library-window muted">{accessUntilText(words, v.accessUntil, now)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{t("noVideos")}</p>
      )}
    </section>
  );
}

/**
 * Tickets to live events, split as the viewer thinks of them: the events still to come or on air,
 * and the replays (the events over, their replay open or closed), each with its window.
 */
export function LibraryTickets({ tickets, now }: { tickets: LibraryTicket[]; now: Date }) {
  const tr = useTranslations("library");
  const words = { t: useTranslations("payments.access"), locale: useLocale() };
  const phased = tickets.map((t) => ({ t, phase: t.event ? eventPhase({ ...t.event, recorded: t.event.recordingReady }, now) : "ended" }));
  const live = phased.filter((p) => p.phase === "upcoming" || p.phase === "on-air");
  const replays = phased.filter((p) => p.phase !== "upcoming" && p.phase !== "on-air");
  const item = ({ t, phase }: (typeof phased)[number]) => (
    <li key={t.trackingId} data-testid="library-ticket" data-phase={phase}>
      <Link href={liveEventPath(t.eventId)}>{t.title}</Link>
      {t.event ? (
        <>
          <span className="library-window">{eventTimesText(words, t.event)}</span>
          <span className="library-window muted">{ticketWindowText(words, { ...t.event, recorded: t.event.recordingReady }, now)}</span>
        </>
      ) : (
        <span className="library-window muted">{tr("removed")}</span>
      )}
    </li>
  );
  return (
    <>
      <section className="card library-section" aria-labelledby="library-tickets">
        <h2 id="library-tickets">{tr("tickets")}</h2>
        {live.length > 0 ? <ul className="library-list">{live.map(item)}</ul> : <p className="muted">{tr("noTickets")}</p>}
      </section>
      <section className="card library-section" aria-labelledby="library-replays">
        <h2 id="library-replays">{tr("replays")}</h2>
        {replays.length > 0 ? <ul className="library-list">{replays.map(item)}</ul> : <p className="muted">{tr("noReplays")}</p>}
      </section>
    </>
  );
}
