"use client";

import { useEffect, useState, type RefObject } from "react";
import type Hls from "hls.js";
import type { ManifestParsedData } from "hls.js";
import { parseCaptions, type Cue } from "@/lib/webvtt";

// What the player shows beside the picture (issue 26), from the hls.js instance playing: its caption
// tracks (the one chosen drawn by the player, the cues read from the video element's hidden text
// track), its audio tracks, and the chapters and storyboard the master playlist names as session data
// (WebVTT files beside it, reached through the same signed address). The viewer's choices of captions and
// audio language are remembered in this browser (localStorage), and applied to the next video.

export interface Track {
  id: number;
  name: string;
  language: string;
}

export interface Chapter {
  start: number;
  title: string;
}

/** One thumbnail of the storyboard: its time span and its rectangle in a sprite sheet. */
export interface Thumbnail {
  start: number;
  end: number;
  url: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export const CAPTIONS_OFF = -1;
const CAPTIONS_KEY = "kinora.player.captions";
const AUDIO_KEY = "kinora.player.audio";
const CHAPTERS_DATA_ID = "com.kinora.chapters";
const STORYBOARD_DATA_ID = "com.kinora.storyboard";

function remembered(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage refused (private mode, a sandboxed embed)
  }
}

function remember(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // not remembered: the choice still applies to this video
  }
}

export interface PlayerTracks {
  captions: Track[];
  /** The caption track shown (CAPTIONS_OFF: none). */
  caption: number;
  chooseCaption(id: number): void;
  /** `c`: captions on (the remembered language, else the first) or off. */
  toggleCaptions(): void;
  /** The text of the cues showing now, one entry per cue. */
  cueText: string[];
  audio: Track[];
  audioTrack: number;
  chooseAudio(id: number): void;
  chapters: Chapter[];
  /** The seek bar's thumbnails (none when the video has no storyboard). */
  storyboard: Thumbnail[];
}

/** The cues of a WebVTT file the playlist's session data names, with its address (none when there is none or it cannot be read). */
async function sessionTrack(hls: Hls, sessionData: ManifestParsedData["sessionData"], id: string): Promise<{ cues: Cue[]; url: URL }> {
  const uri: unknown = sessionData?.[id]?.URI;
  if (typeof uri !== "string" || !hls.url) return { cues: [], url: new URL("about:blank") };
  const url = new URL(uri, hls.url);
  const res = await fetch(url).catch(() => undefined);
  const parsed = res?.ok ? parseCaptions(await res.text()) : undefined;
  return { cues: parsed?.ok ? parsed.cues : [], url };
}

/** The storyboard's cues ("sheet_000.jpg#xywh=0,0,160,90") as thumbnails, their sheets' addresses beside the track's. */
function thumbnailsOf({ cues, url }: { cues: Cue[]; url: URL }): Thumbnail[] {
  return cues.flatMap((c) => {
    const m = /^([\w.-]+\.jpg)#xywh=(\d+),(\d+),(\d+),(\d+)$/.exec(c.text.trim());
    if (!m) return [];
    return [{ start: c.start, end: c.end, url: new URL(m[1]!, url).href, x: +m[2]!, y: +m[3]!, width: +m[4]!, height: +m[5]! }];
  });
}

export function useTracks(hls: Hls | undefined, videoRef: RefObject<HTMLVideoElement | null>): PlayerTracks {
  const [captions, setCaptions] = useState<Track[]>([]);
  const [caption, setCaption] = useState(CAPTIONS_OFF);
  const [audio, setAudio] = useState<Track[]>([]);
  const [audioTrack, setAudioTrack] = useState(0);
  const [chapters, setChapters] = useState<Chapter[]>([]);
  const [storyboard, setStoryboard] = useState<Thumbnail[]>([]);
  const [cueText, setCueText] = useState<string[]>([]);

  useEffect(() => {
    setCaptions([]);
    setCaption(CAPTIONS_OFF);
    setAudio([]);
    setChapters([]);
    setStoryboard([]);
    setCueText([]);
    if (!hls) return;
    const { Events } = hls.constructor as typeof Hls;
    let live = true;
    const onParsed = (_e: unknown, data: ManifestParsedData) => {
      const subs = hls.subtitleTracks.map((t, id) => ({ id, name: t.name, language: t.lang ?? "" }));
      setCaptions(subs);
      const wanted = remembered(CAPTIONS_KEY);
      const match = wanted && wanted !== "off" ? subs.find((t) => t.language === wanted) : undefined;
      hls.subtitleTrack = match ? match.id : CAPTIONS_OFF;
      setCaption(hls.subtitleTrack);
      const tracks = hls.audioTracks.map((t, id) => ({ id, name: t.name, language: t.lang ?? "" }));
      setAudio(tracks);
      const spoken = remembered(AUDIO_KEY);
      const heard = spoken ? tracks.find((t) => t.language === spoken) : undefined;
      if (heard && heard.id !== hls.audioTrack) hls.audioTrack = heard.id;
      setAudioTrack(hls.audioTrack);
      void sessionTrack(hls, data.sessionData, CHAPTERS_DATA_ID).then(
        ({ cues }) => live && setChapters(cues.map((c) => ({ start: c.start, title: c.text }))),
      );
      void sessionTrack(hls, data.sessionData, STORYBOARD_DATA_ID).then((track) => live && setStoryboard(thumbnailsOf(track)));
    };
    const onAudioSwitched = () => setAudioTrack(hls.audioTrack);
    const onSubtitleSwitch = () => setCaption(hls.subtitleTrack);
    hls.on(Events.MANIFEST_PARSED, onParsed);
    hls.on(Events.AUDIO_TRACK_SWITCHED, onAudioSwitched);
    hls.on(Events.SUBTITLE_TRACK_SWITCH, onSubtitleSwitch);
    return () => {
      live = false;
      hls.off(Events.MANIFEST_PARSED, onParsed);
      hls.off(Events.AUDIO_TRACK_SWITCHED, onAudioSwitched);
      hls.off(Events.SUBTITLE_TRACK_SWITCH, onSubtitleSwitch);
    };
  }, [hls]);

  // the cues showing now, from the text track hls.js fills for the chosen caption track (kept hidden:
  // the player draws them above its controls)
  useEffect(() => {
    const video = videoRef.current;
    if (!video || caption === CAPTIONS_OFF) {
      setCueText([]);
      return;
    }
    const tracks = video.textTracks;
    const listened = new Set<TextTrack>();
    const read = () => {
      const showing = [...tracks].find((t) => t.mode !== "disabled" && (t.kind === "subtitles" || t.kind === "captions"));
      const cues = showing?.activeCues ? [...showing.activeCues] : [];
      setCueText(cues.map((c) => (c as VTTCue).text.replace(/<[^>]*>/g, "")).filter(Boolean));
    };
    const listen = () => {
      for (const t of tracks)
        if (!listened.has(t)) {
          listened.add(t);
          t.addEventListener("cuechange", read);
        }
      read();
    };
    listen();
    tracks.addEventListener("addtrack", listen);
    tracks.addEventListener("change", listen);
    return () => {
      tracks.removeEventListener("addtrack", listen);
      tracks.removeEventListener("change", listen);
      for (const t of listened) t.removeEventListener("cuechange", read);
    };
  }, [videoRef, caption, hls]);

  const chooseCaption = (id: number) => {
    if (!hls) return;
    hls.subtitleTrack = id;
    setCaption(id);
    remember(CAPTIONS_KEY, id === CAPTIONS_OFF ? "off" : (captions[id]?.language ?? "off"));
  };
  return {
    captions,
    caption,
    chooseCaption,
    toggleCaptions() {
      if (captions.length === 0) return;
      if (caption !== CAPTIONS_OFF) return chooseCaption(CAPTIONS_OFF);
      const wanted = remembered(CAPTIONS_KEY);
      chooseCaption((captions.find((t) => t.language === wanted) ?? captions[0]!).id);
    },
    cueText,
    audio,
    audioTrack,
    chooseAudio(id) {
      if (!hls) return;
      hls.audioTrack = id;
      setAudioTrack(id);
      const language = audio[id]?.language;
      if (language) remember(AUDIO_KEY, language);
    },
    chapters,
    storyboard,
  };
}
