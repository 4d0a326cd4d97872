// The player's beacons (src/components/player/beacon-queue.ts, play-beacons.ts; docs/analytics.md):
// what a play session's playback turns into, with instants given by the test, and how the queue
// sends it (batches of at most 50, never an empty one, nothing more once the intake refused the
// session). Also the play's origin the watch and embed pages give (components/viewer/play-origin.ts).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import type { Beacon } from "@/server/domain/analytics/credit-beacons";
import { BeaconQueue, MAX_BATCH, MAX_WAITING, type SendOutcome } from "@/components/player/beacon-queue";
import { PlayBeacons } from "@/components/player/play-beacons";
import { embedderHost, vodPlayOrigin } from "@/components/viewer/play-origin";

/** A queue whose batches are kept as sent, answered `answer()`. */
function recorder(answer: () => SendOutcome | Promise<SendOutcome> = () => "sent") {
  const batches: { session: string; events: Beacon[] }[] = [];
  const queue = new BeaconQueue("ps1.token", (body) => {
    batches.push(JSON.parse(body) as { session: string; events: Beacon[] });
    return answer();
  });
  return { queue, batches, sent: () => batches.flatMap((b) => b.events) };
}

const progress = (position: number): Beacon => ({ type: "progress", position });

describe("beacon queue", () => {
  it("sends nothing when nothing waits", () => {
    const { queue, batches } = recorder();
    queue.flush();
    queue.flush();
    assert.equal(batches.length, 0);
  });

  it("sends what waits with the session, once, in batches of at most 50", () => {
    const { queue, batches } = recorder();
    for (let i = 0; i < 120; i++) queue.push(progress(i));
    queue.flush();
    assert.deepEqual(
      batches.map((b) => b.events.length),
      [MAX_BATCH, MAX_BATCH, 20],
    );
    assert.ok(batches.every((b) => b.session === "ps1.token"));
    assert.deepEqual(
      batches.flatMap((b) => b.events.map((e) => e.position)),
      Array.from({ length: 120 }, (_, i) => i),
    );
    queue.flush();
    assert.equal(batches.length, 3, "a flush after everything went sends no empty batch");
  });

  it("makes seeks in a row one, from where the first started to where the last went", () => {
    const { queue, sent } = recorder();
    queue.push({ type: "seek", position: 30, value: 12 });
    queue.push({ type: "seek", position: 45, value: 30 });
    queue.push({ type: "seek", position: 50, value: 45 });
    queue.push(progress(55));
    queue.push({ type: "seek", position: 5, value: 55 });
    queue.flush();
    assert.deepEqual(sent(), [{ type: "seek", position: 50, value: 12 }, progress(55), { type: "seek", position: 5, value: 55 }]);
  });

  it("keeps the newest beacons when too many wait", () => {
    const { queue, sent } = recorder();
    for (let i = 0; i < MAX_WAITING + 30; i++) queue.push(progress(i));
    queue.flush();
    assert.equal(sent().length, MAX_WAITING);
    assert.equal(sent()[0]!.position, 30);
  });

  it("stops sending for a session the intake refused (answered at once)", () => {
    const { queue, batches } = recorder(() => "refused");
    for (let i = 0; i < 70; i++) queue.push(progress(i));
    queue.flush();
    assert.equal(batches.length, 1, "the rest of the queue is dropped, not sent");
    queue.push(progress(80));
    queue.flush();
    assert.equal(batches.length, 1);
    assert.equal(queue.closed, true);
  });

  it("stops sending for a session the intake refused (answered later, through fetch)", async () => {
    const { queue, batches } = recorder(() => Promise.resolve("refused"));
    queue.push(progress(1));
    queue.flush();
    await new Promise((resolve) => setImmediate(resolve));
    queue.push(progress(2));
    queue.flush();
    assert.equal(batches.length, 1);
  });
});

describe("play beacons", () => {
  const setup = () => {
    const r = recorder();
    return { ...r, beacons: new PlayBeacons(r.queue) };
  };

  it("says nothing before the first frame, then start and the startup time from the viewer's press", () => {
    const { beacons, queue, sent } = setup();
    beacons.asked(1000);
    beacons.play(1800); // the source attached and play() called after hls.js loaded
    beacons.waiting(1810, 0, false);
    beacons.pause(1900, 0);
    beacons.tick(0, true);
    assert.deepEqual(sent(), [], "no beacon, no batch before playback began");
    beacons.playing(2450, 0.02);
    assert.deepEqual(queue.pending, [
      { type: "start", position: 0.02 },
      { type: "startup", value: 1450 },
    ]);
  });

  it("times an autoplay's startup from its latest play event (a live page retries until the stream arrives)", () => {
    const { beacons, queue } = setup();
    beacons.play(100);
    beacons.play(20_100);
    beacons.playing(21_000, 3600);
    assert.deepEqual(queue.pending, [
      { type: "start", position: 3600 },
      { type: "seek", position: 3600, value: 0 },
      { type: "startup", value: 900 },
    ]);
  });

  it("sends no startup time without a play asked", () => {
    const { beacons, queue } = setup();
    beacons.playing(500, 0);
    assert.deepEqual(queue.pending, [{ type: "start", position: 0 }]);
  });

  it("counts a stall after the start until playing again, at the position it stalled", () => {
    const { beacons, queue } = setup();
    beacons.playing(0, 0);
    beacons.waiting(10_000, 9.5, false);
    beacons.waiting(10_400, 9.5, false); // a second waiting in the same stall
    beacons.playing(12_250, 9.5);
    beacons.playing(13_000, 10); // playing again without a stall: nothing
    assert.deepEqual(queue.pending.slice(1), [{ type: "rebuffer", value: 2250, position: 9.5 }]);
  });

  it("does not count the wait after a seek as a rebuffer", () => {
    const { beacons, queue } = setup();
    beacons.playing(0, 0);
    beacons.seeking(20, 300);
    beacons.waiting(21_000, 300, true);
    beacons.playing(23_000, 300);
    assert.deepEqual(queue.pending.slice(1), [{ type: "seek", position: 300, value: 20 }]);
  });

  it("ends a stall at a pause, and the pause carries the position", () => {
    const { beacons, queue } = setup();
    beacons.playing(0, 0);
    beacons.waiting(5000, 4, false);
    beacons.pause(6500, 4);
    beacons.playing(60_000, 4); // resumed later: the pause was no stall
    assert.deepEqual(queue.pending.slice(1), [
      { type: "rebuffer", value: 1500, position: 4 },
      { type: "pause", position: 4 },
    ]);
  });

  it("sends the position every tick while playing, and the waiting beacons with it", () => {
    const { beacons, batches } = setup();
    beacons.playing(0, 0);
    beacons.tick(10.0004, true);
    beacons.tick(20, true);
    beacons.pause(21_000, 20.5);
    beacons.tick(20.5, false); // paused: the pause goes, no progress
    beacons.tick(20.5, false); // nothing waits: no batch
    assert.deepEqual(
      batches.map((b) => b.events),
      [[{ type: "start", position: 0 }, progress(10)], [progress(20)], [{ type: "pause", position: 20.5 }]],
    );
  });

  it("ends once: the media's end, then the player going away says nothing more", () => {
    const { beacons, sent } = setup();
    beacons.playing(0, 0);
    beacons.ended(90_000, 90);
    beacons.leave(91_000, 90);
    assert.deepEqual(sent(), [
      { type: "start", position: 0 },
      { type: "end", position: 90 },
    ]);
  });

  it("leaving sends the end and what waits at once; a session that never started sends nothing", () => {
    const idle = setup();
    idle.beacons.asked(0);
    idle.beacons.leave(5000, 0);
    assert.equal(idle.batches.length, 0);

    const { beacons, batches } = setup();
    beacons.playing(0, 0);
    beacons.waiting(3000, 2.5, false);
    beacons.leave(4000, 2.5);
    assert.deepEqual(batches, [
      {
        session: "ps1.token",
        events: [
          { type: "start", position: 0 },
          { type: "rebuffer", value: 1000, position: 2.5 },
          { type: "end", position: 2.5 },
        ],
      },
    ]);
  });

  it("plays on after an end (watched again): a new end at the next leave", () => {
    const { beacons, sent } = setup();
    beacons.playing(0, 0);
    beacons.ended(30_000, 30);
    beacons.seeking(30, 0);
    beacons.playing(31_000, 0);
    beacons.leave(40_000, 9);
    assert.deepEqual(
      sent().map((b) => b.type),
      ["start", "end", "seek", "end"],
    );
  });

  it("says a rendition once per change and an error once in a row", () => {
    const { beacons, queue } = setup();
    beacons.rendition(720, 0);
    beacons.rendition(720, 3);
    beacons.rendition(0, 3); // an audio-only rung: no height to say
    beacons.rendition(1080, 12);
    beacons.error("fragLoadError", 14);
    beacons.error("fragLoadError", 14);
    beacons.error("MEDIA_ERR_DECODE", 14);
    assert.deepEqual(queue.pending, [
      { type: "rendition", value: 720, detail: "720p", position: 0 },
      { type: "rendition", value: 1080, detail: "1080p", position: 12 },
      { type: "error", detail: "fragLoadError", position: 14 },
      { type: "error", detail: "MEDIA_ERR_DECODE", position: 14 },
    ]);
  });
});

describe("play origin of the watch and embed pages", () => {
  const own = "https://kinora.example";

  it("is the watch page's, whatever the referrer; a bundle's content there is the bundle's", () => {
    assert.deepEqual(vodPlayOrigin(false, false, "https://blog.example/post", own), { source: "watch" });
    assert.deepEqual(vodPlayOrigin(false, true, "", own), { source: "bundle" });
  });

  it("is an embed with the embedding site's host when the referrer is another site", () => {
    assert.deepEqual(vodPlayOrigin(true, false, "https://blog.example:8443/post?id=1#x", own), {
      source: "embed",
      embedHost: "blog.example:8443",
    });
  });

  it("is an embed without a host when there is no referrer, or it is Kinora itself", () => {
    assert.deepEqual(vodPlayOrigin(true, true, "", own), { source: "embed" });
    assert.deepEqual(vodPlayOrigin(true, false, "https://kinora.example/v/abc", own), { source: "embed" });
    assert.equal(embedderHost("not a url", own), undefined);
    assert.equal(embedderHost("about:blank", own), undefined);
  });
});
