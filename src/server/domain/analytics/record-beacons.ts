import type { DbAccess } from "@/server/db/client";
import type { DirectRead } from "@/server/db/sql-runner";
import type { PlaySession } from "@/server/auth/play-session";
import { sqlInstant as ts } from "./audience-sql";
import { rollUpEvents } from "./rollup";
import { creditBeacons, viewEvent, type Beacon, type CreditedEvent, type SessionState } from "./credit-beacons";

// The intake's write (intake.ts), one driver transaction for the batches received since the last one
// (a second's, or fewer when they come fast): the sessions' states are locked (FOR UPDATE: another
// node writing the same session waits), credited (credit-beacons.ts), a view counted once per viewer
// and item per 30 minutes, the raw events appended and rolled up into their days (rollup.ts); vods'
// view counts and live events' concurrent viewers are brought up to date in the same transaction.

/** A batch of one play session as the intake received it. */
export interface ReceivedBatch {
  session: PlaySession;
  viewerHash: string;
  receivedAt: number;
  beacons: Beacon[];
  country?: string;
}

/** A viewer's views of one item count once per this long. */
export const VIEW_REPEAT_MS = 30 * 60_000;
/** A live viewer is concurrent while their player's beacons keep coming (one every 10 s). */
export const CONCURRENT_WINDOW_MS = 30_000;

const ms = (column: string) => `(EXTRACT(EPOCH FROM ${column}) * 1000)::float8`;

const INSERT_SESSIONS = `
INSERT INTO "AnalyticsSession" ("id", "kind", "itemId", "ownerId", "viewerHash", "ownerPlay", "source", "embedHost", "country",
  "durationSeconds", "issuedAt", "lastBeaconAt", "creditedAt")
SELECT n.id, n.kind, n.item, n.owner, n.vh, n.own, n.source, n.host, n.country, n.duration, ${ts("n.issued")}, ${ts("n.issued")}, ${ts("n.issued")}
FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bool[], $7::text[], $8::text[], $9::text[], $10::float8[], $11::float8[])
  AS n(id, kind, item, owner, vh, own, source, host, country, duration, issued)
ON CONFLICT ("id") DO NOTHING
RETURNING "id"::text AS "id"`;

const LOCK_SESSIONS = `
SELECT "id"::text AS "id", "viewerHash", "watchedSeconds", "position", "buckets", ${ms(`"creditedAt"`)} AS "creditedAt",
  ${ms(`"lastBeaconAt"`)} AS "lastBeaconAt", ${ms(`"viewAt"`)} AS "viewAt", "viewCounted", "startupMs", "errored", ${ms(`"endedAt"`)} AS "endedAt"
FROM "AnalyticsSession" WHERE "id" = ANY($1::uuid[]) ORDER BY "id" FOR UPDATE`;

// for each session reaching a view: the viewer's last counted view of the item, and whether they
// viewed any of the owner's contents before (a viewer hash is one UTC day's: "before" is that day)
const EARLIER_VIEWS = `
SELECT c.sid::text AS "sid",
  (SELECT ${ms(`max(s."viewAt")`)} FROM "AnalyticsSession" s
    WHERE s."itemId" = c.item AND s."viewerHash" = c.vh AND s."viewCounted" AND s."id" <> c.sid) AS "lastViewAt",
  EXISTS (SELECT 1 FROM "AnalyticsSession" s
    WHERE s."ownerId" = c.owner AND s."viewerHash" = c.vh AND s."viewCounted" AND s."id" <> c.sid) AS "ownerSeen"
FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS c(sid, item, vh, owner)`;

const UPDATE_SESSIONS = `
UPDATE "AnalyticsSession" s SET "watchedSeconds" = u.watched, "position" = u.position, "buckets" = u.buckets,
  "creditedAt" = ${ts("u.credited")}, "lastBeaconAt" = ${ts("u.last")},
  "viewAt" = CASE WHEN u.view IS NULL THEN NULL ELSE ${ts("u.view")} END, "viewCounted" = u.counted,
  "startupMs" = u.startup, "errored" = u.errored, "endedAt" = CASE WHEN u.ended IS NULL THEN NULL ELSE ${ts("u.ended")} END
FROM unnest($1::uuid[], $2::float8[], $3::float8[], $4::int[], $5::float8[], $6::float8[], $7::float8[], $8::bool[], $9::int[], $10::bool[], $11::float8[])
  AS u(id, watched, position, buckets, credited, last, view, counted, startup, errored, ended)
WHERE s."id" = u.id`;

const INSERT_EVENTS = `
INSERT INTO "AnalyticsEvent" ("at", "sessionId", "kind", "itemId", "ownerId", "ownerPlay", "viewerHash", "source", "embedHost", "country",
  "type", "position", "value", "watched", "buckets", "firsts", "detail")
SELECT ${ts("e.at")}, e.sid, e.kind, e.item, e.owner, e.own, e.vh, e.source, e.host, e.country, e.type, e.position, e.value, e.watched,
  e.buckets, e.firsts, e.detail
FROM unnest($1::float8[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::bool[], $7::text[], $8::text[], $9::text[], $10::text[],
  $11::text[], $12::float8[], $13::float8[], $14::float8[], $15::int[], $16::int[], $17::text[])
  AS e(at, sid, kind, item, owner, own, vh, source, host, country, type, position, value, watched, buckets, firsts, detail)
RETURNING "id"::text AS "id"`;

// a vod deleted meanwhile is skipped (its views go with it)
const ADD_VOD_VIEWS = `
INSERT INTO "VodViews" ("vodId", "views")
SELECT u.id, u.n FROM unnest($1::uuid[], $2::int[]) AS u(id, n) WHERE EXISTS (SELECT 1 FROM "VodItem" v WHERE v."id" = u.id)
ON CONFLICT ("vodId") DO UPDATE SET "views" = "VodViews"."views" + EXCLUDED."views"`;

const SAMPLE_CONCURRENT = `
INSERT INTO "AnalyticsLiveSample" ("itemId", "minute", "viewers")
SELECT s."itemId", date_trunc('minute', ${ts("$2")}), count(*)::int FROM "AnalyticsSession" s
WHERE s."itemId" = ANY($1::text[]) AND NOT s."ownerPlay" AND s."endedAt" IS NULL AND s."lastBeaconAt" > ${ts("$3")}
GROUP BY s."itemId" ORDER BY 1
ON CONFLICT ("itemId", "minute") DO UPDATE SET "viewers" = GREATEST("AnalyticsLiveSample"."viewers", EXCLUDED."viewers")`;

interface StateRow extends Record<string, unknown> {
  id: string;
  viewerHash: string;
  watchedSeconds: number;
  position: number;
  buckets: number;
  creditedAt: number;
  lastBeaconAt: number;
  viewAt: number | null;
  viewCounted: boolean;
  startupMs: number | null;
  errored: boolean;
  endedAt: number | null;
}

interface StoredEvent extends CreditedEvent {
  at: number;
  session: PlaySession;
  viewerHash: string;
  ownerPlay: boolean;
  country?: string;
  firsts: number;
}

const ownerPlayOf = (s: PlaySession) => s.viewerId !== undefined && s.viewerId === s.ownerId;

/** Writes `batches` (received in order) in one transaction. */
export async function recordBeacons({ sql }: DbAccess, batches: ReceivedBatch[]): Promise<void> {
  // each session's first batch names it; later ones of the same flush follow it
  const bySession = new Map<string, ReceivedBatch[]>();
  for (const b of batches) bySession.set(b.session.sessionId, [...(bySession.get(b.session.sessionId) ?? []), b]);
  const firsts = [...bySession.values()].map((list) => list[0]!);
  await sql.transaction(async (query) => {
    const created = new Set(
      (
        await query<{ id: string }>(INSERT_SESSIONS, [
          firsts.map((b) => b.session.sessionId),
          firsts.map((b) => b.session.kind),
          firsts.map((b) => b.session.itemId),
          firsts.map((b) => b.session.ownerId),
          firsts.map((b) => b.viewerHash),
          firsts.map((b) => ownerPlayOf(b.session)),
          firsts.map((b) => b.session.source),
          firsts.map((b) => b.session.embedHost ?? null),
          firsts.map((b) => b.country ?? null),
          firsts.map((b) => b.session.durationSeconds),
          firsts.map((b) => b.session.issuedAt),
        ])
      ).map((r) => r.id),
    );
    const rows = await query<StateRow>(LOCK_SESSIONS, [[...bySession.keys()]]);
    const states = new Map(rows.map((r) => [r.id, { row: r, state: stateOf(r) }]));
    const events: StoredEvent[] = [];
    const reached: Array<{ first: ReceivedBatch; at: number }> = [];
    for (const [sessionId, list] of bySession) {
      const known = states.get(sessionId);
      if (!known) continue;
      // a session's viewer is the one of its first beacons (a hash is one day's)
      const first = { ...list[0]!, viewerHash: known.row.viewerHash };
      const ownerPlay = ownerPlayOf(first.session);
      const stored = (e: CreditedEvent, at: number): StoredEvent => ({
        ...e,
        at,
        session: first.session,
        viewerHash: first.viewerHash,
        ownerPlay,
        country: first.country,
        firsts: 0,
      });
      if (created.has(sessionId)) events.push(stored({ type: "start", watched: 0, buckets: 0 }, list[0]!.receivedAt));
      let state = known.state;
      for (const batch of list) {
        const credited = creditBeacons(first.session, state, batch.beacons, batch.receivedAt);
        state = credited.state;
        events.push(...credited.events.map((e) => stored(e, batch.receivedAt)));
        if (credited.reachedView) reached.push({ first, at: batch.receivedAt });
      }
      known.state = state;
    }
    await countViews(query, reached, states, events);
    await query(UPDATE_SESSIONS, sessionColumns(states));
    if (events.length) {
      const appended = await query<{ id: string }>(INSERT_EVENTS, eventColumns(events));
      await rollUpEvents(query, { ids: appended.map((r) => r.id) });
    }
    const vodViews = new Map<string, number>();
    for (const e of events)
      if (e.type === "view" && !e.ownerPlay && e.session.kind === "vod")
        vodViews.set(e.session.itemId, (vodViews.get(e.session.itemId) ?? 0) + 1);
    const vods = [...vodViews.keys()].sort(); // rows locked in key order, as the days (rollup.ts)
    if (vods.length) await query(ADD_VOD_VIEWS, [vods, vods.map((id) => vodViews.get(id)!)]);
    const live = [...new Set(firsts.filter((b) => b.session.kind === "live" || b.session.kind === "cast").map((b) => b.session.itemId))];
    const now = Math.max(...batches.map((b) => b.receivedAt));
    if (live.length) await query(SAMPLE_CONCURRENT, [live, now, now - CONCURRENT_WINDOW_MS]);
  });
}

/**
 * The sessions that reached a view's watched time: each counts unless its viewer had a counted
 * view of the item in the last 30 minutes (earlier flushes, or this one). A counted view's event
 * carries the twentieths watched so far, and `firsts` (bit 1: the viewer's first view of the item
 * that day, bit 2: of the owner's contents).
 */
async function countViews(
  query: DirectRead,
  reached: Array<{ first: ReceivedBatch; at: number }>,
  states: Map<string, { state: SessionState }>,
  events: StoredEvent[],
): Promise<void> {
  if (reached.length === 0) return;
  const earlier = new Map(
    (
      await query<{ sid: string; lastViewAt: number | null; ownerSeen: boolean }>(EARLIER_VIEWS, [
        reached.map((r) => r.first.session.sessionId),
        reached.map((r) => r.first.session.itemId),
        reached.map((r) => r.first.viewerHash),
        reached.map((r) => r.first.session.ownerId),
      ])
    ).map((r) => [r.sid, r]),
  );
  // views counted in this flush, by item and viewer, and owners a viewer saw in it
  const lastView = new Map<string, number>();
  const ownersSeen = new Set<string>();
  for (const { first, at } of reached) {
    const { session, viewerHash } = first;
    const itemKey = `${session.itemId}\0${viewerHash}`;
    const ownerKey = `${session.ownerId}\0${viewerHash}`;
    const before = earlier.get(session.sessionId);
    const last = Math.max(before?.lastViewAt ?? -Infinity, lastView.get(itemKey) ?? -Infinity);
    if (at - last < VIEW_REPEAT_MS) continue;
    const entry = states.get(session.sessionId)!;
    entry.state = { ...entry.state, viewCounted: true };
    const firsts = (last === -Infinity ? 1 : 0) | (before?.ownerSeen || ownersSeen.has(ownerKey) ? 0 : 2);
    lastView.set(itemKey, at);
    ownersSeen.add(ownerKey);
    events.push({
      ...viewEvent(entry.state),
      at,
      session,
      viewerHash,
      ownerPlay: ownerPlayOf(session),
      country: first.country,
      firsts,
    });
  }
}

function stateOf(r: StateRow): SessionState {
  return {
    watchedSeconds: Number(r.watchedSeconds),
    position: Number(r.position),
    buckets: Number(r.buckets),
    creditedAt: Number(r.creditedAt),
    lastBeaconAt: Number(r.lastBeaconAt),
    viewAt: r.viewAt === null ? null : Number(r.viewAt),
    viewCounted: r.viewCounted,
    startupMs: r.startupMs === null ? null : Number(r.startupMs),
    errored: r.errored,
    endedAt: r.endedAt === null ? null : Number(r.endedAt),
  };
}

function sessionColumns(states: Map<string, { state: SessionState }>): unknown[] {
  const list = [...states.entries()];
  const col = <T>(f: (s: SessionState) => T) => list.map(([, { state }]) => f(state));
  return [
    list.map(([id]) => id),
    col((s) => s.watchedSeconds),
    col((s) => s.position),
    col((s) => s.buckets),
    col((s) => s.creditedAt),
    col((s) => s.lastBeaconAt),
    col((s) => s.viewAt),
    col((s) => s.viewCounted),
    col((s) => s.startupMs),
    col((s) => s.errored),
    col((s) => s.endedAt),
  ];
}

function eventColumns(events: StoredEvent[]): unknown[] {
  const col = <T>(f: (e: StoredEvent) => T) => events.map(f);
  return [
    col((e) => e.at),
    col((e) => e.session.sessionId),
    col((e) => e.session.kind),
    col((e) => e.session.itemId),
    col((e) => e.session.ownerId),
    col((e) => e.ownerPlay),
    col((e) => e.viewerHash),
    col((e) => e.session.source),
    col((e) => e.session.embedHost ?? null),
    col((e) => e.country ?? null),
    col((e) => e.type),
    col((e) => e.position ?? null),
    col((e) => e.value ?? null),
    col((e) => e.watched),
    col((e) => e.buckets),
    col((e) => e.firsts),
    col((e) => e.detail ?? null),
  ];
}
