"use client";

import { FormStatus } from "@/components/form/form-status";
import { useEffect, useRef, useState, type RefObject } from "react";
import type Hls from "hls.js";
import { attachHls } from "@/components/player/attach-hls";
import { Player } from "@/components/player/player";
import { LIVE_HLS_CONFIG } from "@/lib/live-hls-config";

const LIVE_RETRY_MS = 2000;

/**
 * The portal's previews (box items, marketplace listings, the Go-live and cast previews): the one
 * player on a signed, expiring URL, attached at once. `live`: close to the live edge, started muted,
 * and a stream that has not arrived yet (404) is asked for again.
 */
export function HlsPlayer({
  src,
  poster,
  title,
  live = false,
  videoRef,
}: {
  src: string;
  poster?: string;
  title: string;
  live?: boolean;
  /** The caller's handle on the video element (the chapter editor takes its times from it). */
  videoRef?: RefObject<HTMLVideoElement | null>;
}) {
  const own = useRef<HTMLVideoElement>(null);
  const video = videoRef ?? own;
  const [hls, setHls] = useState<Hls>();
  const [arriving, setArriving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let disposed = false;
    let instance: Hls | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      const attached = await attachHls(element, src, {
        config: { capLevelToPlayerSize: false, ...(live ? LIVE_HLS_CONFIG : {}) },
        onFatal: (details, failed) => {
          if (!live) return setError(`Playback failed (${details}).`);
          failed.destroy();
          setArriving(false);
          if (!disposed) retry = setTimeout(() => void start(), LIVE_RETRY_MS);
        },
        onManifest: () => {
          setError(null);
          setArriving(true);
        },
      });
      if (disposed) return attached.hls?.destroy();
      if (attached.error) return setError(attached.error);
      instance = attached.hls;
      setHls(instance);
      if (live) await element.play().catch(() => undefined);
    };
    void start();
    return () => {
      disposed = true;
      if (retry) clearTimeout(retry);
      instance?.destroy();
    };
  }, [src, live, video]);

  return (
    <div className="vod-player">
      <Player
        videoRef={video}
        hls={hls}
        title={live ? title : `Preview of ${title}`}
        poster={poster}
        controls
        live={live ? { arriving } : undefined}
        idle={Boolean(error)}
        muted={live}
      />
      <FormStatus error={error ?? undefined} />
    </div>
  );
}
