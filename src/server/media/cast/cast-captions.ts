import { toWebVtt, type Cue } from "@/lib/webvtt";
import { HLS_START_PTS } from "../ffmpeg/hls-args";
import type { MasterRendition } from "../ffmpeg/playlists";
import { castMediaPlaylist, playoutWindow, type PlayoutSegment } from "./playout";
import type { CastPlayoutInput, CastPlayoutProgram, CastSource } from "./playout-types";

/**
 * Captions on a channel (issue 26), where its contents have them: the channel carries one caption
 * track per language that a content of its programs around now has. A track's media playlist is the
 * channel's first variant's timeline with one WebVTT segment for each of its segments, holding the
 * cues of the content airing there in that language: none in a break, a live program or a content
 * without that language. Cue times stay the content's own, mapped onto its segments' clock
 * (HLS_START_PTS) as in the content's own HLS, so a player lines them up with the video the same
 * way across the channel's discontinuities.
 */

/** A caption language as a file name of the channel's tree (canonical BCP 47 tags are). */
const LANGUAGE = /^[A-Za-z0-9-]{1,35}$/;

/**
 * The caption tracks of the channel's master playlist: the languages of the contents of `programs`
 * that end after `fromMs`, each named as the first of them to air names it (a name two languages
 * share gets its language added: names are unique in a group).
 */
export function channelCaptionTracks(programs: CastPlayoutProgram[], fromMs: number, uri: (language: string) => string): MasterRendition[] {
  const byLanguage = new Map<string, MasterRendition>();
  for (const program of [...programs].sort((a, b) => a.startMs - b.startMs)) {
    if (program.type !== "PRERECORDED" || program.endMs <= fromMs) continue;
    for (const track of program.content.captions ?? []) {
      if (!LANGUAGE.test(track.language) || byLanguage.has(track.language)) continue;
      byLanguage.set(track.language, { uri: uri(track.language), language: track.language, name: track.name, forDeaf: track.forDeaf });
    }
  }
  const tracks = [...byLanguage.values()].sort((a, b) => a.language.localeCompare(b.language));
  const named = new Map<string, number>();
  for (const t of tracks) named.set(t.name, (named.get(t.name) ?? 0) + 1);
  return tracks.map((t) => (named.get(t.name)! > 1 ? { ...t, name: `${t.name} (${t.language})` } : t));
}

export const isCaptionLanguage = (language: string) => LANGUAGE.test(language);

/** The media playlist of a caption track: the first variant's segments, each as `segmentUri` names its WebVTT segment. */
export function captionMediaPlaylist(input: CastPlayoutInput, segmentUri: (startMs: number) => string): string {
  return castMediaPlaylist(input, input.channel.variants[0]!.name, (seg) => segmentUri(seg.startMs));
}

/** Where each segment of a source starts in the source's own time (ms), by path, for every rendition. */
const positions = new WeakMap<CastSource, Map<string, number>>();
function positionIn(source: CastSource, path: string): number | undefined {
  let byPath = positions.get(source);
  if (!byPath) {
    byPath = new Map();
    for (const rendition of source.renditions) {
      let at = 0;
      for (const seg of rendition.segments) {
        byPath.set(seg.path, at);
        at += seg.durationMs;
      }
    }
    positions.set(source, byPath);
  }
  return byPath.get(path);
}

/** The cues showing at some time in [fromS, toS). */
const cuesBetween = (cues: readonly Cue[], fromS: number, toS: number) => cues.filter((c) => c.start < toS && c.end > fromS);

/** The cues of `language` where `seg` airs: those of its content's track showing during it, or none. */
function cuesOf(input: CastPlayoutInput, seg: PlayoutSegment, language: string): readonly Cue[] {
  const program = input.programs.find((p) => p.programId === seg.programId);
  if (program?.type !== "PRERECORDED" || program.content.key !== seg.sourceKey) return [];
  const track = program.content.captions?.find((t) => t.language === language);
  const at = track && positionIn(program.content, seg.path);
  if (!track || at === undefined) return [];
  return cuesBetween(track.cues, at / 1000, (at + seg.durationMs) / 1000);
}

/**
 * The WebVTT segment of the caption track `language` for the first variant's segment that starts at
 * `startMs`, or null when the window at `input.nowMs` has no such segment.
 */
export function captionSegment(input: CastPlayoutInput, language: string, startMs: number): string | null {
  const seg = playoutWindow(input, input.channel.variants[0]!.name).find((s) => s.startMs === startMs);
  if (!seg) return null;
  return toWebVtt(cuesOf(input, seg, language), { mpegtsAtZero: HLS_START_PTS });
}
