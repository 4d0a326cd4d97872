"use client";

import { useEffect, useRef, type RefObject } from "react";
import type Hls from "hls.js";
import { attachPlayBeacons, type PlayBeaconsHandle } from "./attach-play-beacons";

/**
 * The beacons of the play session `session` for what plays in `video` (attach-play-beacons.ts), for
 * as long as the session is the player's: a new session ends the previous one first (its end and
 * what waits are sent), and so does the player going away. Without a session (a preview, the
 * owner's box player) nothing is sent.
 */
export function usePlayBeacons(
  video: RefObject<HTMLVideoElement | null>,
  opts: {
    session?: string;
    hls?: Hls;
    /** When the viewer asked to play (performance.now()). */
    askedAt?: number;
    live: boolean;
  },
): void {
  const { session, hls, askedAt } = opts;
  const handle = useRef<PlayBeaconsHandle | null>(null);
  const live = useRef(opts.live);
  live.current = opts.live;

  useEffect(() => {
    const element = video.current;
    if (!session || !element) return;
    const attached = attachPlayBeacons(element, session, { isLive: () => live.current });
    handle.current = attached;
    return () => {
      handle.current = null;
      attached.detach();
    };
  }, [video, session]);

  useEffect(() => {
    if (hls && session) return handle.current?.followHls(hls);
  }, [hls, session]);

  useEffect(() => {
    if (askedAt !== undefined && session) handle.current?.asked(askedAt);
  }, [askedAt, session]);
}
