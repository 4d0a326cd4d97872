import type Hls from "hls.js";
import { CAPTIONS_OFF, type PlayerTracks } from "./use-tracks";

/**
 * One menu of the player's settings, drawn the same way whatever it chooses: quality (hls.js's
 * levels), speed, captions and audio tracks (hls.js's subtitleTracks and audioTracks: use-tracks.ts).
 */
export interface PlayerMenu {
  id: string;
  label: string;
  items: { value: string; label: string }[];
  selected: string;
  onSelect(value: string): void;
}

export const AUTO = "auto";

/** The words of the menus, in the page's language (messages player.*). */
export interface MenuWords {
  quality: string;
  auto: string;
  autoPlaying(level: string): string;
  speed: string;
  normal: string;
  captions: string;
  off: string;
  audio: string;
}

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2];

/** "720p", or the bitrate for a rung without a height (audio only, the source). */
const levelLabel = (l: { height: number; bitrate: number }) => (l.height ? `${l.height}p` : `${Math.round(l.bitrate / 1000)} kbit/s`);

/** The quality menu: Auto (hls.js's adaptive choice), then the ladder's rungs from the highest. */
export function qualityMenu(hls: Hls, choice: string, choose: (value: string) => void, words: MenuWords): PlayerMenu | undefined {
  if (hls.levels.length === 0) return undefined;
  const playing = hls.levels[hls.currentLevel];
  const rungs = hls.levels.map((l, index) => ({ index, label: levelLabel(l), height: l.height, bitrate: l.bitrate }));
  rungs.sort((a, b) => b.height - a.height || b.bitrate - a.bitrate);
  return {
    id: "quality",
    label: words.quality,
    items: [
      { value: AUTO, label: choice === AUTO && playing ? words.autoPlaying(levelLabel(playing)) : words.auto },
      ...rungs.map((r) => ({ value: String(r.index), label: r.label })),
    ],
    selected: choice,
    onSelect(value) {
      // a chosen rung is switched to at once (buffer flushed); Auto lets the ABR controller decide
      hls.currentLevel = value === AUTO ? -1 : Number(value);
      choose(value);
    },
  };
}

export function speedMenu(video: HTMLVideoElement, rate: number, words: MenuWords): PlayerMenu {
  return {
    id: "speed",
    label: words.speed,
    items: SPEEDS.map((s) => ({ value: String(s), label: s === 1 ? words.normal : `${s}×` })),
    selected: String(rate),
    onSelect(value) {
      video.playbackRate = Number(value);
    },
  };
}

/** The captions menu: Off, then the caption tracks by name (none when the video has no captions). */
export function captionsMenu(tracks: PlayerTracks, words: MenuWords): PlayerMenu | undefined {
  if (tracks.captions.length === 0) return undefined;
  return {
    id: "captions",
    label: words.captions,
    items: [
      { value: String(CAPTIONS_OFF), label: words.off },
      ...tracks.captions.map((t) => ({ value: String(t.id), label: t.name || t.language })),
    ],
    selected: String(tracks.caption),
    onSelect: (value) => tracks.chooseCaption(Number(value)),
  };
}

/** The audio menu, when the video has more than one audio track (languages). */
export function audioMenu(tracks: PlayerTracks, words: MenuWords): PlayerMenu | undefined {
  if (tracks.audio.length < 2) return undefined;
  return {
    id: "audio",
    label: words.audio,
    items: tracks.audio.map((t) => ({ value: String(t.id), label: t.name || t.language })),
    selected: String(tracks.audioTrack),
    onSelect: (value) => tracks.chooseAudio(Number(value)),
  };
}
