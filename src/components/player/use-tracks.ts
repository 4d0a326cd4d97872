"use client";

import { useEffect, useState, type RefObject } from "react";
import type Hls from "hls.js";
import type { CuesParsedData, ManifestParsedData } from "hls.js";
import { parseCaptions, type Cue } from "@/lib/webvtt";
import { sessionDataOf } from "./attach-hls";
import { rememberAudio, rememberCaptions, rememberedCaptions } from "./player-choices";

// What the player shows beside the picture (issue 26), from the hls.js instance playing: its caption
// tracks (the one chosen drawn by the player from the cues hls.js parses), its audio tracks, and the chapters and storyboard the master playlist names as session data
// (WebVTT files beside it, reached through the same signed address). The viewer's choices of captions and
// audio language are remembered (player-choices.ts) and applied to the next video.

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
const CHAPTERS_DATA_ID = "com.kinora.chapters";
const STORYBOARD_DATA_ID = "com.kinora.storyboard";

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
    // the caption and audio tracks of the rung playing (hls.js lists them once a level loads, after
    // the playlist's parse, and picks the remembered languages itself: attach-hls.ts)
    const onSubtitles = () => {
      setCaptions(hls.subtitleTracks.map((t, id) => ({ id, name: t.name, language: t.lang ?? "" })));
      setCaption(hls.subtitleTrack);
    };
    const onAudio = () => {
      setAudio(hls.audioTracks.map((t, id) => ({ id, name: t.name, language: t.lang ?? "" })));
      setAudioTrack(hls.audioTrack);
    };
    const onParsed = (_e: unknown, data: Pick<ManifestParsedData, "sessionData">) => {
      void sessionTrack(hls, data.sessionData, CHAPTERS_DATA_ID).then(
        ({ cues }) => live && setChapters(cues.map((c) => ({ start: c.start, title: c.text }))),
      );
      void sessionTrack(hls, data.sessionData, STORYBOARD_DATA_ID).then((track) => live && setStoryboard(thumbnailsOf(track)));
    };
    const onAudioSwitched = () => setAudioTrack(hls.audioTrack);
    const onSubtitleSwitch = () => setCaption(hls.subtitleTrack);
    hls.on(Events.MANIFEST_PARSED, onParsed);
    hls.on(Events.SUBTITLE_TRACKS_UPDATED, onSubtitles);
    hls.on(Events.AUDIO_TRACKS_UPDATED, onAudio);
    hls.on(Events.AUDIO_TRACK_SWITCHED, onAudioSwitched);
    hls.on(Events.SUBTITLE_TRACK_SWITCH, onSubtitleSwitch);
    // what happened before this hook listened (the caller hands the instance over after loadSource)
    if (hls.levels.length > 0) onParsed(undefined, { sessionData: sessionDataOf(hls) ?? null });
    onSubtitles();
    onAudio();
    return () => {
      live = false;
      hls.off(Events.MANIFEST_PARSED, onParsed);
      hls.off(Events.SUBTITLE_TRACKS_UPDATED, onSubtitles);
      hls.off(Events.AUDIO_TRACKS_UPDATED, onAudio);
      hls.off(Events.AUDIO_TRACK_SWITCHED, onAudioSwitched);
      hls.off(Events.SUBTITLE_TRACK_SWITCH, onSubtitleSwitch);
    };
  }, [hls]);

  // the cues showing now: hls.js hands over each caption track's cues as it parses them (CUES_PARSED;
  // no text track of the video element), and the player draws those of the chosen track at the
  // video's time, above its controls
  useEffect(() => {
    const video = videoRef.current;
    if (!hls || !video) return;
    const { Events } = hls.constructor as typeof Hls;
    const cues = new Map<number, Map<string, { start: number; end: number; text: string }>>();
    const read = () => {
      const chosen = hls.subtitleTrack;
      const now = video.currentTime;
      const showing = chosen < 0 ? [] : [...(cues.get(chosen)?.values() ?? [])].filter((c) => c.start <= now && now < c.end);
      const texts = showing.sort((a, b) => a.start - b.start).map((c) => c.text);
      setCueText((before) => (before.length === texts.length && before.every((t, i) => t === texts[i]) ? before : texts));
    };
    const onCues = (_e: unknown, data: CuesParsedData) => {
      const id = data.subtitleTrack ? hls.subtitleTracks.indexOf(data.subtitleTrack) : -1;
      if (data.type !== "subtitles" || id < 0) return;
      const list = cues.get(id) ?? new Map();
      for (const cue of data.cues) {
        const text = cue.text.replace(/<[^>]*>/g, "").trim();
        if (text) list.set(`${cue.startTime}|${cue.endTime}|${text}`, { start: cue.startTime, end: cue.endTime, text });
      }
      cues.set(id, list);
      read();
    };
    hls.on(Events.CUES_PARSED, onCues);
    hls.on(Events.SUBTITLE_TRACK_SWITCH, read);
    video.addEventListener("timeupdate", read);
    video.addEventListener("seeked", read);
    return () => {
      hls.off(Events.CUES_PARSED, onCues);
      hls.off(Events.SUBTITLE_TRACK_SWITCH, read);
      video.removeEventListener("timeupdate", read);
      video.removeEventListener("seeked", read);
    };
  }, [hls, videoRef]);

  const chooseCaption = (id: number) => {
    if (!hls) return;
    hls.subtitleTrack = id;
    setCaption(id);
    rememberCaptions(id === CAPTIONS_OFF ? "off" : (captions[id]?.language ?? "off"));
  };
  return {
    captions,
    caption,
    chooseCaption,
    toggleCaptions() {
      if (captions.length === 0) return;
      if (caption !== CAPTIONS_OFF) return chooseCaption(CAPTIONS_OFF);
      const wanted = rememberedCaptions();
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
      if (language) rememberAudio(language);
    },
    chapters,
    storyboard,
  };
}
