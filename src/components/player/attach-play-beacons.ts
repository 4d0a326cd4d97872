import type Hls from "hls.js";
import { BeaconQueue, type SendBatch } from "./beacon-queue";
import { PlayBeacons } from "./play-beacons";

// The beacons of a play session from a video element and the hls.js instance playing in it
// (docs/analytics.md): the element's events make start, startup, seek, pause, rebuffer, end and
// errors, hls.js's the rendition changes and its fatal errors; a timer sends the position every
// 10 s with the waiting beacons, and the page being hidden or left sends them at once.

/** How often the position is sent while playing, and the waiting beacons with it. */
export const PROGRESS_MS = 10_000;

const MEDIA_ERRORS: Record<number, string> = {
  1: "MEDIA_ERR_ABORTED",
  2: "MEDIA_ERR_NETWORK",
  3: "MEDIA_ERR_DECODE",
  4: "MEDIA_ERR_SRC_NOT_SUPPORTED",
};

export interface PlayBeaconsHandle {
  /** The viewer asked to play at `at` (performance.now()): the startup time counts from it. */
  asked(at: number): void;
  /** Follows an hls.js instance playing in the element (its renditions, its fatal errors); returns the unfollow. */
  followHls(hls: Hls): () => void;
  /** Stops: the session's end and what waits go at once. */
  detach(): void;
}

/**
 * Sends the beacons of play session `session` for what plays in `video` until detached. `isLive()`:
 * a live stream, whose playlist missing before the first frame is the stream not arrived yet (the
 * live pages wait and retry), not an error.
 */
export function attachPlayBeacons(
  video: HTMLVideoElement,
  session: string,
  opts: { isLive: () => boolean; send?: SendBatch },
): PlayBeaconsHandle {
  const beacons = new PlayBeacons(new BeaconQueue(session, opts.send));
  const now = () => performance.now();
  // the last position the element had with a source: after hls.js lets go of it, currentTime is 0
  let last = 0;
  const position = () => {
    if (video.readyState >= 1 && Number.isFinite(video.currentTime)) last = video.currentTime;
    return last;
  };
  // where the video was before a seek: the position at the last timeupdate, which a seek's own comes after
  let before = position();

  const on: Partial<Record<keyof HTMLMediaElementEventMap, () => void>> = {
    play: () => beacons.play(now()),
    playing: () => beacons.playing(now(), position()),
    waiting: () => beacons.waiting(now(), position(), video.seeking),
    pause: () => beacons.pause(now(), position()),
    seeking: () => beacons.seeking(before, position()),
    timeupdate: () => void (before = position()),
    ended: () => beacons.ended(now(), position()),
    emptied: () => beacons.sourceGone(now()),
    error: () => beacons.error(MEDIA_ERRORS[video.error?.code ?? 0] ?? "MEDIA_ERR", last),
  };
  const listeners = Object.entries(on) as [keyof HTMLMediaElementEventMap, () => void][];
  for (const [type, listener] of listeners) video.addEventListener(type, listener);
  const onVisibility = () => document.visibilityState === "hidden" && beacons.flush();
  const onPageHide = () => beacons.leave(now(), position());
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", onPageHide);
  const timer = setInterval(() => beacons.tick(position(), !video.paused && !video.ended), PROGRESS_MS);

  return {
    asked: (at) => beacons.asked(at),
    followHls(hls) {
      // the events by the instance's class: importing hls.js here would load it with every page
      const { Events } = hls.constructor as typeof Hls;
      const onSwitched = (_e: unknown, data: { level: number }) => beacons.rendition(hls.levels[data.level]?.height ?? 0, position());
      const onError = (_e: unknown, data: { fatal: boolean; details: string }) => {
        if (!data.fatal) return;
        if (opts.isLive() && !beacons.hasStarted && /^(manifest|level)/.test(data.details)) return;
        beacons.error(data.details, position());
      };
      hls.on(Events.LEVEL_SWITCHED, onSwitched);
      hls.on(Events.ERROR, onError);
      return () => {
        hls.off(Events.LEVEL_SWITCHED, onSwitched);
        hls.off(Events.ERROR, onError);
      };
    },
    detach() {
      clearInterval(timer);
      for (const [type, listener] of listeners) video.removeEventListener(type, listener);
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("pagehide", onPageHide);
      beacons.leave(now(), position());
    },
  };
}
