// What a play session's beacons are worth (src/server/domain/analytics/credit-beacons.ts): watched
// time from the positions, never faster than the server's clock; a view at 5 s (the whole content
// when shorter); the twentieths watched; one startup time and one first error per session.
import assert from "node:assert/strict";
import { test } from "node:test";
import { bucketsOf, creditBeacons, newSessionState, viewThreshold, type Beacon } from "../../src/server/domain/analytics/credit-beacons";

const T0 = Date.parse("2026-11-30T10:00:00Z");
const vod = { durationSeconds: 20 };
const progress = (...positions: number[]): Beacon[] => positions.map((position) => ({ type: "progress", position }));

test("a real play: positions every few seconds credit their steps, a view once 5 s are watched", () => {
  let state = newSessionState(T0);
  const first = creditBeacons(vod, state, [{ type: "start" }, ...progress(2, 4)], T0 + 4_200);
  assert.equal(first.state.watchedSeconds, 4);
  assert.equal(first.reachedView, false);
  state = first.state;
  const second = creditBeacons(vod, state, progress(6, 8), T0 + 8_100);
  assert.equal(second.state.watchedSeconds, 8);
  assert.equal(second.reachedView, true);
  assert.equal(second.state.viewAt, T0 + 8_100);
  // reached once only
  assert.equal(creditBeacons(vod, second.state, progress(10), T0 + 10_000).reachedView, false);
  // positions 0..8 of 20 s: the first eight twentieths (0-1, ..., 7-8)
  assert.equal(second.state.buckets, 0b1111_1111);
});

test("beacons faster than real time credit only the clock's time: no view from a script", () => {
  const state = newSessionState(T0);
  const rushed = creditBeacons(vod, state, [...progress(5, 10, 15, 20), { type: "end", position: 20 }], T0 + 300);
  assert.ok(rushed.state.watchedSeconds <= 0.3 + 1e-9, `credited ${rushed.state.watchedSeconds}`);
  assert.equal(rushed.reachedView, false);
  // sending the same again a second later earns at most that second
  const again = creditBeacons(vod, rushed.state, progress(5, 10, 15, 20), T0 + 1_300);
  assert.ok(again.state.watchedSeconds <= 1.3 + 1e-9);
  assert.equal(again.reachedView, false);
});

test("in total never more than the time since the play; jumps and going back are seeks, not watching", () => {
  const paused = creditBeacons(vod, newSessionState(T0), progress(2), T0 + 2_000).state;
  // after a minute's pause a burst of positions: forward steps of a minute or less, at most the minute
  const burst = creditBeacons({ durationSeconds: 3600 }, paused, progress(30, 59, 62, 200, 230), T0 + 62_000);
  assert.equal(burst.state.watchedSeconds, 2 + 28 + 29 + 3, "200 is a jump; 230 finds no time left");
  assert.ok(burst.state.watchedSeconds <= 62);
  const jump = creditBeacons(vod, paused, [{ type: "seek", position: 15, value: 2 }, ...progress(17)], T0 + 6_000);
  assert.equal(jump.state.watchedSeconds, 4, "2 s, then 15 -> 17 after the seek");
  assert.equal(jump.state.buckets, bucketsOf(0, 2, 20) | bucketsOf(15, 17, 20));
  const back = creditBeacons(vod, paused, progress(1), T0 + 6_000);
  assert.equal(back.state.watchedSeconds, 2);
  assert.equal(back.state.position, 1);
});

test("a short content's view needs the whole of it; live and unknown durations need 5 s", () => {
  assert.equal(viewThreshold(3), 2.5);
  assert.equal(viewThreshold(120), 5);
  assert.equal(viewThreshold(0), 5);
  const short = creditBeacons({ durationSeconds: 3 }, newSessionState(T0), [...progress(1.5), { type: "end", position: 3 }], T0 + 3_200);
  assert.equal(short.reachedView, true);
  assert.equal(short.state.endedAt, T0 + 3_200);
  const live = creditBeacons({ durationSeconds: 0 }, newSessionState(T0), progress(1000, 1006), T0 + 7_000);
  assert.equal(live.state.watchedSeconds, 6, "the first position is where the stream was joined");
  assert.equal(live.state.buckets, 0, "no retention for live");
});

test("startup time once; rebuffer time summed; the first error marked; unknown values clamped", () => {
  const beacons: Beacon[] = [
    { type: "startup", value: 850 },
    { type: "startup", value: 99 },
    { type: "rebuffer", value: 400, position: 3 },
    { type: "rebuffer", value: -5 },
    { type: "error", detail: "bufferStalledError" },
    { type: "error", detail: "fragLoadError" },
    { type: "rendition", value: 720, detail: "720p" },
  ];
  const { state, events } = creditBeacons(vod, newSessionState(T0), beacons, T0 + 5_000);
  assert.equal(state.startupMs, 850);
  assert.deepEqual(
    events.map((e) => [e.type, e.value ?? null]),
    [
      ["startup", 850],
      ["rebuffer", 400],
      ["error", 1],
      ["error", 0],
      ["rendition", 720],
    ],
  );
  assert.equal(state.errored, true);
  const later = creditBeacons(vod, state, [{ type: "startup", value: 10 }, { type: "error" }], T0 + 6_000);
  assert.deepEqual(
    later.events.map((e) => [e.type, e.value ?? null]),
    [["error", 0]],
  );
});

test("twentieths: a span covers the buckets it touches, clamped to the content", () => {
  assert.equal(bucketsOf(0, 1, 20), 0b1);
  assert.equal(bucketsOf(0, 20, 20), (1 << 20) - 1);
  assert.equal(bucketsOf(19, 25, 20), 1 << 19);
  assert.equal(bucketsOf(5, 5, 20), 0);
  assert.equal(bucketsOf(0, 10, 0), 0);
});
