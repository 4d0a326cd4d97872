"use client";

import Link from "next/link";
import { useCallback, useEffect, useRef, useState } from "react";
import type Hls from "hls.js";
import { useLocale, useTranslations } from "next-intl";
import { useHydrated } from "@/components/form/submit-button";
import { attachHls } from "@/components/player/attach-hls";
import { Player } from "@/components/player/player";
import { purchaseStorage } from "@/components/payments/purchase-storage";
import { goToCheckout, sayUnpaid, useCheckoutReturn } from "@/components/payments/use-checkout";
import { formatAccessTime, formatPrice } from "@/lib/format";
import { liveChannelPath, liveEventPath } from "@/lib/live-urls";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { ticketWatchKey } from "./ticket-window";
import { useLiveAudience, type AudienceTarget } from "./use-live-audience";

/** What the page plays: a channel (its event on air) or one event (live, then its replay). */
export type LiveTarget = { kind: "channel"; channelId: string } | { kind: "event"; eventId: string };

interface EventInfo {
  eventId: string;
  channel: { channelId: string };
  name: string;
  recordEvent: boolean;
  startsAt: Date;
  endsAt: Date;
  pricePerViewCents?: number;
}

type State =
  | { stage: "checking" }
  /** session: the play session its player's beacons are counted against */
  | { stage: "playing"; src: string; mode: "LIVE" | "REPLAY"; event?: EventInfo; accessUntil?: Date; session?: string }
  | { stage: "ticket"; event: EventInfo }
  | { stage: "waiting"; next?: EventInfo; message: "overNoReplay" | "nothingOnAir"; over?: EventInfo }
  | { stage: "refused"; message?: string };

/**
 * Low latency (docs/PLATFORM-NOTES: 1 s fragments and GOP): start two fragments behind the edge
 * and catch up a little faster than real time when behind; a playlist that is not there yet (the
 * stream has not arrived) is asked for again.
 */
const LIVE_CONFIG = { liveSyncDurationCount: 2, liveMaxLatencyDurationCount: 5, maxLiveSyncPlaybackRate: 1.2, backBufferLength: 10 };
const RETRY_MS = 2000;
/** How often the page asks whether the stream is arriving (the badge goes within 15 s of the encoder stopping). */
const STREAM_STATE_MS = 3000;
/** How often a page whose event is over asks again for its replay while the recording is made. */
const REPLAY_POLL_MS = 10_000;
/** A recorded event's replay is waited for this long after its end (a recording takes minutes). */
const PREPARING_FOR_MS = 2 * 3600_000;

const storage = purchaseStorage("live");
const keyOf = (t: LiveTarget) => (t.kind === "channel" ? `channel.${t.channelId}` : `event.${t.eventId}`);
const pathOf = (t: LiveTarget) => (t.kind === "channel" ? liveChannelPath(t.channelId) : liveEventPath(t.eventId));
/** The live pages' plays, for analytics: a channel's page or an event's, both "channel". */
const ORIGIN = { source: "channel" } as const;

/** "2 d 03:04:05" until `at`. */
function countdown(at: Date, now: number): string {
  const s = Math.max(0, Math.floor((at.getTime() - now) / 1000));
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, "0")).join(":");
  return d ? `${d} d ${hms}` : hms;
}

/**
 * The player of the live pages. It asks to play (live.playChannel or live.playEvent, with the
 * ticket's trackingId when this browser holds one; a signed-in buyer and the owner need none): an
 * event on air (or a FREE one about to start) plays through hls.js with low-latency settings, retrying
 * until the stream arrives; a pay-per-view one shows its price and Buy ticket (the checkout comes
 * back here, then it plays); with nothing on air, a countdown to the next event, which then plays;
 * an event over plays its replay.
 */
export function LivePlayer({
  target,
  title,
  currency,
  replayDays,
  poster,
}: {
  target: LiveTarget;
  title: string;
  currency: string;
  /** How long a ticket's replay stays open after the event (REPLAY_ACCESS_DAYS). */
  replayDays: number;
  poster?: string;
}) {
  const t = useTranslations("live");
  const locale = useLocale();
  const time = (d: Date) => formatAccessTime(d, locale);
  const client = trpc.useUtils().client;
  const hydrated = useHydrated();
  const video = useRef<HTMLVideoElement>(null);
  const hls = useRef<Hls | null>(null);
  const [hlsInstance, setHlsInstance] = useState<Hls>();
  const trackingId = useRef<string | undefined>(undefined);
  const [state, setState] = useState<State>({ stage: "checking" });
  const [now, setNow] = useState(() => Date.now());
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [buying, setBuying] = useState(false);
  const [waitingForStream, setWaitingForStream] = useState(false);

  // the event last played live: once a channel's event is over, the channel page points to its replay
  const lastLive = useRef<EventInfo | undefined>(undefined);
  const ask = useCallback(async () => {
    const played =
      target.kind === "channel"
        ? await client.live.playChannel.mutate({ channelId: target.channelId, trackingId: trackingId.current, origin: ORIGIN })
        : await client.live.playEvent.mutate({ eventId: target.eventId, trackingId: trackingId.current, origin: ORIGIN });
    const event = "eventId" in played.resource ? played.resource : undefined;
    if (played.result === "PLAY" && event && (!("mode" in played) || played.mode !== "REPLAY")) lastLive.current = event;
    if (played.result === "PLAY")
      return setState({
        stage: "playing",
        src: played.file,
        mode: "mode" in played && played.mode ? played.mode : "LIVE",
        event,
        accessUntil: "accessUntil" in played ? played.accessUntil : undefined,
        session: "playSession" in played ? played.playSession : undefined,
      });
    if (played.result === "PAYMENT_REQUIRED" && event) return setState({ stage: "ticket", event });
    if (played.result === "NOT_ON_AIR")
      return setState({
        stage: "waiting",
        next: "nextEvent" in played ? played.nextEvent : undefined,
        message: event ? "overNoReplay" : "nothingOnAir",
        over: event ?? lastLive.current,
      });
    setState({ stage: "refused" }); // BAND_LIMIT_EXCEEDED: live.bandwidthUsedUp
  }, [client, target]);

  useCheckoutReturn(
    (back) => {
      if (back.trackingId) storage.write(keyOf(target), back.trackingId);
      sayUnpaid(back, (trackingId) => client.payments.state.query({ trackingId }), setNotice);
      trackingId.current = back.trackingId ?? storage.read(keyOf(target));
      ask().catch((err) => setState({ stage: "refused", message: errorMessageOf(err) ?? t("cannotPlay") }));
    },
    [ask, target],
  );

  // the clock of the countdowns and of the window on air; when the next event starts, or the one
  // played live ends (its replay, or what follows), ask again
  const next =
    state.stage === "waiting"
      ? state.next
      : state.stage === "playing" && state.event && state.event.startsAt.getTime() > now
        ? state.event
        : undefined;
  const liveEnd = state.stage === "playing" && state.mode === "LIVE" ? state.event?.endsAt.getTime() : undefined;
  useEffect(() => {
    if (!next && liveEnd === undefined) return;
    let asked = false;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      const due = (state.stage === "waiting" && next && next.startsAt.getTime() <= t) || (liveEnd !== undefined && liveEnd <= t);
      if (due && !asked) {
        asked = true;
        void ask().catch(() => undefined);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [next, liveEnd, state.stage, ask]);

  const src = state.stage === "playing" ? state.src : undefined;
  // when the event played live is over, its URL closes (it is that event's only): ask again for what
  // follows (its replay, or the next event's countdown) instead of retrying a closed URL
  const liveUntil = state.stage === "playing" && state.mode === "LIVE" ? state.event?.endsAt.getTime() : undefined;
  const liveUntilRef = useRef(liveUntil);
  liveUntilRef.current = liveUntil;
  useEffect(() => {
    const element = video.current;
    if (!src || !element) return;
    let disposed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      const attached = await attachHls(element, src, {
        config: LIVE_CONFIG,
        onFatal: (details, instance) => {
          // before the stream arrives (or between two takes) the playlist is missing: wait and ask again
          instance.destroy();
          hls.current = null;
          if (disposed) return;
          setWaitingForStream(true);
          if (!details.startsWith("manifest") && !details.startsWith("level")) setError(t("playbackFailed", { details }));
          const over = liveUntilRef.current !== undefined && Date.now() >= liveUntilRef.current;
          retry = setTimeout(() => void (over ? ask().catch(() => undefined) : start()), RETRY_MS);
        },
        onManifest: () => {
          setWaitingForStream(false);
          setError(undefined);
        },
      });
      if (disposed) return attached.hls?.destroy();
      if (attached.error) return setError(attached.error);
      hls.current = attached.hls ?? null;
      setHlsInstance(attached.hls);
      await element.play().catch(() => undefined); // without a gesture the browser may wait for one: the controls are there
    };
    void start();
    return () => {
      disposed = true;
      if (retry) clearTimeout(retry);
      hls.current?.destroy();
      hls.current = null;
    };
  }, [src, ask]);

  // an event over whose recording is being made: ask again until its replay plays
  const preparing = state.stage === "waiting" && state.over?.recordEvent === true && now - state.over.endsAt.getTime() < PREPARING_FOR_MS;
  useEffect(() => {
    if (!preparing) return;
    const timer = setInterval(() => void ask().catch(() => undefined), REPLAY_POLL_MS);
    return () => clearInterval(timer);
  }, [preparing, ask]);

  // the LIVE badge says whether the stream is really arriving (the ingest's sessions), not the window
  const liveNow = state.stage === "playing" && state.mode === "LIVE" ? state : undefined;
  const channelId = target.kind === "channel" ? target.channelId : liveNow?.event?.channel.channelId;
  const stream = trpc.live.streamState.useQuery(
    { channelId: channelId ?? "" },
    { enabled: Boolean(liveNow && channelId), refetchInterval: STREAM_STATE_MS, refetchIntervalInBackground: true },
  );
  const arriving = Boolean(liveNow && stream.data?.arriving);
  const [arrived, setArrived] = useState(false);
  useEffect(() => {
    if (arriving) setArrived(true);
  }, [arriving]);

  async function buy(eventId: string): Promise<void> {
    setBuying(true);
    setError(undefined);
    try {
      await goToCheckout(pathOf(target), (request) => client.live.payEvent.mutate({ eventId, ...request }));
    } catch (err) {
      setError(errorMessageOf(err));
      setBuying(false);
    }
  }

  const playing = state.stage === "playing" ? state : undefined;
  const inWindow = playing?.event ? playing.event.startsAt.getTime() <= now && now < playing.event.endsAt.getTime() : Boolean(playing);
  const beforeStart = playing?.mode === "LIVE" && playing.event && playing.event.startsAt.getTime() > now;
  const onAir = playing?.mode === "LIVE" && inWindow && arriving;
  const stopped = playing?.mode === "LIVE" && inWindow && !arriving && arrived && stream.data !== undefined;
  const notYet = playing?.mode === "LIVE" && inWindow && !arriving && !arrived;
  const ticketEvent = state.stage === "ticket" ? state.event : undefined;

  // the viewer count: the channel's audience while its stream plays or is waited for, the replay's
  // while it plays; an event over shows its live peak (the page does not count itself there)
  const over = state.stage === "waiting" ? state.over : undefined;
  const audienceTarget: AudienceTarget | undefined =
    playing?.mode === "REPLAY" && playing.event
      ? { kind: "replay", eventId: playing.event.eventId }
      : playing?.mode === "LIVE" && channelId
        ? { kind: "channel", channelId }
        : over
          ? { kind: "replay", eventId: over.eventId }
          : state.stage === "waiting" && state.next && target.kind === "channel"
            ? { kind: "channel", channelId: target.channelId }
            : undefined;
  const viewers = useLiveAudience(audienceTarget, !over);
  const viewersText = !viewers
    ? undefined
    : playing?.mode === "REPLAY"
      ? [t("watchingReplay", { count: viewers.watching }), viewers.peak > 0 ? t("peakViewers", { count: viewers.peak }) : ""]
          .filter(Boolean)
          .join(" · ")
      : over
        ? viewers.peak > 0
          ? t("peakViewers", { count: viewers.peak })
          : undefined
        : onAir
          ? t("watchingNow", { count: viewers.watching })
          : t("waitingNow", { count: viewers.watching });
  return (
    <div
      className="vod-player live-player"
      data-stage={state.stage}
      data-stream={onAir ? "arriving" : stopped ? "stopped" : undefined}
      data-testid="live-player"
    >
      <Player
        videoRef={video}
        hls={hlsInstance}
        title={title}
        poster={poster}
        controls={Boolean(src) && !beforeStart}
        live={playing?.mode === "LIVE" ? { arriving: onAir } : undefined}
        idle={!onAir && playing?.mode !== "REPLAY"}
        videoData={{ "data-src": src }}
        playSession={playing?.session}
      >
        {playing?.mode === "REPLAY" && (
          <span className="live-badge live-badge--replay" data-testid="replay-badge">
            {t("replay")}
          </span>
        )}
        {state.stage === "checking" && <p className="vod-player__message">{t("loading")}</p>}
        {beforeStart && playing.event && (
          <div className="vod-player__message" data-testid="live-countdown">
            <p>{t("startsIn", { name: playing.event.name })}</p>
            <p className="live-countdown">{countdown(playing.event.startsAt, now)}</p>
            <p className="muted">{time(playing.event.startsAt)}</p>
          </div>
        )}
        {notYet && (
          <p className="vod-player__message" data-testid="live-not-yet">
            {waitingForStream || !stream.data ? t("waitingStream") : t("notStarted")}
          </p>
        )}
        {stopped && (
          <div className="vod-player__message" data-testid="live-stopped">
            <p>{t("stopped")}</p>
            <p className="muted">{playing?.event ? t("mayResumeBefore", { time: time(playing.event.endsAt) }) : t("mayResume")}</p>
          </div>
        )}
        {ticketEvent && (
          <div className="vod-player__message" data-testid="live-ticket-poster">
            <p>
              <strong>{ticketEvent.name}</strong>
            </p>
            <p>
              {time(ticketEvent.startsAt)} – {time(ticketEvent.endsAt)}
            </p>
            <p>{t("buyBelow")}</p>
          </div>
        )}
        {state.stage === "waiting" && (
          <div className="vod-player__message" data-testid="live-countdown">
            {state.next ? (
              <>
                <p>{t("next", { name: state.next.name })}</p>
                <p className="live-countdown">{hydrated ? countdown(state.next.startsAt, now) : time(state.next.startsAt)}</p>
                <p className="muted">{time(state.next.startsAt)}</p>
              </>
            ) : preparing && target.kind === "channel" ? (
              <p data-testid="live-replay-preparing">
                {t.rich("overReplayOn", {
                  name: state.over!.name,
                  link: (chunks) => <Link href={liveEventPath(state.over!.eventId)}>{chunks}</Link>,
                })}
              </p>
            ) : preparing ? (
              <p data-testid="live-replay-preparing">{t("overPreparing")}</p>
            ) : (
              <p>{t(state.message)}</p>
            )}
          </div>
        )}
        {state.stage === "refused" && (
          <p className="vod-player__message" role="alert">
            {state.message ?? t("bandwidthUsedUp")}
          </p>
        )}
      </Player>
      {viewersText && (
        <p className="live-viewers muted" data-testid="live-viewers" data-watching={viewers?.watching} data-peak={viewers?.peak}>
          {viewersText}
        </p>
      )}
      {state.stage === "ticket" && (
        <div className="vod-purchase" data-testid="live-ticket">
          <p>
            {t.rich("payPerView", { name: state.event.name, strong: (chunks) => <strong>{chunks}</strong> })}{" "}
            <span className="vod-purchase__price" data-testid="live-price">
              {formatPrice(state.event.pricePerViewCents ?? 0, currency, locale)}
            </span>{" "}
            <span className="muted">
              {t("forCovers", { covers: t("covers", { recorded: state.event.recordEvent ? "yes" : "no", days: replayDays }) })}
            </span>
          </p>
          <button
            type="button"
            className="button"
            onClick={() => void buy(state.event.eventId)}
            disabled={!hydrated || buying}
            aria-busy={buying || undefined}
            data-testid="live-buy"
          >
            {t("buyTicket", { price: formatPrice(state.event.pricePerViewCents ?? 0, currency, locale) })}
          </button>
        </div>
      )}
      {playing?.accessUntil && (
        <p className="vod-purchase vod-purchase--owned" data-testid="live-access">
          {t("ticketUntil", { what: t(ticketWatchKey(playing.mode, playing.event, new Date(now))), until: time(playing.accessUntil) })}
        </p>
      )}
      {(notice || error) && (
        <p className={`notice ${error ? "notice--error" : "notice--info"} vod-player__status`} role="status">
          {error ?? notice}
        </p>
      )}
    </div>
  );
}
