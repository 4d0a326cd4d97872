"use client";

import { FormStatus } from "@/components/form/form-status";
import { useEffect, useRef, useState } from "react";
import type Hls from "hls.js";
import { LIVE_HLS_CONFIG } from "@/lib/live-hls-config";

interface Level {
  index: number;
  height: number;
  bitrate: number;
}

const AUTO = -1;

const LIVE_RETRY_MS = 2000;

/**
 * An HLS player (hls.js over Media Source Extensions; Safari's native HLS where MSE is missing) with
 * a quality menu: Auto (adaptive) or one rung of the ladder. The URL is a signed, expiring one.
 * `live`: close to the live edge, and a stream that has not arrived yet (404) is asked for again.
 */
export function HlsPlayer({ src, poster, title, live = false }: { src: string; poster?: string; title: string; live?: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<Hls | null>(null);
  const [levels, setLevels] = useState<Level[]>([]);
  const [choice, setChoice] = useState(AUTO);
  const [playing, setPlaying] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    let disposed = false;
    void import("hls.js").then(({ default: HlsClass }) => {
      if (disposed) return;
      if (!HlsClass.isSupported()) {
        if (element.canPlayType("application/vnd.apple.mpegurl")) element.src = src;
        else setError("This browser cannot play HLS video.");
        return;
      }
      const hls = new HlsClass({ capLevelToPlayerSize: false, ...(live ? LIVE_HLS_CONFIG : {}) });
      hlsRef.current = hls;
      hls.on(HlsClass.Events.MANIFEST_PARSED, (_e, data) => {
        setLevels(data.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate })));
      });
      hls.on(HlsClass.Events.LEVEL_SWITCHED, (_e, data) => setPlaying(data.level));
      hls.on(HlsClass.Events.ERROR, (_e, data) => {
        if (!data.fatal) return;
        if (live && data.type === HlsClass.ErrorTypes.NETWORK_ERROR) {
          setError(null);
          setTimeout(() => !disposed && hls.loadSource(src), LIVE_RETRY_MS);
          return;
        }
        setError(`Playback failed (${data.details}).`);
      });
      hls.loadSource(src);
      hls.attachMedia(element);
    });
    return () => {
      disposed = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [src, live]);

  function select(index: number) {
    setChoice(index);
    const hls = hlsRef.current;
    if (!hls) return;
    // a chosen rung is switched to at once (buffer flushed); Auto lets the ABR controller decide
    hls.currentLevel = index;
  }

  const current = playing === null ? undefined : levels[playing];
  return (
    <div className="player">
      <video
        ref={video}
        controls
        playsInline
        muted={live}
        autoPlay={live}
        poster={poster}
        aria-label={`Preview of ${title}`}
        data-testid="player-video"
      />
      <div className="player__controls">
        <label>
          Quality{" "}
          <select value={choice} onChange={(e) => select(Number(e.target.value))} data-testid="quality-select">
            <option value={AUTO}>Auto</option>
            {levels.map((l) => (
              <option key={l.index} value={l.index}>
                {l.height ? `${l.height}p` : "Source"} ({Math.round(l.bitrate / 1000)} kbit/s)
              </option>
            ))}
          </select>
        </label>
        <span className="muted" data-testid="playing-level">
          {current ? `Playing ${current.height ? `${current.height}p` : "the source"}` : "Loading…"}
        </span>
      </div>
      <FormStatus error={error ?? undefined} />
    </div>
  );
}
