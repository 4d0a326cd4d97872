"use client";

import { FormStatus } from "@/components/form/form-status";
import { useEffect, useRef, useState } from "react";
import type Hls from "hls.js";

interface Level {
  index: number;
  height: number;
  bitrate: number;
}

const AUTO = -1;

/**
 * An HLS player (hls.js over Media Source Extensions; Safari's native HLS where MSE is missing) with
 * a quality menu: Auto (adaptive) or one rung of the ladder. The URL is a signed, expiring one.
 */
export function HlsPlayer({ src, poster, title }: { src: string; poster?: string; title: string }) {
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
      const hls = new HlsClass({ capLevelToPlayerSize: false });
      hlsRef.current = hls;
      hls.on(HlsClass.Events.MANIFEST_PARSED, (_e, data) => {
        setLevels(data.levels.map((l, index) => ({ index, height: l.height, bitrate: l.bitrate })));
      });
      hls.on(HlsClass.Events.LEVEL_SWITCHED, (_e, data) => setPlaying(data.level));
      hls.on(HlsClass.Events.ERROR, (_e, data) => {
        if (data.fatal) setError(`Playback failed (${data.details}).`);
      });
      hls.loadSource(src);
      hls.attachMedia(element);
    });
    return () => {
      disposed = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
  }, [src]);

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
      <video ref={video} controls playsInline poster={poster} aria-label={`Preview of ${title}`} data-testid="player-video" />
      <div className="player__controls">
        <label>
          Quality{" "}
          <select value={choice} onChange={(e) => select(Number(e.target.value))} data-testid="quality-select">
            <option value={AUTO}>Auto</option>
            {levels.map((l) => (
              <option key={l.index} value={l.index}>
                {l.height}p ({Math.round(l.bitrate / 1000)} kbit/s)
              </option>
            ))}
          </select>
        </label>
        <span className="muted" data-testid="playing-level">
          {current ? `Playing ${current.height}p` : "Loading…"}
        </span>
      </div>
      <FormStatus error={error ?? undefined} />
    </div>
  );
}
