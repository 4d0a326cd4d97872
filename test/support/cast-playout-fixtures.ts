// Plain playout data for the cast playout tests: sources with the box's layout (4 s segments named
// seg_%05d.ts under one directory per rung), a looping slate, the channel's variants, and
// fast-check arbitraries of whole schedules (programs back to back or with empty time between).
import fc from "fast-check";
import type {
  CastChannelPlayout,
  CastLiveSource,
  CastPlayoutInput,
  CastPlayoutProgram,
  CastRendition,
  CastSource,
} from "@/server/media/cast/playout-types";

export const SEGMENT_MS = 4000;

/** A rung of `durations` (ms) named as the box names them. */
export function rendition(name: string, height: number, durations: number[]): CastRendition {
  return {
    name,
    height,
    segments: durations.map((durationMs, i) => ({ path: `${name}/seg_${String(i).padStart(5, "0")}.ts`, durationMs })),
  };
}

/** `totalMs` of content cut in 4 s segments (the last one shorter), the same cuts on every rung. */
export function contentDurations(totalMs: number): number[] {
  const out: number[] = [];
  for (let left = totalMs; left > 0; left -= SEGMENT_MS) out.push(Math.min(SEGMENT_MS, left));
  return out;
}

export function boxSource(key: string, totalMs: number, heights = [1080, 720, 360]): CastSource {
  return { key, renditions: heights.map((h) => rendition(`${h}p`, h, contentDurations(totalMs))) };
}

export const SLATE: CastSource = {
  key: "slate",
  renditions: [rendition("720p", 720, [4000, 4000, 2000]), rendition("360p", 360, [4000, 4000, 2000])],
};

export const CHANNEL: CastChannelPlayout = {
  variants: [
    { name: "1080p", width: 1920, height: 1080, bandwidth: 5_800_000, codecs: "avc1.640028,mp4a.40.2" },
    { name: "720p", width: 1280, height: 720, bandwidth: 3_400_000, codecs: "avc1.64001f,mp4a.40.2" },
    { name: "360p", width: 640, height: 360, bandwidth: 1_000_000, codecs: "avc1.64001e,mp4a.40.2" },
  ],
  slate: SLATE,
  targetDurationSeconds: 4,
  windowSeconds: 24,
};

/** A stand-in for the signed segment URLs: a fixed prefix, the source key and the path. */
export const URI_PREFIX = "/media/f9999999999/sig/";
export const uriFor = (key: string, path: string) => `${URI_PREFIX}${key}/${path}`;

export function input(programs: CastPlayoutProgram[], nowMs: number, channel: CastChannelPlayout = CHANNEL): CastPlayoutInput {
  return { channel, programs, nowMs, uriFor };
}

/**
 * A live stream's segments of `durationMs` each, back to back from `fromMs` until `untilMs` (those
 * that have ended by then); `connected`: whether its publisher is still connected (since `fromMs`).
 */
export function liveSource(key: string, fromMs: number, untilMs: number, connected: boolean, durationMs = 1000): CastLiveSource {
  const segments = [];
  for (let s = fromMs, i = 0; s + durationMs <= untilMs; s += durationMs, i++)
    segments.push({ path: `src/${i}.ts`, durationMs, startMs: s });
  return { key, publishingSinceMs: connected ? fromMs : null, renditions: [{ name: "src", height: 720, segments }] };
}

/** 2026-11-24T00:00:00Z */
export const DAY_START_MS = Date.UTC(2026, 10, 24);

type ProgramSpec =
  | { type: "PRERECORDED"; seconds: number; gapSeconds: number; contentSeconds: number; offsetSeconds: number; heights: number[] }
  | { type: "BREAK"; seconds: number; gapSeconds: number }
  | {
      type: "LIVE";
      seconds: number;
      gapSeconds: number;
      live: null | { delaySeconds: number; lengthSeconds: number; staysConnected: boolean };
    };

const programSpec: fc.Arbitrary<ProgramSpec> = fc.oneof(
  fc
    .record({
      seconds: fc.integer({ min: 1, max: 400 }),
      gapSeconds: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 120 })),
      extraSeconds: fc.integer({ min: 0, max: 200 }),
      offsetSeconds: fc.integer({ min: 0, max: 100 }),
      heights: fc.subarray([1080, 720, 480, 360], { minLength: 1 }),
    })
    .map(({ seconds, gapSeconds, extraSeconds, offsetSeconds, heights }) => ({
      type: "PRERECORDED" as const,
      seconds,
      gapSeconds,
      offsetSeconds,
      // The scheduling rules let a program be shorter than its content from the offset, never longer
      // (less than a second over is accepted: the content may end just before the program).
      contentSeconds: offsetSeconds + seconds + extraSeconds - (extraSeconds === 0 ? 0.5 : 0),
      heights,
    })),
  fc.record({ type: fc.constant("BREAK" as const), seconds: fc.integer({ min: 1, max: 200 }), gapSeconds: fc.constant(0) }),
  fc.record({
    type: fc.constant("LIVE" as const),
    seconds: fc.integer({ min: 1, max: 400 }),
    gapSeconds: fc.constant(0),
    live: fc.option(
      fc.record({
        delaySeconds: fc.integer({ min: -30, max: 300 }),
        lengthSeconds: fc.integer({ min: 1, max: 400 }),
        staysConnected: fc.boolean(),
      }),
    ),
  }),
);

/** Programs from their specs, laid from `startMs` in order (each after its gap). */
export function buildSchedule(specs: ProgramSpec[], startMs: number, nowMs: number): CastPlayoutProgram[] {
  let cursor = startMs;
  return specs.map((spec, i) => {
    const programStart = cursor + spec.gapSeconds * 1000;
    const endMs = programStart + spec.seconds * 1000;
    cursor = endMs;
    const base = { programId: `p${String(i).padStart(3, "0")}`, startMs: programStart, endMs };
    if (spec.type === "BREAK") return { ...base, type: "BREAK" };
    if (spec.type === "PRERECORDED")
      return {
        ...base,
        type: "PRERECORDED",
        offsetSeconds: spec.offsetSeconds,
        content: boxSource(`box${i}`, spec.contentSeconds * 1000, spec.heights),
      };
    if (!spec.live) return { ...base, type: "LIVE", stream: null };
    // The ingest knows the segments written by now; a stream may begin before its slot, and its
    // publisher may stay connected, silent, after its last segment.
    const from = programStart + spec.live.delaySeconds * 1000;
    const until = from + spec.live.lengthSeconds * 1000;
    if (nowMs < from) return { ...base, type: "LIVE", stream: null };
    return {
      ...base,
      type: "LIVE",
      stream: liveSource(`live${i}`, from, Math.min(nowMs, until), nowMs < until || spec.live.staysConnected),
    };
  });
}

export const scheduleArb = fc.record({
  specs: fc.array(programSpec, { minLength: 0, maxLength: 12 }),
  /** Where the schedule starts, in whole seconds after the day start (some days start late in the hour). */
  startSeconds: fc.integer({ min: 0, max: 7200 }),
});

/** The length of the schedule's span in ms. */
export function spanMs(specs: ProgramSpec[]): number {
  return specs.reduce((s, p) => s + (p.seconds + p.gapSeconds) * 1000, 0);
}
