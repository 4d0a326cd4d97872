"use client";

import { useState, type RefObject } from "react";
import { useTranslations } from "next-intl";
import type { MediaState } from "./use-media-state";
import type { PlayerMenu } from "./player-menus";
import { PlayerMenuButton } from "./player-menu-button";
import { formatTime } from "./player-time";
import type { Chapter, Thumbnail } from "./use-tracks";

const ICONS = {
  play: "M8 5v14l11-7z",
  pause: "M6 5h4v14H6zm8 0h4v14h-4z",
  volume: "M4 9v6h4l5 5V4L8 9H4zm12.5 3a4.5 4.5 0 0 0-2.5-4v8a4.5 4.5 0 0 0 2.5-4z",
  muted: "M4 9v6h4l5 5V4L8 9H4zm16.6 3 2.1-2.1-1.4-1.4-2.1 2.1-2.1-2.1-1.4 1.4 2.1 2.1-2.1 2.1 1.4 1.4 2.1-2.1 2.1 2.1 1.4-1.4z",
  pip: "M19 7h-8v6h8V7zm2-4H3a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h18a2 2 0 0 0 2-2V5a2 2 0 0 0-2-2zm0 16H3V5h18v14z",
  fullscreen: "M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z",
  exitFullscreen: "M5 16h3v3h2v-5H5v2zm3-8H5v2h5V5H8v3zm6 11h2v-3h3v-2h-5v5zm2-11V5h-2v5h5V8h-3z",
};

function Icon({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={d} />
    </svg>
  );
}

/** An icon button of the bar, named by its label; a pointer click gives the focus back to the player. */
function ControlButton(b: { label: string; icon: string; onPress(): void; actions: ControlActions; testId: string }) {
  return (
    <button
      type="button"
      className="player__button"
      aria-label={b.label}
      onClick={(e) => {
        b.onPress();
        b.actions.refocus(e);
      }}
      data-testid={b.testId}
    >
      <Icon d={b.icon} />
    </button>
  );
}

export interface ControlActions {
  togglePlay(): void;
  seekTo(time: number): void;
  toggleMute(): void;
  setVolume(volume: number): void;
  togglePictureInPicture(): void;
  toggleFullscreen(): void;
  /** Gives the focus back to the player after a pointer click (its shortcuts keep working). */
  refocus(e: React.MouseEvent): void;
  focusPlayer(): void;
}

/**
 * The player's control bar: play/pause, the seek bar (a time tooltip where the pointer is), the time,
 * mute and volume, the settings menus, picture-in-picture and fullscreen. Every control is a labelled
 * button, range or menu, reachable with Tab. A live stream's bar seeks in its window.
 */
export function PlayerControls({
  media,
  menus,
  actions,
  live,
  fullscreen,
  pipAvailable,
  seekRef,
  chapters = [],
  storyboard = [],
}: {
  media: MediaState;
  menus: PlayerMenu[];
  actions: ControlActions;
  live: boolean;
  fullscreen: boolean;
  pipAvailable: boolean;
  seekRef: RefObject<HTMLInputElement | null>;
  /** Marks on the seek bar, and the chapter's title in the tooltip. */
  chapters?: Chapter[];
  /** The thumbnails shown in the tooltip while seeking. */
  storyboard?: Thumbnail[];
}) {
  const t = useTranslations("player");
  const [tip, setTip] = useState<{ left: number; time: number }>();
  const start = live ? media.seekStart : 0;
  const end = live ? media.seekEnd : Number.isFinite(media.duration) ? media.duration : 0;
  const at = Math.min(Math.max(media.currentTime, start), end || start);
  const playing = !media.paused && !media.ended;
  const timeText = live ? `-${formatTime(end - at)}` : `${formatTime(at)} / ${formatTime(end)}`;

  const chapterAt = (time: number) => chapters.findLast((c) => c.start <= time);
  const thumbAt = (time: number) => storyboard.find((s) => s.start <= time && time < s.end) ?? storyboard.at(-1);
  const current = chapterAt(at);

  function pointTip(e: React.PointerEvent<HTMLInputElement>) {
    const box = e.currentTarget.getBoundingClientRect();
    const f = Math.min(1, Math.max(0, (e.clientX - box.left) / box.width));
    setTip({ left: f * 100, time: start + f * (end - start) });
  }

  return (
    <div className="player__controls" data-testid="player-controls">
      <div className="player__seek">
        <input
          ref={seekRef}
          type="range"
          aria-label={t("seek")}
          min={start}
          max={end || 1}
          step="any"
          value={at}
          disabled={!end}
          aria-valuetext={
            live
              ? t("behindLive", { time: formatTime(end - at) })
              : `${t("timeOf", { at: formatTime(at), end: formatTime(end) })}${current ? `, ${current.title}` : ""}`
          }
          onChange={(e) => actions.seekTo(Number(e.currentTarget.value))}
          onPointerMove={pointTip}
          onPointerDown={pointTip}
          onPointerLeave={() => setTip(undefined)}
          onPointerUp={(e) => actions.refocus(e)}
          data-testid="player-seek"
        />
        {!live &&
          end > 0 &&
          chapters
            .filter((c) => c.start > 0 && c.start < end)
            .map((c) => (
              <span
                key={c.start}
                className="player__chapter-mark"
                style={{ left: `${(c.start / end) * 100}%` }}
                data-testid="player-chapter-mark"
                aria-hidden="true"
              />
            ))}
        {tip && (
          <span className="player__tip" style={{ left: `${tip.left}%` }} data-testid="player-seek-tip" aria-hidden="true">
            {!live && storyboard.length > 0 && <ThumbnailImage thumb={thumbAt(tip.time)!} />}
            {!live && chapterAt(tip.time) && <span className="player__tip-chapter">{chapterAt(tip.time)!.title}</span>}
            {live ? `-${formatTime(end - tip.time)}` : formatTime(tip.time)}
          </span>
        )}
      </div>
      <div className="player__bar">
        <ControlButton
          label={playing ? t("pause") : t("play")}
          icon={playing ? ICONS.pause : ICONS.play}
          onPress={actions.togglePlay}
          actions={actions}
          testId="player-play"
        />
        <ControlButton
          label={media.muted ? t("unmute") : t("mute")}
          icon={media.muted || media.volume === 0 ? ICONS.muted : ICONS.volume}
          onPress={actions.toggleMute}
          actions={actions}
          testId="player-mute"
        />
        <input
          type="range"
          className="player__volume"
          aria-label={t("volume")}
          min={0}
          max={1}
          step={0.05}
          value={media.muted ? 0 : media.volume}
          onChange={(e) => actions.setVolume(Number(e.currentTarget.value))}
          onPointerUp={(e) => actions.refocus(e)}
          data-testid="player-volume"
        />
        <span className="player__time" data-testid="player-time">
          {timeText}
        </span>
        <span className="player__spacer" />
        {menus.map((m) => (
          <PlayerMenuButton key={m.id} menu={m} onDone={actions.focusPlayer} />
        ))}
        {pipAvailable && (
          <ControlButton
            label={t("pictureInPicture")}
            icon={ICONS.pip}
            onPress={actions.togglePictureInPicture}
            actions={actions}
            testId="player-pip"
          />
        )}
        <ControlButton
          label={fullscreen ? t("exitFullScreen") : t("fullScreen")}
          icon={fullscreen ? ICONS.exitFullscreen : ICONS.fullscreen}
          onPress={actions.toggleFullscreen}
          actions={actions}
          testId="player-fullscreen"
        />
      </div>
    </div>
  );
}

/** A storyboard thumbnail: its rectangle of the sprite sheet. */
function ThumbnailImage({ thumb }: { thumb: Thumbnail }) {
  return (
    <span
      className="player__thumb"
      data-testid="player-seek-thumbnail"
      style={{
        width: thumb.width,
        height: thumb.height,
        backgroundImage: `url("${thumb.url}")`,
        backgroundPosition: `-${thumb.x}px -${thumb.y}px`,
      }}
    />
  );
}
