// The check the launcher's beacon thread makes before it answers a batch itself
// (src/server/domain/analytics/beacon-batch-shape.mjs): whatever it lets through, the intake's own
// validation (parseInput with beaconBatchInput) accepts as well, so the thread never answers 204 where
// the application would refuse; and the batches the players send pass it.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import fc from "fast-check";
import { plainBeaconBatch } from "@/server/domain/analytics/beacon-batch-shape.mjs";
import { beaconBatchInput } from "@/server/domain/analytics/intake";
import { parseInput } from "@/server/domain/shared/validation";
import { BeaconQueue } from "@/components/player/beacon-queue";
import { PlayBeacons } from "@/components/player/play-beacons";

const accepted = (text: string): boolean => {
  try {
    parseInput(beaconBatchInput, JSON.parse(text));
    return true;
  } catch {
    return false;
  }
};

// batches near the plain shape, each part sometimes off: types, lengths, extra keys, escapes
const text = fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom("progress", "a\u0000b", "\ud800", "é", "x".repeat(101), "caf\\u00e9"));
const number = fc.oneof(fc.double(), fc.integer(), fc.constant(1e308));
const anyValue = fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.constant(undefined), fc.array(fc.integer(), { maxLength: 2 }));
const event = fc.record(
  {
    type: fc.oneof(text, anyValue),
    position: fc.oneof(number, anyValue),
    value: fc.oneof(number, anyValue),
    detail: fc.oneof(text, anyValue),
    extra: anyValue,
  },
  { requiredKeys: [] },
);
const batch = fc.record(
  {
    session: fc.oneof(fc.string({ maxLength: 8 }), fc.constant("s".repeat(2049)), anyValue),
    events: fc.oneof(
      fc.array(event, { maxLength: 3 }),
      fc.array(fc.constant({ type: "progress" }), { minLength: 49, maxLength: 52 }),
      anyValue,
    ),
    other: anyValue,
  },
  { requiredKeys: [] },
);

describe("a plain batch of beacons", () => {
  it("is one the intake's schema accepts: over near-batches, JSON texts and escaped texts", () => {
    const bodies = fc.oneof(
      batch.map((b) => JSON.stringify(b)),
      fc.json(),
      // a raw escape written into a string of an otherwise plain batch
      fc.constantFrom("\\u0000", "\\ud800", "\\u00e9", "\\n").map((e) => `{"session":"s","events":[{"type":"error","detail":"a${e}"}]}`),
    );
    let plain = 0;
    fc.assert(
      fc.property(bodies, (body) => {
        if (!plainBeaconBatch(body)) return true;
        plain += 1;
        return accepted(body);
      }),
      { numRuns: 3000 },
    );
    assert.ok(plain > 100, `the property met plain batches (${plain})`);
  });

  it("is what the player sends", () => {
    const bodies: string[] = [];
    const queue = new BeaconQueue("ps1.payload.signature", (body) => {
      bodies.push(body);
      return "sent";
    });
    const beacons = new PlayBeacons(queue);
    beacons.asked(0);
    beacons.play(100);
    beacons.playing(740, 0);
    for (let s = 1; s <= 30; s++) beacons.tick(s, true);
    beacons.waiting(31_000, 30, false);
    beacons.playing(31_400, 30);
    beacons.seeking(30, 12.5);
    beacons.rendition(720, 12.5);
    beacons.error("media: decode failed (é)", 13);
    beacons.pause(40_000, 20);
    beacons.ended(50_000, 31);
    beacons.leave(51_000, 31);
    queue.flush();
    assert.ok(bodies.length > 0);
    for (const body of bodies) assert.ok(plainBeaconBatch(body), body);
  });

  it("is refused with an escape, a wrong type or past a limit (the application answers those)", () => {
    const ok = { session: "s", events: [{ type: "progress", position: 1 }] };
    assert.ok(plainBeaconBatch(JSON.stringify(ok)));
    for (const body of [
      "",
      "[]",
      `"${JSON.stringify(ok).replace(/"/g, '\\"')}"`,
      JSON.stringify({ ...ok, session: 1 }),
      JSON.stringify({ ...ok, events: [{ type: "progress", position: "1" }] }),
      JSON.stringify({ ...ok, events: [{ type: "error", detail: "x".repeat(101) }] }),
      JSON.stringify({ ...ok, events: new Array(51).fill({ type: "progress" }) }),
      JSON.stringify({ ...ok, events: [{ type: "error", detail: "caf\u00e9" }] }).replace("é", "\\u00e9"),
    ])
      assert.equal(plainBeaconBatch(body), undefined, body);
  });
});
