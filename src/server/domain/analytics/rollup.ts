import type { DbAccess, DbOrTx } from "@/server/db/client";
import type { DirectRead } from "@/server/db/sql-runner";
import { breakdownSelect, countsSelect, EVENT_DAY, sqlInstant as ts } from "./audience-sql";

// The rollup: raw events (AnalyticsEvent) added to their contents' days (AnalyticsDaily) and their
// owners' days (AnalyticsOwnerDaily), which is all the reads read (audience-reads.ts). The intake's
// write rolls up the events it appends, in its own transaction (record-beacons.ts), so the days are
// never behind the raw events and a view shows as soon as it is written. Every count is a sum (a
// viewer's first view of the day is marked on its event at intake), so adding each write's events
// gives what one aggregation of them all would.
// Rows are upserted in key order (contents' days, then owners' days, after the sessions the write
// locked in id order): two nodes writing the same days take turns, never wait on each other in a circle.

const DAY_MS = 86_400_000;
/** A session's state is needed for its play (at most 12 h) and its viewer's day: two days is plenty. */
const SESSION_KEEP_MS = 2 * DAY_MS;

/** Which events: an id range (a write's when no other write's ids are among them, a backfill's as in bench/analytics-overview.ts), or their ids. */
export type EventWindow = { ids: string[] } | { fromId: string; toId: string };

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

const addContentDays = (window: string) => `
INSERT INTO "AnalyticsDaily" ("itemId", "day", "kind", "ownerId", ${quoted(COUNT_COLUMNS)})
SELECT e."itemId", ${EVENT_DAY}::date, min(e."kind"), min(e."ownerId"), ${countsSelect("content")}
FROM "AnalyticsEvent" e WHERE ${window} GROUP BY e."itemId", ${EVENT_DAY} ORDER BY 1, 2
ON CONFLICT ("itemId", "day") DO UPDATE SET ${addTo(`"AnalyticsDaily"`, COUNT_COLUMNS)}`;

const OWNER_COLUMNS = COUNT_COLUMNS.filter((c) => c !== "retention");
const addOwnerDays = (window: string) => `
INSERT INTO "AnalyticsOwnerDaily" ("ownerId", "day", ${quoted(OWNER_COLUMNS)})
SELECT e."ownerId", ${EVENT_DAY}::date, ${countsSelect("owner")} FROM "AnalyticsEvent" e WHERE ${window} GROUP BY e."ownerId", ${EVENT_DAY} ORDER BY 1, 2
ON CONFLICT ("ownerId", "day") DO UPDATE SET ${addTo(`"AnalyticsOwnerDaily"`, OWNER_COLUMNS)}`;

// every content day with views has its row from addContentDays (same window), locked by it
const addBreakdowns = (window: string) => `
UPDATE "AnalyticsDaily" d SET
  "sources" = ${addJson(`d."sources"`, `b."sources"`)},
  "embedHosts" = ${addJson(`d."embedHosts"`, `b."embedHosts"`)},
  "countries" = ${addJson(`d."countries"`, `b."countries"`)}
FROM (
  SELECT z."itemId", z."day",
    coalesce(jsonb_object_agg(z."key", z."views") FILTER (WHERE z."dimension" = 'source'), '{}'::jsonb) AS "sources",
    coalesce(jsonb_object_agg(z."key", z."views") FILTER (WHERE z."dimension" = 'embedHost'), '{}'::jsonb) AS "embedHosts",
    coalesce(jsonb_object_agg(z."key", z."views") FILTER (WHERE z."dimension" = 'country'), '{}'::jsonb) AS "countries"
  FROM (${breakdownSelect({ select: `e."itemId" AS "itemId", ${EVENT_DAY} AS "day"`, group: `e."itemId", ${EVENT_DAY}` }, window)}) z
  GROUP BY z."itemId", z."day"
) b
WHERE d."itemId" = b."itemId" AND d."day" = b."day"::date`;

const statementsOf = (window: string) => [addContentDays(window), addOwnerDays(window), addBreakdowns(window)];
const BY_IDS = statementsOf(`e."id" = ANY($1::bigint[])`);
const BY_RANGE = statementsOf(`e."id" BETWEEN $1::bigint AND $2::bigint`);

/** Adds the events of `window` to their days, in the caller's transaction (`query`). */
export async function rollUpEvents(query: DirectRead, window: EventWindow): Promise<void> {
  if ("ids" in window && window.ids.length === 0) return;
  const [statements, params] = "ids" in window ? [BY_IDS, [window.ids]] : [BY_RANGE, [window.fromId, window.toId]];
  for (const statement of statements) await query(statement, params);
}

/**
 * The sweep (analytics.raw): raw events older than `rawDays` (rolled up when written), and sessions
 * older than two days, go; the rollups stay as long as their contents' owners.
 */
export async function deleteOldAnalytics({ sql }: DbAccess, rawDays: number, now = Date.now()): Promise<number> {
  return sql.transaction(async (query) => {
    const events = await query<{ n: number }>(
      `WITH gone AS (DELETE FROM "AnalyticsEvent" WHERE "at" < ${ts("$1")} RETURNING 1)
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
