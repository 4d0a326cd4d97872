// The cast playout as a pure function of (schedule, renditions, clock): the playlists of a small
// schedule read line by line, then fast-check properties over random schedules and clocks.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { parseMasterPlaylist, parseMediaPlaylist } from "@/server/media/ffmpeg/playlists";
import { signedMediaFile, verifyMediaPath } from "@/server/media/edge/media-url.mjs";
import {
  castMasterPlaylist,
  castMediaPlaylist,
  NUMBERING_REACH_MS,
  numberedWindow,
  playoutWindow,
  windowHead,
  type PlayoutSegment,
} from "@/server/media/cast/playout";
import { LIVE_CELL_MS } from "@/server/media/cast/playout-timeline";
import type { CastPlayoutProgram } from "@/server/media/cast/playout-types";
import * as fx from "../support/cast-playout-fixtures";

const T = fx.DAY_START_MS + 3_600_000; // 01:00:00Z, on an hour: empty time before it is one slot
const S = 1000;

/** PRERECORDED 0-30 s (offset 6 s), BREAK 30-41 s, LIVE 41-80 s (stream from 45 s, 1 s segments). */
function smallDay(liveUntilMs: number, publishing: boolean): CastPlayoutProgram[] {
  return [
    { type: "PRERECORDED", programId: "a", startMs: T, endMs: T + 30 * S, offsetSeconds: 6, content: fx.boxSource("boxA", 100 * S) },
    { type: "BREAK", programId: "b", startMs: T + 30 * S, endMs: T + 41 * S },
    {
      type: "LIVE",
      programId: "c",
      startMs: T + 41 * S,
      endMs: T + 80 * S,
      stream: fx.liveSource("liveC", T + 45 * S, liveUntilMs, publishing),
    },
  ];
}

const seconds = (segs: PlayoutSegment[]) =>
  segs.map((s) => [(s.startMs - T) / S, s.durationMs / S, s.uri.replace(`${fx.URI_PREFIX}${s.sourceKey}/`, `${s.sourceKey}:`)]);

describe("cast playout: a small schedule", () => {
  it("writes a live media playlist: window, program date-times, discontinuities at program boundaries, exact cuts", () => {
    const text = castMediaPlaylist(fx.input(smallDay(T + 60 * S, true), T + 45 * S), "720p");
    const lines = text.trim().split("\n");
    assert.deepEqual(lines.slice(0, 5), [
      "#EXTM3U",
      "#EXT-X-VERSION:6",
      "#EXT-X-TARGETDURATION:4",
      `#EXT-X-MEDIA-SEQUENCE:${T + 5}`, // the program's 6th segment: numbers count from the program's start in ms
      `#EXT-X-DISCONTINUITY-SEQUENCE:${T}`,
    ]);
    assert.ok(!text.includes("#EXT-X-ENDLIST"), "a live playlist never ends");
    // Every segment has its date-time, before its EXTINF.
    const extinf = lines.filter((l) => l.startsWith("#EXTINF:")).length;
    assert.equal(lines.filter((l) => l.startsWith("#EXT-X-PROGRAM-DATE-TIME:")).length, extinf);
    assert.equal(lines[5], `#EXT-X-PROGRAM-DATE-TIME:2026-11-24T01:00:20.000Z`);
    // 21..45 s: the content from the segment holding its offset (seg 1 at 0 s, so seg 6 at 20 s), cut
    // at 30 s inside seg 8; the break's slate from 30 s on time, looping at 40 s; the live slot's slate
    // until the stream's first segment at 45 s.
    assert.deepEqual(seconds(playoutWindow(fx.input(smallDay(T + 60 * S, true), T + 45 * S), "720p")), [
      [20, 4, "boxA:720p/seg_00006.ts"],
      [24, 4, "boxA:720p/seg_00007.ts"],
      [28, 2, "boxA:720p/seg_00008.ts"],
      [30, 4, "slate:720p/seg_00000.ts"],
      [34, 4, "slate:720p/seg_00001.ts"],
      [38, 2, "slate:720p/seg_00002.ts"],
      [40, 1, "slate:720p/seg_00000.ts"],
      [41, 4, "slate:720p/seg_00000.ts"],
      [45, 1, "liveC:src/0.ts"],
    ]);
    const discontinuityBefore = lines.flatMap((l, i) => (l === "#EXT-X-DISCONTINUITY" ? [lines[i + 3]] : []));
    assert.deepEqual(
      discontinuityBefore.map((u) => u!.replace(fx.URI_PREFIX, "")),
      ["slate/720p/seg_00000.ts", "slate/720p/seg_00000.ts", "slate/720p/seg_00000.ts", "liveC/src/0.ts"],
      "at the program boundaries, the slate's restart and the stream's takeover",
    );
    const parsed = parseMediaPlaylist(text);
    assert.equal(parsed.segments.length, 9);
    assert.equal(parsed.ended, false);
  });

  it("plays a program's nearest lower rung on each variant, the lowest when none is lower", () => {
    const programs: CastPlayoutProgram[] = [
      {
        type: "PRERECORDED",
        programId: "a",
        startMs: T,
        endMs: T + 20 * S,
        offsetSeconds: 0,
        content: fx.boxSource("boxA", 20 * S, [720, 480]),
      },
    ];
    const rung = (variant: string) => [
      ...new Set(
        playoutWindow(fx.input(programs, T + 10 * S), variant)
          .filter((s) => s.programId === "a")
          .map((s) => s.uri.split("/").at(-2)),
      ),
    ];
    assert.deepEqual(rung("1080p"), ["720p"]);
    assert.deepEqual(rung("720p"), ["720p"]);
    assert.deepEqual(rung("360p"), ["480p"], "no rung at or below 360p: the lowest there is");
    // The variants stay aligned: same numbers, times and durations.
    const shape = (variant: string) =>
      playoutWindow(fx.input(programs, T + 10 * S), variant).map((s) => [
        s.mediaSequence,
        s.discontinuitySequence,
        s.startMs,
        s.durationMs,
      ]);
    assert.deepEqual(shape("1080p"), shape("360p"));
  });

  it("plays the slate while a live stream is absent, relays it when it arrives, waits for a publishing stream's next segment, and falls back when it stops", () => {
    const kinds = (programs: CastPlayoutProgram[], now: number) => playoutWindow(fx.input(programs, now), "720p").map((s) => s.sourceKey);
    const absent = smallDay(T, false).map((p) => (p.type === "LIVE" ? { ...p, stream: null } : p));
    assert.deepEqual([...new Set(kinds(absent, T + 70 * S))], ["slate"], "no stream: the slate");
    const live = playoutWindow(fx.input(smallDay(T + 60 * S, true), T + 60 * S + 500), "720p");
    assert.equal(live.at(-1)!.sourceKey, "liveC", "a publishing stream's newest segment is the live edge");
    assert.equal(live.at(-1)!.startMs, T + 59 * S);
    // Publishing but silent for more than two target durations: the slate after its last segment.
    const stalled = playoutWindow(fx.input(smallDay(T + 60 * S, true), T + 69 * S), "720p");
    assert.equal(stalled.at(-1)!.sourceKey, "slate");
    assert.equal(
      stalled.find((s) => s.sourceKey === "slate" && s.startMs >= T + 60 * S)!.startMs,
      T + 60 * S,
      "the slate starts where the stream stopped",
    );
    // Stopped: the slate right away.
    const stopped = playoutWindow(fx.input(smallDay(T + 60 * S, false), T + 62 * S), "720p");
    assert.deepEqual(seconds(stopped.filter((s) => s.startMs >= T + 59 * S)), [
      [59, 1, "liveC:src/14.ts"],
      [60, 4, "slate:720p/seg_00000.ts"],
    ]);
  });

  it("waits for a publisher that connected until its first segment, two target durations at most, then lets the slate go on", () => {
    const connected = smallDay(T, true).map((p) =>
      p.type === "LIVE"
        ? { ...p, stream: { key: "liveC", publishingSinceMs: T + 45 * S, renditions: [{ name: "src", height: 720, segments: [] }] } }
        : p,
    );
    const waiting = playoutWindow(fx.input(connected, T + 47 * S), "720p");
    assert.deepEqual(seconds(waiting).at(-1), [41, 4, "slate:720p/seg_00000.ts"], "nothing after the moment it connected");
    // numbered on from the earlier window's head, as the channel's playlists are (cast-numbering.ts)
    const after = playoutWindow({ ...fx.input(connected, T + 54 * S), numbering: windowHead(waiting) }, "720p");
    assert.deepEqual(seconds(after.filter((s) => s.startMs >= T + 41 * S)), [
      [41, 4, "slate:720p/seg_00000.ts"],
      [45, 4, "slate:720p/seg_00001.ts"], // the same loop, not a restart: what was listed keeps its number
      [49, 2, "slate:720p/seg_00002.ts"],
      [51, 4, "slate:720p/seg_00000.ts"],
    ]);
    assert.equal(after.find((s) => s.startMs === T + 41 * S)!.mediaSequence, waiting.find((s) => s.startMs === T + 41 * S)!.mediaSequence);
  });

  it("fills empty time with the slate, cut at every UTC hour", () => {
    const segs = playoutWindow(fx.input([], T + 5 * S), "720p");
    assert.deepEqual(seconds(segs), [
      [-20, 4, "slate:720p/seg_00000.ts"], // the previous hour's slot: 00:00 + 3580 s = 358 loops of 10 s
      [-16, 4, "slate:720p/seg_00001.ts"],
      [-12, 2, "slate:720p/seg_00002.ts"],
      [-10, 4, "slate:720p/seg_00000.ts"],
      [-6, 4, "slate:720p/seg_00001.ts"],
      [-2, 2, "slate:720p/seg_00002.ts"],
      [0, 4, "slate:720p/seg_00000.ts"],
      [4, 4, "slate:720p/seg_00001.ts"],
    ]);
    assert.equal(segs[0]!.slotStartMs, fx.DAY_START_MS);
    assert.equal(segs.at(-1)!.slotStartMs, T, "a new slot at the hour");
    // numbered afresh (no earlier window to number on from): the head's slot's start in ms plus its
    // index there (358 loops of 3 segments), the others counting on as the playlist states them
    assert.deepEqual(
      segs.map((s) => [s.mediaSequence - fx.DAY_START_MS, s.discontinuitySequence - fx.DAY_START_MS]),
      [
        [1074, 358],
        [1075, 358],
        [1076, 358],
        [1077, 359],
        [1078, 359],
        [1079, 359],
        [1080, 360], // the new slot: a discontinuity, counted on
        [1081, 360],
      ],
    );
  });

  it("names the sources' own files behind the signed edge, each segment its own grant: box item rungs in the hls tree, the ingest's in the live tree", () => {
    const key = "k".repeat(64);
    const owner = "0b6f3c1e-6a43-4c1b-9d0e-2f5a8e7c9b10";
    const [box, stream] = ["7d2e4f60-1c3b-4a5d-8e9f-0a1b2c3d4e5f", "e3c1b2a4-5d6f-4e7a-8b9c-0d1e2f3a4b5c"];
    const expires = Math.floor(T / S) + 3600;
    const homes: Record<string, { tree: "hls" | "live"; boxId: string }> = {
      boxA: { tree: "hls", boxId: box },
      liveC: { tree: "live", boxId: stream },
      slate: { tree: "hls", boxId: owner },
    };
    const uriFor = (k: string, path: string) =>
      signedMediaFile(key, homes[k]!.tree, { bandOwnerId: owner, ownerId: owner, boxId: homes[k]!.boxId }, path, expires);
    const segs = playoutWindow({ ...fx.input(smallDay(T + 60 * S, true), T + 50 * S), uriFor }, "720p");
    const keys = segs.map((s) => {
      const grant = verifyMediaPath(key, s.uri, T / S);
      assert.ok(grant.ok, s.uri);
      // the grant is that segment's alone: the master and a sibling are refused with its signature
      const prefix = s.uri.slice(0, s.uri.lastIndexOf("/") + 1);
      assert.deepEqual(verifyMediaPath(key, s.uri.replace(/\/[^/]+\/[^/]+$/, "/master.m3u8"), T / S), { ok: false, reason: "signature" });
      assert.deepEqual(verifyMediaPath(key, `${prefix}other_00099.ts`, T / S), { ok: false, reason: "signature" });
      return grant.storageKey;
    });
    assert.ok(keys.includes(`box/${owner}/${box}/hls/720p/seg_00007.ts`));
    assert.ok(keys.includes(`live/${owner}/${stream}/src/4.ts`));
  });

  it("writes the master playlist of the channel's fixed variants", () => {
    const master = castMasterPlaylist(fx.CHANNEL, (v) => `${v.name}/index.m3u8`);
    assert.deepEqual(
      parseMasterPlaylist(master).map((v) => [v.uri, v.attributes.BANDWIDTH, v.attributes.RESOLUTION, v.attributes.CODECS]),
      [
        ["1080p/index.m3u8", "5800000", "1920x1080", "avc1.640028,mp4a.40.2"],
        ["720p/index.m3u8", "3400000", "1280x720", "avc1.64001f,mp4a.40.2"],
        ["360p/index.m3u8", "1000000", "640x360", "avc1.64001e,mp4a.40.2"],
      ],
    );
  });
});

// ---- properties ----------------------------------------------------------------------------------

/** The program on air at `ms` (start <= ms < end), as the scheduling rules define it. */
function onAir(programs: CastPlayoutProgram[], ms: number): CastPlayoutProgram | null {
  return programs.find((p) => p.startMs <= ms && ms < p.endMs) ?? null;
}

/** A schedule and a clock within (or a little around) it, with the clock the ingest's segments were read at. */
const caseArb = fx.scheduleArb.chain(({ specs, startSeconds }) =>
  fc.record({
    specs: fc.constant(specs),
    startMs: fc.constant(fx.DAY_START_MS + startSeconds * S),
    clockMs: fc.integer({ min: -60 * S, max: fx.spanMs(specs) + 60 * S }),
    laterMs: fc.integer({ min: 0, max: 120 * S }),
    variant: fc.constantFrom("1080p", "720p", "360p"),
  }),
);

const schedule = (c: { specs: Parameters<typeof fx.buildSchedule>[0]; startMs: number }, nowMs: number) =>
  fx.buildSchedule(c.specs, c.startMs, nowMs);

describe("cast playout: properties over random schedules and clocks", () => {
  it("gives the same output for the same inputs", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const now = c.startMs + c.clockMs;
        const a = castMediaPlaylist(fx.input(schedule(c, now), now), c.variant);
        const b = castMediaPlaylist(fx.input(structuredClone(schedule(c, now)).reverse(), now), c.variant);
        assert.equal(a, b, "the order the programs come in does not matter");
        // Only the programs around the clock matter (what the caller loads).
        const hourStart = Math.floor((now - fx.CHANNEL.windowSeconds * S) / 3_600_000) * 3_600_000;
        const around = schedule(c, now).filter((p) => p.endMs > hourStart && p.startMs <= now + fx.CHANNEL.targetDurationSeconds * S);
        assert.equal(castMediaPlaylist(fx.input(around, now), c.variant), a, "programs away from the clock change nothing");
      }),
      { numRuns: 200 },
    );
  });

  it("leaves no gap and no overlap, stays within the window, and each segment within its program", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const now = c.startMs + c.clockMs;
        const programs = schedule(c, now);
        const segs = playoutWindow(fx.input(programs, now), c.variant);
        assert.ok(segs.length > 0);
        segs.forEach((s, i) => {
          assert.ok(s.durationMs > 0 && s.durationMs <= fx.CHANNEL.targetDurationSeconds * S, "within the target duration");
          if (i > 0)
            assert.equal(s.startMs, segs[i - 1]!.startMs + segs[i - 1]!.durationMs, "each segment starts where the previous one ended");
          if (i > 0) assert.ok(s.mediaSequence >= segs[i - 1]!.mediaSequence);
          const p = s.programId ? programs.find((x) => x.programId === s.programId)! : null;
          if (p) assert.ok(p.startMs <= s.startMs && s.startMs + s.durationMs <= p.endMs, "a program's segments lie within it");
          if (p && s.startMs === s.slotStartMs) assert.equal(s.startMs, p.startMs, "a program starts on time");
        });
        assert.ok(segs[0]!.startMs + segs[0]!.durationMs > now - fx.CHANNEL.windowSeconds * S);
        assert.ok(segs.at(-1)!.startMs <= now);
      }),
      { numRuns: 300 },
    );
  });

  it("writes every segment with its date-time, and a discontinuity wherever the program or the source's timestamps change", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const now = c.startMs + c.clockMs;
        const inp = fx.input(schedule(c, now), now);
        const segs = playoutWindow(inp, c.variant);
        const lines = castMediaPlaylist(inp, c.variant).trim().split("\n");
        assert.equal(lines[3], `#EXT-X-MEDIA-SEQUENCE:${segs[0]!.mediaSequence}`);
        assert.equal(lines[4], `#EXT-X-DISCONTINUITY-SEQUENCE:${segs[0]!.discontinuitySequence}`);
        // Read the segments back: [discontinuity before it, date-time, duration, uri].
        const read: Array<[boolean, string, string, string]> = [];
        let discontinuity = false;
        for (let i = 5; i < lines.length; i++) {
          if (lines[i] === "#EXT-X-DISCONTINUITY") discontinuity = true;
          else {
            read.push([discontinuity, lines[i]!, lines[i + 1]!, lines[i + 2]!]);
            discontinuity = false;
            i += 2;
          }
        }
        assert.deepEqual(
          read,
          segs.map((s, i) => {
            const prev = segs[i - 1];
            const boundary = prev !== undefined && (prev.programId !== s.programId || prev.slotStartMs !== s.slotStartMs);
            const restart = prev !== undefined && (prev.sourceKey !== s.sourceKey || prev.discontinuity !== s.discontinuity);
            return [
              boundary || restart,
              `#EXT-X-PROGRAM-DATE-TIME:${new Date(s.startMs).toISOString()}`,
              `#EXTINF:${(s.durationMs / S).toFixed(3)},`,
              s.uri,
            ];
          }),
        );
        // A source change inside a program is a discontinuity too (the content's end, the stream's takeover).
        segs.forEach((s, i) => {
          if (i > 0 && segs[i - 1]!.sourceKey !== s.sourceKey) assert.ok(read[i]![0], "a discontinuity where the source changes");
        });
      }),
      { numRuns: 200 },
    );
  });

  it("airs at time T a segment of the program on air at T", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const now = c.startMs + c.clockMs;
        const programs = schedule(c, now);
        const segs = playoutWindow(fx.input(programs, now), c.variant);
        const airing = segs.find((s) => s.startMs <= now && now < s.startMs + s.durationMs);
        const program = onAir(programs, now);
        if (!airing) {
          // Only a connected publisher's edge is left open (its next segment is on its way), for
          // at most two target durations.
          assert.ok(program?.type === "LIVE" && program.stream?.publishingSinceMs != null, "nothing airs");
          const last = segs.at(-1)!;
          assert.ok(now - (last.startMs + last.durationMs) < 2 * fx.CHANNEL.targetDurationSeconds * S);
          return;
        }
        assert.equal(airing.programId, program?.programId ?? null);
        const expected =
          program?.type === "PRERECORDED"
            ? [program.content.key, "slate"]
            : program?.type === "LIVE" && program.stream
              ? [program.stream.key, "slate"]
              : ["slate"];
        assert.ok(expected.includes(airing.sourceKey), `${airing.sourceKey} airs for ${program?.type ?? "empty time"}`);
      }),
      { numRuns: 300 },
    );
  });

  it("never moves sequence numbers back, and never gives a number to two segments", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const t1 = c.startMs + c.clockMs;
        const t2 = t1 + c.laterMs;
        const w1 = playoutWindow(fx.input(schedule(c, t1), t1), c.variant);
        const w2 = playoutWindow(fx.input(schedule(c, t2), t2), c.variant);
        assert.ok(w2[0]!.mediaSequence >= w1[0]!.mediaSequence, "media sequence");
        assert.ok(w2[0]!.discontinuitySequence >= w1[0]!.discontinuitySequence, "discontinuity sequence");
        // A segment in both windows keeps its numbers, unless the later window jumped past every
        // number the earlier one used (a new slot: players realign on the program date-times).
        const implied = (w: PlayoutSegment[]) => w.map((s, i) => ({ ...s, mediaSequence: w[0]!.mediaSequence + i }));
        const [i1, i2] = [implied(w1), implied(w2)];
        const max1 = Math.max(...i1.map((s) => s.mediaSequence));
        const jumped = i2[0]!.mediaSequence > max1;
        for (const s of i2) {
          const same = i1.find((x) => x.startMs === s.startMs && x.uri === s.uri);
          if (same && !jumped) assert.equal(s.mediaSequence, same.mediaSequence, "a segment keeps its number");
          const other = i1.find((x) => x.mediaSequence === s.mediaSequence);
          if (other && !(other.startMs === s.startMs)) assert.fail(`number ${s.mediaSequence} names two segments`);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("numbered on from the last window's head (cast-numbering.ts), a segment keeps its numbers in every playlist that lists it, on every variant", () => {
    fc.assert(
      fc.property(caseArb, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 5, maxLength: 60 }), (c, steps) => {
        let now = c.startMs + c.clockMs;
        let point: ReturnType<typeof windowHead> = null;
        let previous: PlayoutSegment[] = [];
        let highest = { msn: -Infinity, dsn: -Infinity };
        for (const step of steps) {
          const inp = { ...fx.input(schedule(c, now), now), numbering: point };
          const { segments, continued } = numberedWindow(inp, c.variant);
          if (point) assert.ok(continued, `the window at ${now} numbers on from the head of the one ${step} s before`);
          for (const v of ["1080p", "720p", "360p"]) {
            const other = numberedWindow(inp, v);
            assert.deepEqual(
              other.segments.map((s) => [s.mediaSequence, s.discontinuitySequence, s.startMs]),
              segments.map((s) => [s.mediaSequence, s.discontinuitySequence, s.startMs]),
              `${v} numbered as ${c.variant}`,
            );
          }
          segments.forEach((s, i) => {
            const prev = segments[i - 1];
            if (!prev) return;
            assert.equal(s.mediaSequence, prev.mediaSequence + 1, "consecutive numbers");
            const tag = prev.slotStartMs !== s.slotStartMs || prev.discontinuity !== s.discontinuity;
            assert.equal(
              s.discontinuitySequence,
              prev.discontinuitySequence + (tag ? 1 : 0),
              "one discontinuity number per EXT-X-DISCONTINUITY",
            );
          });
          for (const s of segments) {
            const before = previous.find((x) => x.startMs === s.startMs);
            if (before) {
              assert.equal(s.mediaSequence, before.mediaSequence, `the segment at ${s.startMs} renumbered`);
              assert.equal(
                s.discontinuitySequence,
                before.discontinuitySequence,
                `the segment at ${s.startMs}: its discontinuity number changed`,
              );
            } else if (s.startMs > (previous.at(-1)?.startMs ?? -Infinity)) {
              assert.ok(s.mediaSequence > highest.msn, "a new segment gets a new number");
            }
          }
          if (segments.length) {
            highest = { msn: segments.at(-1)!.mediaSequence, dsn: segments.at(-1)!.discontinuitySequence };
            assert.ok(segments[0]!.mediaSequence >= (previous[0]?.mediaSequence ?? -Infinity), "the media sequence never goes back");
          }
          previous = segments;
          point = windowHead(segments);
          now += step * S;
        }
        // nobody watched for longer than the reach: numbered afresh, above every number used before
        const later = now + NUMBERING_REACH_MS + 60 * S;
        const fresh = numberedWindow({ ...fx.input(schedule(c, later), later), numbering: point }, c.variant);
        assert.equal(fresh.continued, false);
        assert.ok(fresh.segments[0]!.mediaSequence > highest.msn, "afresh above every earlier media sequence number");
        assert.ok(fresh.segments[0]!.discontinuitySequence >= highest.dsn, "afresh not below any earlier discontinuity number");
      }),
      { numRuns: 150 },
    );
  });

  it("keeps the output at T when only programs starting a segment after T are edited", () => {
    fc.assert(
      fc.property(caseArb, fx.scheduleArb, (c, edit) => {
        const now = c.startMs + c.clockMs;
        const programs = schedule(c, now);
        // Replace everything that starts after the airing segment's longest end by another random
        // tail (a program starting sooner cuts the airing segment, on time).
        const horizon = now + fx.CHANNEL.targetDurationSeconds * S;
        const kept = programs.filter((p) => p.startMs <= horizon);
        const tailStart = Math.max(horizon + S, ...kept.map((p) => p.endMs));
        const tail = fx
          .buildSchedule(edit.specs, Math.ceil(tailStart / S) * S, now)
          .map((p) => ({ ...p, programId: `edit-${p.programId}` }));
        const before = castMediaPlaylist(fx.input(programs, now), c.variant);
        assert.equal(castMediaPlaylist(fx.input([...kept, ...tail], now), c.variant), before);
      }),
      { numRuns: 200 },
    );
  });

  it("shows the same window when the ingest has forgotten a stream's segments from before the window's live cell", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const now = c.startMs + c.clockMs;
        const programs = schedule(c, now);
        const cell = Math.floor((now - fx.CHANNEL.windowSeconds * S) / LIVE_CELL_MS) * LIVE_CELL_MS;
        const forgetful = programs.map((p) =>
          p.type === "LIVE" && p.stream
            ? {
                ...p,
                stream: {
                  ...p.stream,
                  renditions: p.stream.renditions.map((r) => ({
                    ...r,
                    segments: r.segments.filter((x) => x.startMs + x.durationMs > cell),
                  })),
                },
              }
            : p,
        );
        assert.equal(castMediaPlaylist(fx.input(forgetful, now), c.variant), castMediaPlaylist(fx.input(programs, now), c.variant));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps the variants aligned (same numbers and cuts on every variant)", () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const now = c.startMs + c.clockMs;
        const shape = (v: string) =>
          playoutWindow(fx.input(schedule(c, now), now), v).map(
            (s) => `${s.mediaSequence}/${s.discontinuitySequence}/${s.startMs}/${s.durationMs}`,
          );
        assert.deepEqual(shape("1080p"), shape("360p"));
        assert.deepEqual(shape("720p"), shape("360p"));
      }),
      { numRuns: 150 },
    );
  });
});
