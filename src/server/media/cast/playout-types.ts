/**
 * The plain data the channel playout is computed from (src/server/media/cast/playout.ts). Nothing
 * here knows the database: the cast domain maps its programs, box items and live sessions into
 * these shapes. Times are epoch milliseconds (whole seconds for programs, by the scheduling rules);
 * durations are integer milliseconds, so the timeline is exact integer arithmetic.
 */
import type { Cue } from "@/lib/webvtt";

/** One packaged segment of a source, named by its path within the source's tree (e.g. `720p/seg_00003.ts`). */
export interface CastSegment {
  path: string;
  durationMs: number;
}

/**
 * One rung of a source (a box item's `hls/<rung>/index.m3u8`, a live stream's passthrough or ladder
 * rung, the slate's rung): its height picks it for a channel variant (nearest lower).
 */
export interface CastRendition {
  name: string;
  height: number;
  segments: CastSegment[];
}

/**
 * Where a source's files are: `key` names it for the caller's `uriFor` (which returns the signed URL
 * of one of its segments by path: in the box item's `hls` tree, the live stream's `live` tree, the
 * slate's).
 */
export interface CastSource {
  key: string;
  renditions: CastRendition[];
  /** Its caption tracks (a box item's), cue times in the source's own time. */
  captions?: CastCaptionTrack[];
}

/** One caption track of a source: the channel carries its language while the source airs. */
export interface CastCaptionTrack {
  /** BCP 47 */
  language: string;
  name: string;
  forDeaf: boolean;
  cues: readonly Cue[];
}

/** A live segment placed on the clock: the caller knows when the ingest wrote it. */
export interface CastLiveSegment extends CastSegment {
  startMs: number;
}

export interface CastLiveRendition {
  name: string;
  height: number;
  /**
   * The segments the stream wrote, oldest first, each at its start time: at least those ending after
   * the start of the live cell (LIVE_CELL_MS, playout-timeline.ts) holding `nowMs - windowSeconds`,
   * so about the last six minutes (nginx-rtmp's playlist length for cast streams); older ones may be
   * left out, and change nothing.
   */
  segments: CastLiveSegment[];
}

/**
 * A cast stream's HLS as the live ingest has it now. Absent (`null` on the program) when no
 * publisher ever wrote one; after a publisher stops, its last segments may still be given: they
 * stay where they aired and the slate follows them.
 */
export interface CastLiveSource {
  key: string;
  /** When the publisher connected now began to publish (its next segment is on its way); null when none is connected. */
  publishingSinceMs: number | null;
  renditions: CastLiveRendition[];
}

interface ProgramTimes {
  programId: string;
  startMs: number;
  endMs: number;
}

export interface PrerecordedProgram extends ProgramTimes {
  type: "PRERECORDED";
  content: CastSource;
  /** Seconds into the content where the program starts (the segment holding it plays from its start). */
  offsetSeconds: number;
}

export interface LiveProgram extends ProgramTimes {
  type: "LIVE";
  stream: CastLiveSource | null;
}

export interface BreakProgram extends ProgramTimes {
  type: "BREAK";
}

export type CastPlayoutProgram = PrerecordedProgram | LiveProgram | BreakProgram;

/** One of the channel's fixed variants: every program is mapped onto these. */
export interface CastVariant {
  name: string;
  width: number;
  height: number;
  /** Peak bit rate, bit/s, as announced in the master playlist. */
  bandwidth: number;
  codecs: string;
}

export interface CastChannelPlayout {
  variants: CastVariant[];
  /** The slate for breaks, empty time and absent live streams: a short clip that loops. */
  slate: CastSource;
  /** EXT-X-TARGETDURATION, fixed for the channel: at least the longest segment of any source. */
  targetDurationSeconds: number;
  /** How far back the sliding window reaches. */
  windowSeconds: number;
}

/** A segment's start on the channel's clock and its media and discontinuity sequence numbers. */
export interface NumberingPoint {
  atMs: number;
  msn: number;
  dsn: number;
}

/** Everything one media playlist is computed from. */
export interface CastPlayoutInput {
  channel: CastChannelPlayout;
  /**
   * In any order, every program that ends after the UTC hour holding `nowMs - windowSeconds` (or
   * `numbering.atMs`, when earlier) began and starts by `nowMs` plus one target duration (empty time
   * is cut at hours and where programs end, and a program's start cuts the segment airing before
   * it): two hours back and a minute ahead are plenty. Programs further away change nothing.
   */
  programs: CastPlayoutProgram[];
  nowMs: number;
  /**
   * The numbers of a segment an earlier playlist of the channel listed (output/cast-numbering.ts):
   * the window numbers on from it when the timeline back to it (at most NUMBERING_REACH_MS) has a
   * segment starting there; else, and when absent, the window is numbered afresh (playout-timeline.ts).
   * Every variant has the same numbers (the variants are aligned), so one point serves them all.
   */
  numbering?: NumberingPoint | null;
  /** The signed URL of one segment: its source's `CastSource.key` and its path there. */
  uriFor: (sourceKey: string, path: string) => string;
}
