import { buildMasterPlaylist, type MasterRendition } from "../ffmpeg/playlists";
import { firstStartingFrom, type Run } from "./playout-runs";
import { numberingStart, slotRuns, slotsBetween, type SlotKind } from "./playout-timeline";
import type { CastChannelPlayout, CastPlayoutInput, CastVariant, NumberingPoint } from "./playout-types";

/**
 * The channel's live HLS as a pure function of (schedule, renditions, clock, numbering point): no
 * ffmpeg, no state (the point, a segment an earlier playlist listed, is the caller's: output/
 * cast-numbering.ts). The media playlist is a sliding window over the timeline (playout-timeline.ts) of the segments
 * that have started by now and end after `now - windowSeconds`, each with its own
 * EXT-X-PROGRAM-DATE-TIME, EXT-X-DISCONTINUITY where the source changes or a loop restarts. The
 * segments are the sources' own files (box item rungs, the live ingest's, the slate's) behind the
 * signed edge: their URIs are the caller's (`uriFor`: a signed grant of that one segment).
 */

export interface PlayoutSegment {
  mediaSequence: number;
  discontinuitySequence: number;
  /** Discontinuities within the slot up to this segment: where the media's timestamps restart. */
  discontinuity: number;
  startMs: number;
  durationMs: number;
  uri: string;
  sourceKey: string;
  /** Its path within its source (e.g. `720p/seg_00003.ts`). */
  path: string;
  /** The slot's program (null in empty time), its kind and start (numbers count from there, or from a live cell's start). */
  programId: string | null;
  kind: SlotKind;
  slotStartMs: number;
}

function variantNamed(channel: CastChannelPlayout, name: string): CastVariant {
  const variant = channel.variants.find((v) => v.name === name);
  if (!variant) throw new Error(`the channel has no variant ${name}`);
  return variant;
}

interface Placed {
  run: Run;
  /** Where the run's segments count from within the slot: index and discontinuity. */
  indexBase: number;
  discontinuityBase: number;
}

/** The slot's runs with where each one's segments count from (chained through the slot). */
function placeRuns(runs: Run[]): Placed[] {
  let indexBase = 0;
  let discontinuityBase = 0;
  return runs.map((run, r) => {
    if (r > 0) {
      indexBase += runs[r - 1]!.count;
      discontinuityBase += runs[r - 1]!.innerDiscontinuities + 1;
    }
    return { run, indexBase, discontinuityBase };
  });
}

/** The slot's index and discontinuity count of the first segment starting at or after `ms`. */
function firstFrom(placed: Placed[], ms: number): { index: number; discontinuity: number } {
  for (const p of placed) {
    const i = firstStartingFrom(p.run, ms);
    if (i < p.run.count) return { index: p.indexBase + i, discontinuity: p.discontinuityBase + p.run.segment(i).innerDiscontinuity };
  }
  return { index: 0, discontinuity: 0 };
}

/** The timeline's segments for one variant that end after `fromMs` and start by now, oldest first, numbered afresh. */
function segmentsSince(input: CastPlayoutInput, variantName: string, fromMs: number): PlayoutSegment[] {
  const { channel, nowMs } = input;
  const variant = variantNamed(channel, variantName);
  const out: PlayoutSegment[] = [];
  for (const slot of slotsBetween(input.programs, fromMs, nowMs + 1)) {
    const placed = placeRuns(slotRuns(channel, variant, slot, nowMs));
    // Numbers count from the slot's start, or from a live cell's: the first segment there.
    const origins = new Map<number, { index: number; discontinuity: number }>();
    const originOf = (start: number) =>
      origins.get(start) ??
      origins.set(start, start === slot.startMs ? { index: 0, discontinuity: 0 } : firstFrom(placed, start)).get(start)!;
    for (const { run, indexBase, discontinuityBase } of placed) {
      for (let i = run.firstEndingAfter(fromMs); i < run.count; i++) {
        const seg = run.segment(i);
        if (seg.startMs > nowMs) break;
        const numbering = numberingStart(slot, seg.startMs);
        const origin = originOf(numbering);
        const discontinuity = discontinuityBase + seg.innerDiscontinuity;
        out.push({
          mediaSequence: numbering + indexBase + i - origin.index,
          discontinuitySequence: numbering + discontinuity - origin.discontinuity,
          discontinuity,
          startMs: seg.startMs,
          durationMs: seg.durationMs,
          uri: input.uriFor(run.sourceKey, seg.path),
          sourceKey: run.sourceKey,
          path: seg.path,
          programId: slot.programId,
          kind: slot.kind,
          slotStartMs: slot.startMs,
        });
      }
    }
  }
  return out;
}

/** Whether a playlist marks EXT-X-DISCONTINUITY before `seg`: a new slot, or the media's timestamps restart. */
const discontinuityBetween = (prev: PlayoutSegment, seg: PlayoutSegment) =>
  prev.slotStartMs !== seg.slotStartMs || prev.discontinuity !== seg.discontinuity;

/**
 * How far back a numbering point may lie for a window to number on from it: the timeline is
 * walked from there, and the ingest keeps a live stream's segments for about seven minutes.
 */
export const NUMBERING_REACH_MS = 300_000;

/**
 * `span`'s segments numbered as a playlist implies: from the segment at `at`, whose numbers are
 * `point`'s, one media sequence number per segment and one discontinuity number per
 * EXT-X-DISCONTINUITY, forwards and backwards.
 */
function numberFrom(span: PlayoutSegment[], at: number, point: { msn: number; dsn: number }): PlayoutSegment[] {
  const dsn: number[] = new Array(span.length);
  dsn[at] = point.dsn;
  for (let i = at + 1; i < span.length; i++) dsn[i] = dsn[i - 1]! + (discontinuityBetween(span[i - 1]!, span[i]!) ? 1 : 0);
  for (let i = at - 1; i >= 0; i--) dsn[i] = dsn[i + 1]! - (discontinuityBetween(span[i]!, span[i + 1]!) ? 1 : 0);
  return span.map((s, i) => ({ ...s, mediaSequence: point.msn + i - at, discontinuitySequence: dsn[i]! }));
}

/**
 * The window's segments for one variant, oldest first, numbered as its playlist states them (the
 * first segment's numbers, the others counting on), and whether they continue from
 * `input.numbering` (a segment an earlier playlist listed, so no segment listed before is ever
 * renumbered) or start afresh from the head's own numbers on the timeline (playout-timeline.ts):
 * when no point is given, it lies beyond NUMBERING_REACH_MS or after now, or no segment of the
 * timeline starts there.
 */
export function numberedWindow(input: CastPlayoutInput, variantName: string): { segments: PlayoutSegment[]; continued: boolean } {
  const fromMs = input.nowMs - input.channel.windowSeconds * 1000;
  const point = input.numbering;
  if (point && point.atMs <= input.nowMs && input.nowMs - point.atMs <= NUMBERING_REACH_MS) {
    const span = segmentsSince(input, variantName, Math.min(point.atMs, fromMs));
    const at = span.findIndex((s) => s.startMs === point.atMs);
    if (at >= 0) return { segments: numberFrom(span, at, point).filter((s) => s.startMs + s.durationMs > fromMs), continued: true };
  }
  const window = segmentsSince(input, variantName, fromMs);
  const head = window[0];
  return { segments: head ? numberFrom(window, 0, { msn: head.mediaSequence, dsn: head.discontinuitySequence }) : [], continued: false };
}

/** The window's segments for one variant, oldest first (numberedWindow). */
export const playoutWindow = (input: CastPlayoutInput, variantName: string): PlayoutSegment[] =>
  numberedWindow(input, variantName).segments;

/** The numbering point of a window: its first segment's start and numbers (null for an empty window). */
export function windowHead(segments: PlayoutSegment[]): NumberingPoint | null {
  const head = segments[0];
  return head ? { atMs: head.startMs, msn: head.mediaSequence, dsn: head.discontinuitySequence } : null;
}

/**
 * The media playlist of one of the channel's variants at `input.nowMs`; with `uriOf`, another
 * playlist on the same timeline (a caption track's: its WebVTT segment for each of the variant's).
 */
export const castMediaPlaylist = (input: CastPlayoutInput, variantName: string, uriOf?: (seg: PlayoutSegment) => string): string =>
  windowPlaylist(input.channel, playoutWindow(input, variantName), uriOf);

/** The media playlist of a window of the channel (numberedWindow's segments), each segment named by `uriOf`. */
export function windowPlaylist(channel: CastChannelPlayout, segments: PlayoutSegment[], uriOf = (seg: PlayoutSegment) => seg.uri): string {
  const first = segments[0];
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:6",
    `#EXT-X-TARGETDURATION:${channel.targetDurationSeconds}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.mediaSequence ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first?.discontinuitySequence ?? 0}`,
  ];
  segments.forEach((seg, i) => {
    const prev = segments[i - 1];
    if (prev && discontinuityBetween(prev, seg)) lines.push("#EXT-X-DISCONTINUITY");
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(seg.startMs).toISOString()}`,
      `#EXTINF:${(seg.durationMs / 1000).toFixed(3)},`,
      uriOf(seg),
    );
  });
  return `${lines.join("\n")}\n`;
}

/**
 * The channel's master playlist: its fixed variants, each naming its media playlist by
 * `mediaPlaylistUri`, and its caption tracks (cast-captions.ts channelCaptionTracks).
 */
export function castMasterPlaylist(
  channel: CastChannelPlayout,
  mediaPlaylistUri: (variant: CastVariant) => string,
  subtitles: MasterRendition[] = [],
): string {
  return buildMasterPlaylist(
    channel.variants.map((v) => ({ uri: mediaPlaylistUri(v), bandwidth: v.bandwidth, width: v.width, height: v.height, codecs: v.codecs })),
    { subtitles },
  );
}
