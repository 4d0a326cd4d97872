// The analytics' storage on a real database (src/server/domain/analytics: record-beacons.ts, rollup.ts,
// audience-reads.ts): beacons credited and stored, a view once per viewer and item per 30 minutes, the
// owner's plays apart; the days the writes rolled up equal one aggregation of all the raw events; raw
// events past ANALYTICS_RAW_DAYS swept, the totals unchanged; an account's deletion takes its analytics.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { test } from "node:test";
import { integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";
import type { PlaySession } from "../../src/server/auth/play-session";
import type { ReceivedBatch } from "../../src/server/domain/analytics/record-beacons";

useIntegrationDatabase("kinora-analytics-rollup-");

const MINUTE = 60_000;
// a day long past ANALYTICS_RAW_DAYS (30): its events may be swept once rolled up
const DAY = "2026-09-20";
const T0 = Date.parse(`${DAY}T10:00:00Z`);

test("views once per viewer per 30 minutes, the owner's apart; rollups keep the totals when the raw events go", async () => {
  const access = await integrationDbAccess();
  const { recordBeacons } = await import("../../src/server/domain/analytics/record-beacons");
  const { rollUpEvents, deleteOldAnalytics, deleteAnalyticsOf } = await import("../../src/server/domain/analytics/rollup");
  const { contentAudience, ownerAudience, dayRangeOf, summaryOf } = await import("../../src/server/domain/analytics/audience-reads");
  const ownerId = randomUUID();
  const itemId = randomUUID();
  const session = (issuedAt: number, viewerId?: string): PlaySession => ({
    sessionId: randomUUID(),
    kind: "cast",
    itemId,
    ownerId,
    ...(viewerId ? { viewerId } : {}),
    source: "watch",
    durationSeconds: 20,
    issuedAt,
  });
  // a play of 6 s from `at`: start, startup, positions 2, 4, 6 sent 6 s later
  const play = (at: number, viewerHash: string, viewerId?: string): ReceivedBatch => ({
    session: session(at, viewerId),
    viewerHash,
    receivedAt: at + 6_000,
    beacons: [
      { type: "start" },
      { type: "startup", value: 900 },
      { type: "progress", position: 2 },
      { type: "progress", position: 4 },
      { type: "progress", position: 6 },
    ],
  });
  await recordBeacons(access, [play(T0, "viewer-a"), play(T0, "viewer-b"), play(T0, "owner", ownerId)]);
  await recordBeacons(access, [play(T0 + 10 * MINUTE, "viewer-a")]); // within 30 minutes: no view
  await recordBeacons(access, [play(T0 + 40 * MINUTE, "viewer-a")]); // past them: a view, not a new viewer

  const range = dayRangeOf({ from: DAY, to: DAY });
  const expected = {
    views: 3,
    uniqueViewers: 2,
    watchTimeSeconds: 24,
    averageViewSeconds: 8,
    ownerViews: 1,
    ownerWatchTimeSeconds: 6,
    sessions: 4,
    retention: [...new Array<number>(6).fill(1), ...new Array<number>(14).fill(0)],
    startupTimeMsP50: 875,
  };
  const read = async () => {
    const audience = await contentAudience(access, itemId, range);
    const summary = summaryOf(audience.totals);
    return {
      summary: Object.fromEntries(Object.keys(expected).map((k) => [k, summary[k as keyof typeof summary]])),
      sources: audience.breakdown.sources,
      owner: summaryOf((await ownerAudience(access, ownerId, range)).totals).views,
      day: audience.days.map((d) => [d.day, d.views]),
    };
  };
  const before = await read();
  assert.deepEqual(before.summary, expected);
  assert.deepEqual(before.sources, { watch: 3 });
  assert.equal(before.owner, 3);
  assert.deepEqual(before.day, [[DAY, 3]]);

  // the three writes' rollups add up to what one aggregation of all their events gives
  const raw = () => access.db.analyticsEvent.count({ where: { itemId } });
  assert.ok((await raw()) >= 4 * 6, "the raw events kept");
  const [{ fromId, toId }] = (await access.sql.read<{ fromId: string; toId: string }>(
    `SELECT min("id")::text AS "fromId", max("id")::text AS "toId" FROM "AnalyticsEvent" WHERE "itemId" = $1`,
    [itemId],
  )) as [{ fromId: string; toId: string }];
  const days = async () => [
    await access.sql.read(
      `SELECT "day", "views", "uniqueViewers", "watchSeconds", "sessions", "startups", "retention", "sources", "ownerViews" FROM "AnalyticsDaily" WHERE "itemId" = $1`,
      [itemId],
    ),
    await access.sql.read(
      `SELECT "day", "views", "uniqueViewers", "watchSeconds", "sessions", "startups", "ownerViews" FROM "AnalyticsOwnerDaily" WHERE "ownerId" = $1`,
      [ownerId],
    ),
  ];
  const kept = await days();
  await access.sql.transaction(async (query) => {
    await query(`DELETE FROM "AnalyticsDaily" WHERE "itemId" = $1`, [itemId]);
    await query(`DELETE FROM "AnalyticsOwnerDaily" WHERE "ownerId" = $1`, [ownerId]);
    await rollUpEvents(query, { fromId, toId });
  });
  assert.deepEqual(await days(), kept, "one aggregation of all the events: the same days");
  await deleteOldAnalytics(access, 30);
  assert.equal(await raw(), 0, "raw events past 30 days are gone");
  assert.equal(await access.db.analyticsSession.count({ where: { itemId } }), 0, "and the sessions");
  assert.deepEqual(await read(), before, "the totals unchanged");

  // the owner's account deleted: their analytics go with it
  const left = async () =>
    Promise.all([
      access.db.analyticsDaily.count({ where: { ownerId } }),
      access.db.analyticsOwnerDaily.count({ where: { ownerId } }),
      access.db.analyticsLiveSample.count({ where: { itemId } }),
    ]);
  assert.ok((await left()).every((n) => n > 0));
  await access.db.$transaction((tx) => deleteAnalyticsOf(tx, ownerId));
  assert.deepEqual(await left(), [0, 0, 0]);
});

test("writes at once (several nodes) on the same days take turns: none fails, the days count every view", async () => {
  const access = await integrationDbAccess();
  const { recordBeacons } = await import("../../src/server/domain/analytics/record-beacons");
  const { contentAudience, ownerAudience, dayRangeOf } = await import("../../src/server/domain/analytics/audience-reads");
  const ownerId = randomUUID();
  const items = [randomUUID(), randomUUID(), randomUUID()];
  const at = Date.now() - 60_000;
  // a play of item `i` by viewer `v` that reaches a view (6 s watched of a 6 s content)
  const play = (i: number, v: string): ReceivedBatch => ({
    session: { sessionId: randomUUID(), kind: "cast", itemId: items[i]!, ownerId, source: "watch", durationSeconds: 6, issuedAt: at },
    viewerHash: v,
    receivedAt: at + 7_000,
    beacons: [{ type: "start" }, { type: "progress", position: 3 }, { type: "progress", position: 6 }],
  });
  // eight writes at once, each over the three items in another order
  const orders = [
    [0, 1, 2],
    [2, 1, 0],
    [1, 0, 2],
    [2, 0, 1],
  ];
  await Promise.all(
    Array.from({ length: 8 }, (_, w) =>
      recordBeacons(
        access,
        orders[w % 4]!.map((i) => play(i, `viewer-${w}-${i}`)),
      ),
    ),
  );
  const range = dayRangeOf({});
  for (const itemId of items) assert.equal((await contentAudience(access, itemId, range)).totals.views, 8);
  const owner = (await ownerAudience(access, ownerId, range)).totals;
  assert.equal(owner.views, 24);
  assert.equal(owner.uniqueViewers, 24);
});

test("a write whose events' ids are not one run (another node's between them) rolls up by their list", async () => {
  const access = await integrationDbAccess();
  const { recordBeacons } = await import("../../src/server/domain/analytics/record-beacons");
  const { contentAudience, dayRangeOf } = await import("../../src/server/domain/analytics/audience-reads");
  const ownerId = randomUUID();
  const itemId = randomUUID();
  const at = Date.now() - 60_000;
  const play = (v: string): ReceivedBatch => ({
    session: { sessionId: randomUUID(), kind: "cast", itemId, ownerId, source: "watch", durationSeconds: 6, issuedAt: at },
    viewerHash: v,
    receivedAt: at + 7_000,
    beacons: [{ type: "start" }, { type: "progress", position: 6 }],
  });
  // every other id is another node's, written at the same time and not rolled up by this write: the
  // write's ids are no range, and the range between them holds the other node's events
  const step = (n: number) => access.sql.transaction((query) => query(`ALTER SEQUENCE "AnalyticsEvent_id_seq" INCREMENT BY ${n}`, []));
  const otherItem = randomUUID();
  await access.sql.transaction(async (query) => {
    const [{ last }] = (await query<{ last: string }>(`SELECT nextval('"AnalyticsEvent_id_seq"')::text AS "last"`, [])) as [
      { last: string },
    ];
    await query(
      `INSERT INTO "AnalyticsEvent" ("id", "sessionId", "kind", "itemId", "ownerId", "ownerPlay", "viewerHash", "source", "type", "watched", "firsts")
       SELECT g, gen_random_uuid(), 'cast', $1, $2, false, 'other-node', 'watch', 'view', 6, 3 FROM generate_series($3::bigint + 1, $3::bigint + 39, 2) g`,
      [otherItem, ownerId, last],
    );
  });
  await step(2);
  try {
    await recordBeacons(access, [play("viewer-a"), play("viewer-b")]);
  } finally {
    await step(1);
  }
  const ids = await access.sql.read<{ id: string }>(`SELECT "id"::text AS "id" FROM "AnalyticsEvent" WHERE "itemId" = $1 ORDER BY "id"`, [
    itemId,
  ]);
  assert.ok(ids.length >= 4 && BigInt(ids.at(-1)!.id) - BigInt(ids[0]!.id) + 1n > BigInt(ids.length), "the write's ids have gaps");
  assert.equal((await contentAudience(access, otherItem, dayRangeOf({}))).totals.views, 0, "the other node's events are not this write's");
  const totals = (await contentAudience(access, itemId, dayRangeOf({}))).totals;
  assert.equal(totals.views, 2);
  assert.equal(totals.uniqueViewers, 2);
});
