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
// The rows go to the database as one JSON parameter per statement (json_to_recordset): a write
// carries a thousand events at 2,000 batches a second, and JSON.stringify builds their text at once
// where the driver's array parameters built it piece by piece (a fifth of the intake's allocations).

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
/** Rows given as a JSON array of objects (parameter `param`), read as `alias` with these typed columns. */
const jsonRows = (param: string, alias: string, columns: string) =>
  `json_to_recordset(${param}::json) AS ${alias}(${columns
    .split(",")
    .map((c) => c.trim().split(" "))
    .map(([name, type]) => `"${name}" ${type}`)
    .join(", ")})`;

const INSERT_SESSIONS = `
INSERT INTO "AnalyticsSession" ("id", "kind", "itemId", "ownerId", "viewerHash", "ownerPlay", "source", "embedHost", "country",
  "durationSeconds", "issuedAt", "lastBeaconAt", "creditedAt")
SELECT n.id, n.kind, n.item, n.owner, n.vh, n.own, n.source, n.host, n.country, n.duration, ${ts("n.issued")}, ${ts("n.issued")}, ${ts("n.issued")}
FROM ${jsonRows("$1", "n", "id uuid, kind text, item text, owner text, vh text, own bool, source text, host text, country text, duration float8, issued float8")}
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
FROM ${jsonRows("$1", "c", "sid uuid, item text, vh text, owner text")}`;

const UPDATE_SESSIONS = `
UPDATE "AnalyticsSession" s SET "watchedSeconds" = u.watched, "position" = u.position, "buckets" = u.buckets,
  "creditedAt" = ${ts("u.credited")}, "lastBeaconAt" = ${ts("u.last")},
  "viewAt" = CASE WHEN u.view IS NULL THEN NULL ELSE ${ts("u.view")} END, "viewCounted" = u.counted,
  "startupMs" = u.startup, "errored" = u.errored, "endedAt" = CASE WHEN u.ended IS NULL THEN NULL ELSE ${ts("u.ended")} END
FROM ${jsonRows("$1", "u", "id uuid, watched float8, position float8, buckets int, credited float8, last float8, view float8, counted bool, startup int, errored bool, ended float8")}
WHERE s."id" = u.id`;

// the ids appended: their range when it holds no other (as when no other node appended meanwhile), else the list
const INSERT_EVENTS = `
WITH added AS (
INSERT INTO "AnalyticsEvent" ("at", "sessionId", "kind", "itemId", "ownerId", "ownerPlay", "viewerHash", "source", "embedHost", "country",
  "type", "position", "value", "watched", "buckets", "firsts", "detail")
SELECT ${ts("e.at")}, e.sid, e.kind, e.item, e.owner, e.own, e.vh, e.source, e.host, e.country, e.type, e.position, e.value, e.watched,
  e.buckets, e.firsts, e.detail
FROM ${jsonRows("$1", "e", "at float8, sid uuid, kind text, item text, owner text, own bool, vh text, source text, host text, country text, type text, position float8, value float8, watched float8, buckets int, firsts int, detail text")}
RETURNING "id")
SELECT min("id")::text AS "fromId", max("id")::text AS "toId",
  CASE WHEN count(*) = max("id") - min("id") + 1 THEN NULL ELSE array_agg("id"::text) END AS "ids"
FROM added`;

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
          JSON.stringify(
            firsts.map((b) => ({
              id: b.session.sessionId,
              kind: b.session.kind,
              item: b.session.itemId,
              owner: b.session.ownerId,
              vh: b.viewerHash,
              own: ownerPlayOf(b.session),
              source: b.session.source,
              host: b.session.embedHost,
              country: b.country,
              duration: b.session.durationSeconds,
              issued: b.session.issuedAt,
            })),
          ),
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
    await query(UPDATE_SESSIONS, [sessionRows(states)]);
    if (events.length) {
      const [added] = await query<{ fromId: string; toId: string; ids: string[] | null }>(INSERT_EVENTS, [eventRows(events)]);
      await rollUpEvents(query, added!.ids ? { ids: added!.ids } : { fromId: added!.fromId, toId: added!.toId });
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
        JSON.stringify(
          reached.map(({ first }) => ({
            sid: first.session.sessionId,
            item: first.session.itemId,
            vh: first.viewerHash,
            owner: first.session.ownerId,
          })),
        ),
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

/** UPDATE_SESSIONS' rows (undefined members are left out: NULL). */
function sessionRows(states: Map<string, { state: SessionState }>): string {
  return JSON.stringify(
    [...states.entries()].map(([id, { state: s }]) => ({
      id,
      watched: s.watchedSeconds,
      position: s.position,
      buckets: s.buckets,
      credited: s.creditedAt,
      last: s.lastBeaconAt,
      view: s.viewAt,
      counted: s.viewCounted,
      startup: s.startupMs,
      errored: s.errored,
      ended: s.endedAt,
    })),
  );
}

/** INSERT_EVENTS' rows. */
function eventRows(events: StoredEvent[]): string {
  return JSON.stringify(
    events.map((e) => ({
      at: e.at,
      sid: e.session.sessionId,
      kind: e.session.kind,
      item: e.session.itemId,
      owner: e.session.ownerId,
      own: e.ownerPlay,
      vh: e.viewerHash,
      source: e.session.source,
      host: e.session.embedHost,
      country: e.country,
      type: e.type,
      position: e.position,
      value: e.value,
      watched: e.watched,
      buckets: e.buckets,
      firsts: e.firsts,
      detail: e.detail,
    })),
  );
}
