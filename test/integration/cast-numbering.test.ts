// A cast channel's numbering across requests and nodes (media/cast/output/cast-numbering.ts), on the
// real database: a segment keeps its numbers from the first playlist that lists it, a node that
// starts later numbers on from the row the first one writes, two nodes starting afresh at once
// agree, and after minutes without a viewer the numbers start afresh above every earlier one.
// A "node" here is the process's memory of its last window: forgetting it is what another process,
// or a restart, starts with.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { insertUser, integrationDb, useIntegrationDatabase } from "../support/integration-db";
import * as fx from "../support/cast-playout-fixtures";
import { segmentNumbers } from "../support/hls-numbers";
import type { CastPlayoutInput, CastPlayoutProgram, NumberingPoint } from "../../src/server/media/cast/playout-types";

useIntegrationDatabase("kinora-cast-numbering-");

const S = 1000;
const HOUR = 3_600_000;
const T = fx.DAY_START_MS + 5 * HOUR; // on an hour: the empty time before it is cut there

/** A clip of 30 s from T, a break until T + 50 s, a clip from T + 50 s: slot boundaries every few seconds of window. */
const programs: CastPlayoutProgram[] = [
  { type: "PRERECORDED", programId: "a", startMs: T, endMs: T + 30 * S, offsetSeconds: 0, content: fx.boxSource("boxA", 40 * S) },
  { type: "BREAK", programId: "b", startMs: T + 30 * S, endMs: T + 50 * S },
  {
    type: "PRERECORDED",
    programId: "c",
    startMs: T + 50 * S,
    endMs: T + 400 * S,
    offsetSeconds: 0,
    content: fx.boxSource("boxC", 400 * S),
  },
];

const forgetNodes = () => (globalThis as { __kinoraCastNumbering?: Map<string, unknown> }).__kinoraCastNumbering?.clear();

async function setup() {
  const db = await integrationDb();
  const { numberedCastWindow } = await import("../../src/server/media/cast/output/cast-numbering");
  const { windowHead, windowPlaylist } = await import("../../src/server/media/cast/playout");
  const ownerId = await insertUser(db);
  const channel = await db.castChannel.create({ data: { ownerId, name: "Numbers", streamPath: `numbers-${randomUUID()}` } });
  /** The channel's 720p playlist at `nowMs` as a node serves it: [start ms, media sequence, discontinuity sequence] per segment. */
  const playlist = async (nowMs: number) => {
    const input: CastPlayoutInput = fx.input(programs, nowMs);
    const window = await numberedCastWindow(db, channel.id, input, "720p");
    return {
      segments: segmentNumbers(windowPlaylist(input.channel, window)).map((n): [number, number, number] => [n.pdt, n.msn, n.dsn]),
      numbering: windowHead(window)!,
    };
  };
  const row = async () => {
    const r = await db.castNumbering.findUnique({ where: { channelId: channel.id } });
    return r && { atMs: Number(r.atMs), msn: Number(r.msn), dsn: Number(r.dsn) };
  };
  return { db, channel, playlist, row };
}

/** Every segment both lists hold keeps its numbers. */
function assertSameNumbers(earlier: Array<[number, number, number]>, later: Array<[number, number, number]>, what: string) {
  let shared = 0;
  for (const [at, msn, dsn] of later) {
    const before = earlier.find(([x]) => x === at);
    if (!before) continue;
    shared++;
    assert.deepEqual([msn, dsn], [before[1], before[2]], `${what}: the segment at +${(at - T) / S} s renumbered`);
  }
  assert.ok(shared > 0, `${what}: the two lists share segments`);
}

test("a viewer's reloads across program boundaries: every segment keeps its numbers; the row follows the head", async () => {
  forgetNodes();
  const { playlist, row } = await setup();
  assert.equal(await row(), null, "no row before the first playlist");
  let previous = await playlist(T - 20 * S); // head in the empty hour before T
  const first = await row();
  assert.deepEqual(first, previous.numbering, "the first playlist starts the channel's numbering in its row");
  // reloads every 3 s for two minutes: the window's head crosses into A, the break and C
  for (let now = T - 17 * S; now <= T + 100 * S; now += 3 * S) {
    const next = await playlist(now);
    assertSameNumbers(previous.segments, next.segments, `reload at +${(now - T) / S} s`);
    previous = next;
  }
  const stored = (await row())!;
  assert.ok(stored.atMs > first!.atMs && stored.atMs <= previous.numbering.atMs, "the row moved on with the heads");
  assert.ok(previous.numbering.atMs - stored.atMs < 60 * S + 6 * S, "at most one write interval behind");
});

test("a node starting later numbers on from the row; two nodes starting afresh at once agree", async () => {
  forgetNodes();
  const { playlist, row } = await setup();
  const a = await playlist(T + 10 * S);
  assert.deepEqual(await row(), a.numbering);
  forgetNodes(); // another node: nothing of its own, the row's point
  const b = await playlist(T + 14 * S);
  assertSameNumbers(a.segments, b.segments, "the second node");

  // two nodes with no row, at two clocks whose heads lie in different slots: the first write wins
  forgetNodes();
  const { playlist: fresh, row: freshRow, db, channel } = await setup();
  const [x, y] = await Promise.all([fresh(T + 35 * S), fresh(T + 58 * S)]);
  const winner = (await freshRow())!;
  assert.ok([x.numbering.atMs, y.numbering.atMs].includes(winner.atMs));
  forgetNodes();
  const later = await fresh(T + 60 * S);
  assertSameNumbers(x.segments, later.segments, "the first of the two");
  assertSameNumbers(y.segments, later.segments, "the second of the two");
  assert.equal(await db.castNumbering.count({ where: { channelId: channel.id } }), 1);
});

test("after minutes without a viewer the numbers start afresh, above every earlier one", async () => {
  forgetNodes();
  const { playlist, row } = await setup();
  const early = await playlist(T + 20 * S);
  const before = (await row()) as NumberingPoint;
  const late = await playlist(T + 20 * S + 6 * 60 * S); // beyond the reach of both the node's and the row's point
  assert.ok(late.segments[0]![1] > early.segments.at(-1)![1], "media sequence numbers above every earlier one");
  assert.ok(late.segments[0]![2] >= early.segments.at(-1)![2], "discontinuity numbers not below any earlier one");
  const after = (await row())!;
  assert.deepEqual(after, late.numbering, "the row holds the new start");
  assert.ok(after.atMs > before.atMs);
});
