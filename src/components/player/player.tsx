"use client";

import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import type Hls from "hls.js";
import { useTranslations } from "next-intl";
import { PlayerControls, type ControlActions } from "./player-controls";
import { AUTO, audioMenu, captionsMenu, qualityMenu, speedMenu, type MenuWords, type PlayerMenu } from "./player-menus";
import { useTracks } from "./use-tracks";
import { useMediaState } from "./use-media-state";
import { usePlayBeacons } from "./use-play-beacons";
import "./player.css";

/** Behind the live edge by more than this, the badge turns into "Go to live". */
const BEHIND_LIVE_S = 8;

export interface PlayerProps {
  /** The caller's handle on the video element (it attaches the source: attach-hls.ts). */
  videoRef: RefObject<HTMLVideoElement | null>;
  /** The hls.js instance playing, if any: its levels make the quality menu, its live edge "go to live". */
  hls?: Hls;
  title: string;
  /** Shown before play, while loading, after an error and at the end. */
  poster?: string;
  /** The controls are there (a source is attached). Before, the caller's overlay (start, price) is. */
  controls: boolean;
  /** Live: the LIVE badge and "go to live" while the stream arrives; no speed menu. */
  live?: { arriving: boolean };
  /** Nothing plays (an error, a stream that stopped): the poster shows again under the caller's message. */
  idle?: boolean;
  muted?: boolean;
  onEnded?(): void;
  onError?(): void;
  /** Extra attributes of the video element (tests read data-src). */
  videoData?: Record<`data-${string}`, string | undefined>;
  /** Overlays over the picture: start button, countdown, messages. */
  children?: ReactNode;
  /**
   * The play session of the play granted (the audience's plays; docs/analytics.md): the player sends
   * its beacons against it (use-play-beacons.ts). None for previews and the owner's players.
   */
  playSession?: string;
  /**
   * When the viewer pressed play (performance.now()), before the source was attached: the startup
   * time counts from it. Without it (autoplay), from the video's play event.
   */
  playAskedAt?: number;
}

/**
 * The one player of Kinora's pages (watch, embed, live, cast channel, previews in the portal): a
 * video element with our own controls and keyboard shortcuts, on whatever source the caller
 * attached (hls.js, or the browser's own HLS where there is no MSE). Shortcuts while the player has
 * the focus (it keeps it after a click on a control): Space or K play/pause, J/L 10 s back/on,
 * arrows 5 s back/on and volume up/down, F full screen, M mute, C captions on/off.
 */
export function Player(p: PlayerProps) {
  const t = useTranslations("player");
  const root = useRef<HTMLDivElement>(null);
  const seek = useRef<HTMLInputElement>(null);
  const media = useMediaState(p.videoRef);
  const [quality, setQuality] = useState(AUTO);
  const [fullscreen, setFullscreen] = useState(false);
  const [pipAvailable, setPipAvailable] = useState(false);
  const [, redraw] = useState(0);
  const tracks = useTracks(p.hls, p.videoRef);
  usePlayBeacons(p.videoRef, { session: p.playSession, hls: p.hls, askedAt: p.playAskedAt, live: Boolean(p.live) });

  useEffect(() => {
    setPipAvailable(typeof document !== "undefined" && document.pictureInPictureEnabled === true);
    const onFullscreen = () => setFullscreen(document.fullscreenElement === root.current);
    document.addEventListener("fullscreenchange", onFullscreen);
    return () => document.removeEventListener("fullscreenchange", onFullscreen);
  }, []);

  // the quality menu follows hls.js's ladder and the rung it plays
  const { hls } = p;
  useEffect(() => {
    if (!hls) return;
    setQuality(AUTO);
    const update = () => redraw((n) => n + 1);
    // the events by the instance's class: importing hls.js here would load it with every page
    const { Events } = hls.constructor as typeof Hls;
    hls.on(Events.MANIFEST_PARSED, update);
    hls.on(Events.LEVEL_SWITCHED, update);
    update();
    return () => {
      hls.off(Events.MANIFEST_PARSED, update);
      hls.off(Events.LEVEL_SWITCHED, update);
    };
  }, [hls]);

  // the start button that brought the controls is gone: the focus goes to the player, whose shortcuts then work
  useEffect(() => {
    if (p.controls && document.activeElement === document.body) root.current?.focus({ preventScroll: true });
  }, [p.controls]);

  const video = () => p.videoRef.current;
  const liveEdge = () => (hls?.liveSyncPosition ?? media.seekEnd) || media.seekEnd;
  const actions: ControlActions = {
    togglePlay() {
      const v = video();
      if (!v) return;
      if (v.paused || v.ended) void v.play().catch(() => undefined);
      else v.pause();
    },
    seekTo(time) {
      const v = video();
      if (v && Number.isFinite(time)) v.currentTime = Math.max(0, time);
    },
    toggleMute() {
      const v = video();
      if (v) v.muted = !v.muted;
    },
    setVolume(volume) {
      const v = video();
      if (!v) return;
      v.volume = Math.min(1, Math.max(0, volume));
      v.muted = v.volume === 0;
    },
    togglePictureInPicture() {
      const v = video();
      if (!v) return;
      if (document.pictureInPictureElement) void document.exitPictureInPicture().catch(() => undefined);
      else void v.requestPictureInPicture().catch(() => undefined);
    },
    toggleFullscreen() {
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      else void root.current?.requestFullscreen().catch(() => undefined);
    },
    refocus(e) {
      // a pointer click (detail > 0) gives the focus back to the player; a keyboard press keeps it on the control
      if (e.detail > 0) actions.focusPlayer();
    },
    focusPlayer() {
      root.current?.focus({ preventScroll: true });
    },
  };

  function skip(seconds: number) {
    const v = video();
    if (!v) return;
    const end = p.live ? media.seekEnd : v.duration;
    actions.seekTo(Math.min(Number.isFinite(end) ? end : v.currentTime + seconds, v.currentTime + seconds));
  }

  function onKeyDown(e: React.KeyboardEvent<HTMLDivElement>) {
    if (!p.controls || e.altKey || e.ctrlKey || e.metaKey) return;
    const target = e.target as HTMLElement;
    const onPlayer = target === root.current || target === video();
    const onRange = target instanceof HTMLInputElement;
    const onButton = target instanceof HTMLButtonElement;
    const v = video();
    if (!v) return;
    switch (e.key) {
      case " ":
        if (!onPlayer) return; // Space presses the focused control
        actions.togglePlay();
        break;
      case "k":
      case "K":
        actions.togglePlay();
        break;
      case "j":
      case "J":
        skip(-10);
        break;
      case "l":
      case "L":
        skip(10);
        break;
      case "ArrowLeft":
      case "ArrowRight":
        if (onRange) return; // the range moves itself
        skip(e.key === "ArrowLeft" ? -5 : 5);
        break;
      case "ArrowUp":
      case "ArrowDown":
        if (onRange || (!onPlayer && !onButton)) return;
        actions.setVolume((v.muted ? 0 : v.volume) + (e.key === "ArrowUp" ? 0.1 : -0.1));
        break;
      case "f":
      case "F":
        actions.toggleFullscreen();
        break;
      case "m":
      case "M":
        actions.toggleMute();
        break;
      case "c":
      case "C":
        tracks.toggleCaptions();
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  const words: MenuWords = {
    quality: t("quality"),
    auto: t("auto"),
    autoPlaying: (level) => t("autoPlaying", { level }),
    speed: t("speed"),
    normal: t("normal"),
    captions: t("captions"),
    off: t("captionsOff"),
    audio: t("audio"),
  };
  const menus: PlayerMenu[] = [];
  const q = hls ? qualityMenu(hls, quality, setQuality, words) : undefined;
  if (q) menus.push(q);
  const c = captionsMenu(tracks, words);
  if (c) menus.push(c);
  const a = audioMenu(tracks, words);
  if (a) menus.push(a);
  if (!p.live && p.videoRef.current) menus.push(speedMenu(p.videoRef.current, media.rate, words));

  const behind = p.live?.arriving && media.hasFrame && liveEdge() - media.currentTime > BEHIND_LIVE_S;
  const showPoster = p.poster && (!media.hasFrame || media.ended || p.idle);
  return (
    <div
      ref={root}
      className="vod-player__screen player"
      role="region"
      aria-label={t("region", { title: p.title })}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-controls={p.controls || undefined}
      data-paused={media.paused || undefined}
    >
      <video
        ref={p.videoRef}
        playsInline
        muted={p.muted}
        poster={p.poster}
        preload="none"
        aria-label={p.title}
        data-testid="player-video"
        onClick={(e) => {
          if (!p.controls) return;
          actions.togglePlay();
          actions.refocus(e);
        }}
        onEnded={p.onEnded}
        onError={p.onError}
        {...p.videoData}
      />
      {showPoster && <img className="player__poster" src={p.poster} alt="" data-testid="player-poster" />}
      {p.controls && media.waiting && !p.idle && <span className="player__spinner" role="status" aria-label={t("loading")} />}
      {p.live?.arriving &&
        (behind ? (
          <button
            type="button"
            className="live-badge live-badge--behind"
            onClick={(e) => {
              actions.seekTo(liveEdge());
              actions.refocus(e);
            }}
            data-testid="live-behind"
          >
            {t("goToLive")}
          </button>
        ) : (
          <span className="live-badge" data-testid="live-badge">
            {t("live")}
          </span>
        ))}
      {tracks.cueText.length > 0 && (
        <div className="player__captions" data-testid="player-captions">
          {tracks.cueText.map((text, i) => (
            <span key={i} className="player__cue">
              {text}
            </span>
          ))}
        </div>
      )}
      {p.children}
      {p.controls && (
        <PlayerControls
          media={media}
          menus={menus}
          actions={actions}
          live={Boolean(p.live)}
          fullscreen={fullscreen}
          pipAvailable={pipAvailable}
          seekRef={seek}
          chapters={tracks.chapters}
          storyboard={tracks.storyboard}
        />
      )}
    </div>
  );
}
