import type { DbAccess, DbOrTx } from "@/server/db/client";
import { breakdownSelect, countsSelect, EVENT_DAY, sqlInstant as ts } from "./audience-sql";

// The rollup (periodic task analytics.rollup, workers/sweeps.ts): the raw events after the mark
// (AnalyticsRollupState.lastEventId) are added, in one transaction, to their contents' days
// (AnalyticsDaily) and their owners' days (AnalyticsOwnerDaily), and the mark moves to the last of
// them. The reads add the events after the mark (audience-reads.ts), in one statement, so a view
// shows at once and is never counted twice.
// The mark is an id, not a time: the transaction first locks the table against inserts (EXCLUSIVE
// lets reads through and waits for the intakes writing now), so every event with an id up to the
// last one it sees is committed and none can appear below it later. An intake waits for the rollup
// (tens of milliseconds), the players never do (the intake answers before it writes).

const DAY_MS = 86_400_000;
/** A session's state is needed for its play (at most 12 h) and its viewer's day: two days is plenty. */
const SESSION_KEEP_MS = 2 * DAY_MS;

/** The mark, in SQL: the last event rolled up (0 before the first rollup). */
export const ROLLED_UP_TO = `(SELECT coalesce(max("lastEventId"), 0) FROM "AnalyticsRollupState")`;

const COUNT_COLUMNS = [
  "views",
  "ownerViews",
  "uniqueViewers",
  "watchSeconds",
  "ownerWatchSeconds",
  "sessions",
  "errorSessions",
  "rebufferSeconds",
  "startups",
  "retention",
];
const quoted = (columns: string[]) => columns.map((c) => `"${c}"`).join(", ");
const addArrays = (table: string, column: string) =>
  `(SELECT array_agg(coalesce(x.a, 0) + coalesce(x.b, 0) ORDER BY x.i) FROM unnest(${table}."${column}", EXCLUDED."${column}") WITH ORDINALITY AS x(a, b, i))`;
const addTo = (table: string, columns: string[]) =>
  columns
    .map((c) => (c === "startups" || c === "retention" ? `"${c}" = ${addArrays(table, c)}` : `"${c}" = ${table}."${c}" + EXCLUDED."${c}"`))
    .join(", ");
const addJson = (a: string, b: string) =>
  `(SELECT coalesce(jsonb_object_agg(k, t), '{}'::jsonb) FROM (SELECT k, sum(v::numeric)::int AS t FROM (SELECT key AS k, value AS v FROM jsonb_each_text(${a}) UNION ALL SELECT key, value FROM jsonb_each_text(${b})) u GROUP BY k) s)`;

const WINDOW = `e."id" > $1::bigint AND e."id" <= $2::bigint`;

const ADD_CONTENT_DAYS = `
INSERT INTO "AnalyticsDaily" ("itemId", "day", "kind", "ownerId", ${quoted(COUNT_COLUMNS)})
SELECT e."itemId", ${EVENT_DAY}::date, min(e."kind"), min(e."ownerId"), ${countsSelect("content")}
FROM "AnalyticsEvent" e WHERE ${WINDOW} GROUP BY e."itemId", ${EVENT_DAY}
ON CONFLICT ("itemId", "day") DO UPDATE SET ${addTo(`"AnalyticsDaily"`, COUNT_COLUMNS)}`;

const OWNER_COLUMNS = COUNT_COLUMNS.filter((c) => c !== "retention");
const ADD_OWNER_DAYS = `
INSERT INTO "AnalyticsOwnerDaily" ("ownerId", "day", ${quoted(OWNER_COLUMNS)})
SELECT e."ownerId", ${EVENT_DAY}::date, ${countsSelect("owner")} FROM "AnalyticsEvent" e WHERE ${WINDOW} GROUP BY e."ownerId", ${EVENT_DAY}
ON CONFLICT ("ownerId", "day") DO UPDATE SET ${addTo(`"AnalyticsOwnerDaily"`, OWNER_COLUMNS)}`;

// every content day with views has its row from ADD_CONTENT_DAYS (same window)
const ADD_BREAKDOWNS = `
UPDATE "AnalyticsDaily" d SET
  "sources" = ${addJson(`d."sources"`, `b."sources"`)},
  "embedHosts" = ${addJson(`d."embedHosts"`, `b."embedHosts"`)},
  "countries" = ${addJson(`d."countries"`, `b."countries"`)}
FROM (
  SELECT z."itemId", z."day",
    coalesce(jsonb_object_agg(z."key", z."views") FILTER (WHERE z."dimension" = 'source'), '{}'::jsonb) AS "sources",
    coalesce(jsonb_object_agg(z."key", z."views") FILTER (WHERE z."dimension" = 'embedHost'), '{}'::jsonb) AS "embedHosts",
    coalesce(jsonb_object_agg(z."key", z."views") FILTER (WHERE z."dimension" = 'country'), '{}'::jsonb) AS "countries"
  FROM (${breakdownSelect({ select: `e."itemId" AS "itemId", ${EVENT_DAY} AS "day"`, group: `e."itemId", ${EVENT_DAY}` }, WINDOW)}) z
  GROUP BY z."itemId", z."day"
) b
WHERE d."itemId" = b."itemId" AND d."day" = b."day"::date`;

/** One run: the events after the mark rolled up; how many. */
export async function rollUpAnalytics({ sql }: DbAccess): Promise<number> {
  return sql.transaction(async (query) => {
    await query(`LOCK TABLE "AnalyticsEvent" IN EXCLUSIVE MODE`, []);
    await query(`INSERT INTO "AnalyticsRollupState" ("id", "lastEventId") VALUES (1, 0) ON CONFLICT ("id") DO NOTHING`, []);
    const [{ from, to, events }] = (await query<{ from: string; to: string; events: number }>(
      `SELECT ${ROLLED_UP_TO}::text AS "from", coalesce(max(e."id"), ${ROLLED_UP_TO})::text AS "to", count(*)::int AS "events"
       FROM "AnalyticsEvent" e WHERE e."id" > ${ROLLED_UP_TO}`,
      [],
    )) as [{ from: string; to: string; events: number }];
    if (Number(events) === 0) return 0;
    await query(ADD_CONTENT_DAYS, [from, to]);
    await query(ADD_OWNER_DAYS, [from, to]);
    await query(ADD_BREAKDOWNS, [from, to]);
    await query(`UPDATE "AnalyticsRollupState" SET "lastEventId" = $1::bigint WHERE "id" = 1`, [to]);
    return Number(events);
  });
}

/**
 * The sweep (analytics.raw): raw events older than `rawDays` that are rolled up, and sessions
 * older than two days, go; the rollups stay as long as their contents' owners.
 */
export async function deleteOldAnalytics({ sql }: DbAccess, rawDays: number, now = Date.now()): Promise<number> {
  return sql.transaction(async (query) => {
    const events = await query<{ n: number }>(
      `WITH gone AS (DELETE FROM "AnalyticsEvent" WHERE "at" < ${ts("$1")} AND "id" <= ${ROLLED_UP_TO} RETURNING 1)
       SELECT count(*)::int AS "n" FROM gone`,
      [now - rawDays * DAY_MS],
    );
    const sessions = await query<{ n: number }>(
      `WITH gone AS (DELETE FROM "AnalyticsSession" WHERE "issuedAt" < ${ts("$1")} RETURNING 1) SELECT count(*)::int AS "n" FROM gone`,
      [now - SESSION_KEEP_MS],
    );
    return Number(events[0]?.n ?? 0) + Number(sessions[0]?.n ?? 0);
  });
}

/** A deleted account's analytics: its contents' events, sessions, days and live samples (in the deletion's transaction). */
export async function deleteAnalyticsOf(tx: DbOrTx, ownerId: string): Promise<void> {
  const items = await tx.analyticsDaily.findMany({ where: { ownerId, kind: { in: ["live", "cast"] } }, select: { itemId: true } });
  const sessions = await tx.analyticsSession.findMany({ where: { ownerId, kind: { in: ["live", "cast"] } }, select: { itemId: true } });
  const live = [...new Set([...items, ...sessions].map((r) => r.itemId))];
  await tx.analyticsLiveSample.deleteMany({ where: { itemId: { in: live } } });
  await tx.analyticsEvent.deleteMany({ where: { ownerId } });
  await tx.analyticsSession.deleteMany({ where: { ownerId } });
  await tx.analyticsDaily.deleteMany({ where: { ownerId } });
  await tx.analyticsOwnerDaily.deleteMany({ where: { ownerId } });
}
