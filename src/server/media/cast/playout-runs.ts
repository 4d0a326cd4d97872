import type { CastRendition, CastSegment } from "./playout-types";

/**
 * A run: one source playing without a cut of its own from `startMs`, stopped at `endMs` (its last
 * segment is the last one that starts before `endMs`, announced only up to `endMs`: an MSE player
 * appends the next source over the rest, so a cut is exact to the millisecond without re-encoding).
 * A slot of the channel's timeline (a program, or an hour of empty time) is a short list of runs.
 */
export interface Run {
  sourceKey: string;
  startMs: number;
  endMs: number;
  /** How many segments start before `endMs`. */
  count: number;
  /** Discontinuities inside the run (a loop restarting); not the one at its start. */
  innerDiscontinuities: number;
  segment(index: number): RunSegment;
  /** The first segment that ends (as cut) after `ms`; count when none does. */
  firstEndingAfter(ms: number): number;
}

/** The first segment of a run that starts at or after `ms`; count when none does. */
export function firstStartingFrom(run: Run, ms: number): number {
  return ms <= run.startMs ? 0 : Math.min(run.count, run.firstEndingAfter(ms - 1) + 1);
}

export interface RunSegment {
  path: string;
  startMs: number;
  durationMs: number;
  /** Discontinuities inside the run before and at this segment. */
  innerDiscontinuity: number;
}

/** Segments as integer milliseconds; empty ones are dropped (a zero EXTINF has no media to place). */
function playable(segments: CastSegment[]): CastSegment[] {
  return segments.map((s) => ({ path: s.path, durationMs: Math.round(s.durationMs) })).filter((s) => s.durationMs > 0);
}

/** Cumulative starts: starts[i] is where segment i begins, starts[n] the total. */
function cumulative(segments: CastSegment[]): number[] {
  const starts = [0];
  for (const s of segments) starts.push(starts[starts.length - 1]! + s.durationMs);
  return starts;
}

/** The first index i with starts[i + 1] > x, by bisection (starts increasing). */
function firstEndAfter(starts: number[], x: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid + 1]! > x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * `segments` laid end to end from `startMs`, cut at `endMs` (or ending earlier with the segments):
 * a content from its offset, a contiguous piece of a live stream.
 */
export function sequenceRun(sourceKey: string, list: CastSegment[], startMs: number, endMs: number): Run {
  const segments = playable(list);
  const starts = cumulative(segments);
  const end = Math.min(endMs, startMs + starts[starts.length - 1]!);
  const count = end > startMs ? firstEndAfter(starts, end - startMs - 1) + 1 : 0;
  return {
    sourceKey,
    startMs,
    endMs: end,
    count,
    innerDiscontinuities: 0,
    segment(i) {
      const s = startMs + starts[i]!;
      return { path: segments[i]!.path, startMs: s, durationMs: Math.min(segments[i]!.durationMs, end - s), innerDiscontinuity: 0 };
    },
    firstEndingAfter: (ms) => (ms < startMs ? 0 : ms >= end ? count : firstEndAfter(starts, ms - startMs)),
  };
}

/** A looping clip (the slate) from `startMs` to `endMs`: every restart is a discontinuity (its timestamps start again). */
export function loopRun(sourceKey: string, rendition: CastRendition, startMs: number, endMs: number): Run {
  const segments = playable(rendition.segments);
  const starts = cumulative(segments);
  const loopMs = starts[segments.length]!;
  if (!(loopMs > 0)) throw new Error(`the slate rendition ${rendition.name} has no media`);
  const n = segments.length;
  const position = (i: number) => startMs + Math.floor(i / n) * loopMs + starts[i % n]!;
  // The segment holding endMs - 1 is the last that starts before the end.
  const lastOffset = Math.max(0, endMs - startMs - 1);
  const count = endMs > startMs ? Math.floor(lastOffset / loopMs) * n + firstEndAfter(starts, lastOffset % loopMs) + 1 : 0;
  return {
    sourceKey,
    startMs,
    endMs,
    count,
    innerDiscontinuities: count > 0 ? Math.floor((count - 1) / n) : 0,
    segment(i) {
      const s = position(i);
      return {
        path: segments[i % n]!.path,
        startMs: s,
        durationMs: Math.min(segments[i % n]!.durationMs, endMs - s),
        innerDiscontinuity: Math.floor(i / n),
      };
    },
    firstEndingAfter(ms) {
      if (ms < startMs) return 0;
      if (ms >= endMs) return count; // the last segment is cut at endMs: its full length does not count
      const offset = ms - startMs;
      return Math.floor(offset / loopMs) * n + firstEndAfter(starts, offset % loopMs);
    },
  };
}
