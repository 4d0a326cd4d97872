"use client";

import { useEffect, useRef, useState } from "react";
import type Hls from "hls.js";
import { useTranslations } from "next-intl";
import { attachHls } from "@/components/player/attach-hls";
import { Player } from "@/components/player/player";
import { LIVE_HLS_CONFIG } from "@/lib/live-hls-config";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";

const RETRY_MS = 2000;
/** A channel page's plays, for analytics. */
const ORIGIN = { source: "channel" } as const;

/**
 * The player of a cast channel: it asks to play (cast.playChannel; always PLAY, empty time plays the
 * slate, unless the publisher's monthly bandwidth is used up) and plays the channel's live output through hls.js
 * near its live edge, as every viewer sees it; when playing fails it asks to play again. It starts
 * by itself, muted (browsers let only a muted video start without a gesture), and says so with an
 * Unmute button over the picture until the sound is on.
 */
export function CastPlayer({ channelId, title, poster }: { channelId: string; title: string; poster?: string }) {
  const t = useTranslations("cast");
  const play = trpc.cast.playChannel.useMutation();
  const video = useRef<HTMLVideoElement>(null);
  const [hls, setHls] = useState<Hls>();
  const [waiting, setWaiting] = useState(false);
  const [muted, setMuted] = useState(true);
  const { mutate } = play;
  useEffect(() => mutate({ channelId, origin: ORIGIN }), [mutate, channelId]);

  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const update = () => setMuted(v.muted || v.volume === 0);
    v.addEventListener("volumechange", update);
    return () => v.removeEventListener("volumechange", update);
  }, []);

  const src = play.data?.result === "PLAY" ? play.data.file : undefined;
  const playSession = play.data?.result === "PLAY" ? play.data.playSession : undefined;
  useEffect(() => {
    const element = video.current;
    if (!src || !element) return;
    let disposed = false;
    let instance: Hls | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      const attached = await attachHls(element, src, {
        config: LIVE_HLS_CONFIG,
        onFatal: (_details, failed) => {
          failed.destroy();
          if (disposed) return;
          setWaiting(true);
          // asked again: a fresh grant (the signed addresses expire), whose new address restarts the player
          retry = setTimeout(() => mutate({ channelId, origin: ORIGIN }), RETRY_MS);
        },
        onManifest: () => setWaiting(false),
      });
      if (disposed) return attached.hls?.destroy();
      instance = attached.hls;
      setHls(instance);
      element.muted = true;
      await element.play().catch(() => undefined); // without a gesture the browser may wait for one: the controls are there
    };
    void start();
    return () => {
      disposed = true;
      if (retry) clearTimeout(retry);
      instance?.destroy();
    };
  }, [src, mutate, channelId]);

  const refused = play.data && play.data.result !== "PLAY";
  const error = refused ? t("bandwidthUsedUp") : errorMessageOf(play.error);
  return (
    <div className="vod-player live-player" data-testid="cast-player">
      <Player
        videoRef={video}
        hls={hls}
        title={title}
        poster={poster}
        controls={Boolean(src)}
        live={src ? { arriving: !waiting } : undefined}
        idle={Boolean(error)}
        muted
        videoData={{ "data-src": src }}
        playSession={playSession}
      >
        {src && muted && (
          <button
            type="button"
            className="button player__unmute"
            onClick={() => {
              const v = video.current;
              if (!v) return;
              v.muted = false;
              if (v.volume === 0) v.volume = 1;
            }}
            data-testid="cast-unmute"
          >
            {t("unmute")}
          </button>
        )}
        {!src && !error && <p className="vod-player__message">{t("loading")}</p>}
        {src && waiting && <p className="vod-player__message">{t("tuningIn")}</p>}
        {error && (
          <p className="vod-player__message" role="alert">
            {error}
          </p>
        )}
      </Player>
    </div>
  );
}
