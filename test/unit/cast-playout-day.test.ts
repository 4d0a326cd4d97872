// A simulated 24-hour day of one channel, checked end to end: a player's reload every target
// duration from 23:50 the day before to 00:10 the day after, across programs of every type, empty
// time, a live slot whose stream arrives late and stops early, an absent stream, and a program
// running over midnight. Prints the time one playlist takes.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseMediaPlaylist } from "@/server/media/ffmpeg/playlists";
import { castMediaPlaylist, numberedWindow, windowHead, type PlayoutSegment } from "@/server/media/cast/playout";
import type { CastLiveSource, CastPlayoutInput, CastPlayoutProgram } from "@/server/media/cast/playout-types";
import * as fx from "../support/cast-playout-fixtures";

const S = 1000;
const MIN = 60 * S;
const DAY = fx.DAY_START_MS;

interface LiveSpec {
  key: string;
  fromMs: number;
  untilMs: number;
}

/** The day: blocks of a film, a break and a live slot, some empty time, the last film over midnight. */
function day(): { programs: Array<CastPlayoutProgram & { live?: LiveSpec | null }>; endMs: number } {
  const programs: Array<CastPlayoutProgram & { live?: LiveSpec | null }> = [];
  let t = DAY - 5 * MIN; // yesterday's last program runs into the day
  let n = 0;
  const add = (p: CastPlayoutProgram & { live?: LiveSpec | null }) => {
    programs.push(p);
    t = p.endMs;
  };
  const id = () => `p${String(n++).padStart(3, "0")}`;
  add({ type: "BREAK", programId: id(), startMs: t, endMs: t + 17 * MIN + 3 * S });
  while (t < DAY + 23 * 3_600_000 + 30 * MIN) {
    const film = (37 + (n % 11)) * MIN + (n % 7) * S;
    const offset = (n % 5) * 13;
    add({
      type: "PRERECORDED",
      programId: id(),
      startMs: t,
      endMs: t + film,
      offsetSeconds: offset,
      content: fx.boxSource(`box${n}`, offset * S + film + (n % 3) * MIN),
    });
    add({ type: "BREAK", programId: id(), startMs: t, endMs: t + 2 * MIN + (n % 4) * S });
    const liveMs = 20 * MIN;
    const live = n % 3 === 0 ? null : { key: `live${n}`, fromMs: t + (n % 9) * S, untilMs: t + liveMs - 3 * MIN };
    add({ type: "LIVE", programId: id(), startMs: t, endMs: t + liveMs, stream: null, live });
    if (n % 4 === 1) t += 6 * MIN + 30 * S; // empty time: the slate
  }
  add({
    type: "PRERECORDED",
    programId: id(),
    startMs: t,
    endMs: DAY + 24 * 3_600_000 + 40 * MIN,
    offsetSeconds: 0,
    content: fx.boxSource(`box${n}`, 24 * 3_600_000),
  });
  return { programs, endMs: t };
}

/** What the ingest knows of a live slot's stream at `nowMs`: the 2 s segments written by then. */
function streamAt(spec: LiveSpec, nowMs: number): CastLiveSource | null {
  if (nowMs < spec.fromMs) return null;
  const segments = [];
  for (let s = spec.fromMs, i = 0; s + 2 * S <= Math.min(nowMs, spec.untilMs); s += 2 * S, i++)
    segments.push({ path: `src/${i}.ts`, durationMs: 2 * S, startMs: s });
  return {
    key: spec.key,
    publishingSinceMs: nowMs < spec.untilMs ? spec.fromMs : null,
    renditions: [{ name: "src", height: 720, segments }],
  };
}

test("a simulated day: continuous timeline, programs on time, numbers that only grow", () => {
  const { programs } = day();
  const scheduleAt = (nowMs: number): CastPlayoutProgram[] =>
    programs
      .filter((p) => p.endMs > nowMs - 2 * 3_600_000 && p.startMs < nowMs + 3_600_000) // what the caller loads around the clock
      .map(({ live, ...p }) => (p.type === "LIVE" ? { ...p, stream: live ? streamAt(live, nowMs) : null } : p));
  const first = DAY - 10 * MIN;
  const last = DAY + 24 * 3_600_000 + 10 * MIN;
  const step = fx.CHANNEL.targetDurationSeconds * S;
  const seen = new Map<number, PlayoutSegment>();
  let previous: PlayoutSegment | null = null;
  let reloads = 0;
  let computeMs = 0;
  for (let now = first; now <= last; now += step + (reloads % 3) * 7) {
    // each window numbered on from the head of the one before, as the channel's playlists are (cast-numbering.ts)
    const input: CastPlayoutInput = { ...fx.input(scheduleAt(now), now), numbering: previous && windowHead([previous]) };
    const started = performance.now();
    const { segments: segs, continued } = numberedWindow(input, "720p");
    computeMs += performance.now() - started;
    reloads++;
    const head = segs[0]!;
    if (previous) {
      assert.ok(continued, `numbered on at ${new Date(now).toISOString()}`);
      assert.ok(head.mediaSequence >= previous.mediaSequence, `media sequence at ${new Date(now).toISOString()}`);
      assert.ok(head.discontinuitySequence >= previous.discontinuitySequence);
    }
    previous = head;
    for (const s of segs) {
      const before = seen.get(s.startMs);
      // A segment once listed keeps its file and numbers; only the slate airing when a stream
      // connects is cut shorter, where the stream takes over.
      if (before) {
        const at = new Date(s.startMs).toISOString();
        assert.equal(before.uri, s.uri, `the segment at ${at} keeps its file`);
        assert.equal(s.mediaSequence, before.mediaSequence, `the segment at ${at} keeps its media sequence number`);
        assert.equal(s.discontinuitySequence, before.discontinuitySequence, `the segment at ${at} keeps its discontinuity number`);
        if (before.durationMs !== s.durationMs) assert.ok(s.sourceKey === "slate" && s.durationMs < before.durationMs);
      }
      seen.set(s.startMs, s);
    }
    const onAir = input.programs.find((p) => p.startMs <= now && now < p.endMs);
    const airing = segs.find((s) => s.startMs <= now && now < s.startMs + s.durationMs);
    if (airing) assert.equal(airing.programId, onAir?.programId ?? null, `on air at ${new Date(now).toISOString()}`);
    else assert.equal(onAir?.type, "LIVE", "only a connected stream's edge waits");
  }

  // Every segment ever listed, in time order: one continuous timeline from the first to the last.
  const timeline = [...seen.values()].sort((a, b) => a.startMs - b.startMs);
  for (let i = 1; i < timeline.length; i++)
    assert.equal(
      timeline[i]!.startMs,
      timeline[i - 1]!.startMs + timeline[i - 1]!.durationMs,
      `no gap, no overlap at ${new Date(timeline[i]!.startMs).toISOString()}`,
    );
  // Each program airs exactly its own time, its sources only.
  for (const p of programs.filter((x) => x.startMs >= first && x.endMs <= timeline.at(-1)!.startMs)) {
    const own = timeline.filter((s) => s.programId === p.programId);
    assert.equal(own[0]!.startMs, p.startMs, `${p.programId} starts on time`);
    assert.equal(own.at(-1)!.startMs + own.at(-1)!.durationMs, p.endMs, `${p.programId} ends on time`);
    const sources = new Set(own.map((s) => s.sourceKey));
    if (p.type === "BREAK") assert.deepEqual([...sources], ["slate"]);
    if (p.type === "PRERECORDED") assert.ok(sources.has(p.content.key) && [...sources].every((k) => k === p.content.key || k === "slate"));
    if (p.type === "LIVE")
      assert.deepEqual(
        [...sources].sort(),
        p.live ? [p.live.key, "slate"] : ["slate"],
        `${p.programId}: its stream while it publishes, the slate otherwise`,
      );
  }
  // One numbering over the whole day, across programs, hours and live cells: each segment one on.
  for (let i = 1; i < timeline.length; i++)
    assert.equal(
      timeline[i]!.mediaSequence,
      timeline[i - 1]!.mediaSequence + 1,
      `numbered on at ${new Date(timeline[i]!.startMs).toISOString()}`,
    );
  // The programs of the day and the one over midnight all aired; the playlists name them as HLS does.
  const text = castMediaPlaylist(fx.input(scheduleAt(DAY + 12 * 3_600_000), DAY + 12 * 3_600_000), "720p");
  assert.ok(parseMediaPlaylist(text).segments.length > 0);
  assert.ok(seen.size > 20_000);
  console.log(`# ${reloads} reloads over the day, ${(computeMs / reloads).toFixed(3)} ms per playlist window`);
});
