"use client";

import { useEffect, useState, type RefObject } from "react";

/** What the controls show of a video element, kept in step with its events. */
export interface MediaState {
  paused: boolean;
  ended: boolean;
  /** Playing was asked and the picture waits for data. */
  waiting: boolean;
  currentTime: number;
  duration: number;
  /** The seekable range (a live stream's window). */
  seekStart: number;
  seekEnd: number;
  volume: number;
  muted: boolean;
  rate: number;
  /** A first frame is there (the poster can go). */
  hasFrame: boolean;
}

const INITIAL: MediaState = {
  paused: true,
  ended: false,
  waiting: false,
  currentTime: 0,
  duration: NaN,
  seekStart: 0,
  seekEnd: 0,
  volume: 1,
  muted: false,
  rate: 1,
  hasFrame: false,
};

const EVENTS = [
  "play",
  "pause",
  "playing",
  "waiting",
  "ended",
  "timeupdate",
  "durationchange",
  "progress",
  "volumechange",
  "ratechange",
  "loadeddata",
  "emptied",
  "seeked",
] as const;

function read(v: HTMLVideoElement): MediaState {
  const s = v.seekable;
  return {
    paused: v.paused,
    ended: v.ended,
    waiting: !v.paused && v.readyState < 3,
    currentTime: v.currentTime,
    duration: v.duration,
    seekStart: s.length ? s.start(0) : 0,
    seekEnd: s.length ? s.end(s.length - 1) : 0,
    volume: v.volume,
    muted: v.muted,
    rate: v.playbackRate,
    hasFrame: v.readyState >= 2,
  };
}

export function useMediaState(video: RefObject<HTMLVideoElement | null>): MediaState {
  const [state, setState] = useState<MediaState>(INITIAL);
  useEffect(() => {
    const v = video.current;
    if (!v) return;
    const update = () => setState(read(v));
    for (const e of EVENTS) v.addEventListener(e, update);
    update();
    return () => {
      for (const e of EVENTS) v.removeEventListener(e, update);
    };
  }, [video]);
  return state;
}
