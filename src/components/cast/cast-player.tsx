"use client";

import { useEffect, useRef, useState } from "react";
import type Hls from "hls.js";
import { attachHls } from "@/components/viewer/attach-hls";
import { LIVE_HLS_CONFIG } from "@/lib/live-hls-config";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";

const RETRY_MS = 2000;

/**
 * The player of a cast channel: it asks to play (cast.playChannel; always PLAY, empty time plays the
 * slate, unless the publisher's band is used up) and plays the channel's live output through hls.js
 * near its live edge, as every viewer sees it; when playing fails it asks to play again.
 */
export function CastPlayer({ channelId, title, poster }: { channelId: string; title: string; poster?: string }) {
  const play = trpc.cast.playChannel.useMutation();
  const video = useRef<HTMLVideoElement>(null);
  const [waiting, setWaiting] = useState(false);
  const { mutate } = play;
  useEffect(() => mutate({ channelId }), [mutate, channelId]);

  const src = play.data?.result === "PLAY" ? play.data.file : undefined;
  useEffect(() => {
    const element = video.current;
    if (!src || !element) return;
    let disposed = false;
    let hls: Hls | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      const attached = await attachHls(element, src, {
        config: LIVE_HLS_CONFIG,
        preferHlsJs: true,
        onFatal: (_details, instance) => {
          instance.destroy();
          if (disposed) return;
          setWaiting(true);
          // asked again: a fresh grant (the signed addresses expire), whose new address restarts the player
          retry = setTimeout(() => mutate({ channelId }), RETRY_MS);
        },
        onManifest: () => setWaiting(false),
      });
      if (disposed) return attached.hls?.destroy();
      hls = attached.hls;
      await element.play().catch(() => undefined); // without a gesture the browser may wait for one: the controls are there
    };
    void start();
    return () => {
      disposed = true;
      if (retry) clearTimeout(retry);
      hls?.destroy();
    };
  }, [src, mutate, channelId]);

  const refused = play.data && play.data.result !== "PLAY";
  const error = refused
    ? "The publisher's monthly band is used up: this channel can be watched again next month."
    : errorMessageOf(play.error);
  return (
    <div className="vod-player live-player" data-testid="cast-player">
      <div className="vod-player__screen">
        <video
          ref={video}
          controls={Boolean(src)}
          playsInline
          muted
          poster={poster}
          aria-label={title}
          data-testid="player-video"
          data-src={src}
        />
        {src && (
          <span className="live-badge" data-testid="live-badge">
            Live
          </span>
        )}
        {!src && !error && <p className="vod-player__message">Loading…</p>}
        {src && waiting && <p className="vod-player__message">Tuning in…</p>}
        {error && (
          <p className="vod-player__message" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
