"use client";

import { useEffect, useRef, useState } from "react";
import type Hls from "hls.js";
import { useLocale, useTranslations } from "next-intl";
import { useHydrated } from "@/components/form/submit-button";
import { purchaseStorage } from "@/components/payments/purchase-storage";
import { attachHls } from "@/components/player/attach-hls";
import { Player } from "@/components/player/player";
import { formatAccessTime } from "@/lib/format";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { watchPath } from "@/lib/vod-urls";
import { goToCheckout, sayUnpaid, useCheckoutReturn } from "@/components/payments/use-checkout";
import { vodPlayOrigin } from "./play-origin";

export interface VodPlayerProps {
  vodId: string;
  title: string;
  /** PAY_PER_VIEW: the price as shown ("€2.50"); absent for what plays for anyone. */
  price?: string;
  /** CONTENT_BUNDLE: the bundle whose subscribers watch it (its page sells the subscription). */
  bundle?: { name: string; href: string };
  /** How long a purchase lets its buyer watch (PPV_ACCESS_HOURS). */
  accessHours: number;
  poster?: string;
  /** In another site's iframe: Buy opens the watch page in a new tab instead of paying in the frame. */
  embedded: boolean;
  /** Seconds to start the whole video at, the first time it plays (a shared link's `?t=`). */
  startAt?: number;
}

interface Media {
  src: string;
  /** When the signed URL stops working (MEDIA_URL_TTL): a page left open longer asks again. */
  expiresAt: Date;
  /** preview: the 15 seconds a pay-per-view vod shows before it is bought */
  kind: "full" | "preview";
  accessUntil?: Date;
  /** The play session of a full play (its player's beacons are counted against it); previews have none. */
  session?: string;
}

type State =
  | { stage: "checking" }
  | { stage: "ready"; media: Media; autoStart: boolean }
  /** pay-per-view, not bought, and no preview to show */
  | { stage: "locked" }
  | { stage: "refused"; message: string };

// the purchases of vods kept in this browser (a reload plays within the purchase's window)
const storage = purchaseStorage("vod");

/** The event a chapter list sends to play the vod from a time (its detail: seconds). */
export const SEEK_EVENT = "kinora:seek";

/**
 * The player of the watch and embed pages. It asks to play (vod.play, with the purchase's trackingId
 * when this browser holds one; a signed-in buyer and the owner need none): FREE and CC vods play, a
 * pay-per-view one shows its 15-second preview, the price and Buy until it is bought. Nothing heavy
 * loads before the viewer presses play: the browser's own HLS when it has it, else hls.js (its full build: captions, audio tracks).
 */
export function VodPlayer({ vodId, title, price, bundle, accessHours, poster, embedded, startAt }: VodPlayerProps) {
  const t = useTranslations("watch");
  const locale = useLocale();
  const client = trpc.useUtils().client;
  const hydrated = useHydrated();
  const video = useRef<HTMLVideoElement>(null);
  const hls = useRef<Hls | null>(null);
  const [hlsInstance, setHlsInstance] = useState<Hls>();
  const attached = useRef<string | null>(null);
  const trackingId = useRef<string | undefined>(undefined);
  const startAtPending = useRef(startAt !== undefined && startAt > 0);
  // a chapter chosen before the video started: where it starts
  const seekOnStart = useRef<number | undefined>(undefined);
  const [state, setState] = useState<State>({ stage: "checking" });
  const [started, setStarted] = useState(false);
  const [previewOver, setPreviewOver] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const [buying, setBuying] = useState(false);
  // the play session of what the viewer started, and when they pressed play (the startup time's start)
  const [play, setPlay] = useState<{ session?: string; askedAt: number }>();
  // the watch page (a bundle's content: the bundle), or the embed page in another site (the play's origin, for analytics)
  const origin = () => vodPlayOrigin(embedded, bundle !== undefined, document.referrer, window.location.origin);

  useCheckoutReturn(
    (back) => {
      let live = true;
      // returnUrl brings the trackingId of a paid purchase; cancelUrl (payment=cancelled) none
      const paidWith = back.trackingId;
      const paid = paidWith !== undefined;
      if (paidWith) storage.write(vodId, paidWith);
      sayUnpaid(back, (trackingId) => client.payments.state.query({ trackingId }), setNotice);
      trackingId.current = paidWith ?? storage.read(vodId);
      void (async () => {
        try {
          const played = await client.vod.play.mutate({ vodId, trackingId: trackingId.current, origin: origin() });
          if (!live) return;
          if (played.result === "PLAY") {
            const media: Media = {
              src: played.file,
              expiresAt: played.expiresAt,
              kind: "full",
              accessUntil: played.accessUntil,
              session: played.playSession,
            };
            setState({ stage: "ready", media, autoStart: paid });
            return;
          }
          if (played.result === "BAND_LIMIT_EXCEEDED") return setState({ stage: "refused", message: t("bandwidthUsedUp") });
          // PAYMENT_REQUIRED or SUBSCRIPTION_REQUIRED. A kept trackingId stays kept: its payment may
          // still be confirmed (a provider's late answer), and a new purchase replaces it.
          if (paid) setNotice(t("notConfirmed"));
          const preview = await client.vod.preview.mutate({ vodId });
          if (!live) return;
          setState(
            preview.result === "PLAY"
              ? { stage: "ready", media: { src: preview.file, expiresAt: preview.expiresAt, kind: "preview" }, autoStart: false }
              : { stage: "locked" },
          );
        } catch (err) {
          if (live) setState({ stage: "refused", message: errorMessageOf(err) ?? t("cannotPlay") });
        }
      })();
      return () => {
        live = false;
      };
    },
    [client, vodId],
  );

  useEffect(
    () => () => {
      hls.current?.destroy();
      hls.current = null;
    },
    [],
  );

  const media = state.stage === "ready" ? state.media : undefined;

  /** The media with a signed URL that still works (a grant older than its lifetime is asked for again, with a new play session). */
  async function current(m: Media): Promise<Media> {
    if (m.expiresAt.getTime() - Date.now() > 60_000) return m;
    if (m.kind === "preview") {
      const again = await client.vod.preview.mutate({ vodId });
      return again.result === "PLAY" ? { ...m, src: again.file, expiresAt: again.expiresAt } : m;
    }
    const again = await client.vod.play.mutate({ vodId, trackingId: trackingId.current, origin: origin() });
    return again.result === "PLAY" ? { ...m, src: again.file, expiresAt: again.expiresAt, session: again.playSession } : m;
  }

  async function start(given: Media): Promise<void> {
    const element = video.current;
    if (!element) return;
    const askedAt = performance.now();
    setError(undefined);
    try {
      const m = await current(given);
      setPlay({ session: m.session, askedAt });
      if (attached.current !== m.src) {
        hls.current?.destroy();
        hls.current = null;
        const attachedHls = await attachHls(element, m.src, {
          onFatal: (details) => setError(t("playbackFailed", { details })),
          // only the first attach: a source renewed later keeps the viewer's position
          startAt: seekOnStart.current ?? (m.kind === "full" && startAtPending.current ? startAt : undefined),
        });
        if (attachedHls.error) return setError(attachedHls.error);
        hls.current = attachedHls.hls ?? null;
        setHlsInstance(attachedHls.hls);
        attached.current = m.src;
        if (m.kind === "full") startAtPending.current = false;
        seekOnStart.current = undefined;
      }
    } catch (err) {
      return setError(errorMessageOf(err) ?? t("couldNotStart"));
    }
    setStarted(true);
    setPreviewOver(false);
    // a browser that refuses to start without a gesture keeps its controls on screen for the viewer
    await element.play().catch(() => undefined);
  }

  // a chapter of the page's list (chapter-list.tsx): the playing video seeks there, else starts there
  useEffect(() => {
    const onSeek = (e: Event) => {
      const to = (e as CustomEvent<unknown>).detail;
      const element = video.current;
      if (!element || typeof to !== "number" || !Number.isFinite(to)) return;
      if (started) {
        element.currentTime = to;
        void element.play().catch(() => undefined);
        element.closest<HTMLElement>(".player")?.focus({ preventScroll: false });
      } else if (media) {
        seekOnStart.current = to;
        void start(media);
      }
    };
    window.addEventListener(SEEK_EVENT, onSeek);
    return () => window.removeEventListener(SEEK_EVENT, onSeek);
  }, [started, media]);

  // back from the checkout: the video the viewer just paid for starts
  const autoStart = state.stage === "ready" && state.autoStart ? state.media : undefined;
  useEffect(() => {
    // start() reads only refs and state setters: the media is what the effect depends on
    if (autoStart) void start(autoStart);
  }, [autoStart]);

  async function buy(): Promise<void> {
    setBuying(true);
    setError(undefined);
    try {
      await goToCheckout(watchPath(vodId), (request) => client.vod.pay.mutate({ vodId, ...request }));
    } catch (err) {
      setError(errorMessageOf(err));
      setBuying(false);
    }
  }

  const forSale = (price !== undefined || bundle !== undefined) && state.stage !== "refused" && media?.kind !== "full";
  const startLabel =
    state.stage === "checking" ? t("loading") : media?.kind === "preview" ? t("watchPreview") : media ? t("play") : undefined;
  const buyControl = bundle ? (
    <a className="button" href={bundle.href} target={embedded ? "_blank" : undefined} rel="noopener" data-testid="vod-subscribe">
      {t("subscribeTo", { name: bundle.name })}
      {embedded && <span className="visually-hidden">{t("newTab")}</span>}
    </a>
  ) : embedded ? (
    <a className="button" href={watchPath(vodId)} target="_blank" rel="noopener" data-testid="vod-buy">
      {t("buyOnKinora", { price: price ?? "" })}
      <span className="visually-hidden">{t("newTab")}</span>
    </a>
  ) : (
    <button
      type="button"
      className="button"
      onClick={() => void buy()}
      disabled={!hydrated || state.stage === "checking" || buying}
      aria-busy={buying || undefined}
      data-testid="vod-buy"
    >
      {t("buy", { price: price ?? "" })}
    </button>
  );

  return (
    <div className="vod-player" data-stage={state.stage} data-media={media?.kind}>
      <Player
        videoRef={video}
        hls={hlsInstance}
        title={media?.kind === "preview" ? t("previewOf", { title }) : title}
        poster={poster}
        controls={started}
        idle={Boolean(error) || state.stage === "refused"}
        playSession={play?.session}
        playAskedAt={play?.askedAt}
        onEnded={() => media?.kind === "preview" && setPreviewOver(true)}
        onError={() => attached.current && setError(t("notLoaded"))}
      >
        {!started && startLabel && (
          <button type="button" className="vod-player__start" onClick={() => media && void start(media)} disabled={!media}>
            <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M8 5v14l11-7z" />
            </svg>
            <span>{startLabel}</span>
          </button>
        )}
        {state.stage === "refused" && (
          <p className="vod-player__message" role="alert">
            {state.message}
          </p>
        )}
        {previewOver && forSale && (
          <div className="vod-player__message">
            <p>{t("previewOver")}</p>
            {buyControl}
          </div>
        )}
      </Player>
      {forSale && !previewOver && (
        <div className="vod-purchase" data-testid="vod-purchase">
          {bundle ? (
            <p className="muted">{t("inBundle", { name: bundle.name })}</p>
          ) : (
            <p>
              <span className="vod-purchase__price" data-testid="vod-price">
                {price}
              </span>{" "}
              <span className="muted">{t("priceFor", { hours: accessHours })}</span>
            </p>
          )}
          {buyControl}
        </div>
      )}
      {media?.accessUntil && !embedded && (
        <p className="vod-purchase vod-purchase--owned" data-testid="vod-access">
          {t(bundle ? "subscribedUntil" : "boughtUntil", { until: formatAccessTime(media.accessUntil, locale) })}
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
