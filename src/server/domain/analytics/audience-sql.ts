import { RETENTION_BUCKETS } from "./credit-beacons";

// The aggregation of raw events (AnalyticsEvent) into a day's audience, which the rollup adds to the
// days (rollup.ts, into AnalyticsDaily and AnalyticsOwnerDaily), and the counts the reads add up
// (audience-reads.ts). Owners' own plays count in ownerViews and ownerWatchSeconds and nowhere else.

/** Upper bounds (ms) of the startup-time histogram's buckets; the last bucket holds everything above. */
export const STARTUP_BOUNDS_MS = [250, 500, 750, 1000, 1500, 2000, 3000, 4000, 6000, 8000, 12_000, 20_000, 30_000];

/** What a day of one content (or of one owner) counts; the rollup tables' columns. */
export interface AudienceCounts {
  views: number;
  ownerViews: number;
  uniqueViewers: number;
  watchSeconds: number;
  ownerWatchSeconds: number;
  sessions: number;
  errorSessions: number;
  rebufferSeconds: number;
  /** counts per bucket of STARTUP_BOUNDS_MS (one more than the bounds) */
  startups: number[];
  /** views still watching at each twentieth (content rollups only) */
  retention: number[];
}

const AUDIENCE = `NOT e."ownerPlay"`;
const startupBucket = (i: number) =>
  `count(*) FILTER (WHERE e."type" = 'startup' AND ${AUDIENCE} AND width_bucket(e."value", ARRAY[${STARTUP_BOUNDS_MS.join(",")}]::float8[]) = ${i})::int`;
const retentionBucket = (i: number) => `coalesce(sum((e."buckets" >> ${i}) & 1) FILTER (WHERE ${AUDIENCE}), 0)::int`;

/**
 * The counts' select list over events `e`: a content's (unique viewers: the viewer's first view of it
 * that day; with the retention counts) or an owner's (unique viewers: first view of any of their
 * contents; no retention, the dearest part to count).
 */
export function countsSelect(of: "content" | "owner"): string {
  const firstsBit = of === "content" ? 1 : 2;
  return `
  count(*) FILTER (WHERE e."type" = 'view' AND ${AUDIENCE})::int AS "views",
  count(*) FILTER (WHERE e."type" = 'view' AND e."ownerPlay")::int AS "ownerViews",
  count(*) FILTER (WHERE e."type" = 'view' AND ${AUDIENCE} AND e."firsts" & ${firstsBit} <> 0)::int AS "uniqueViewers",
  coalesce(sum(e."watched") FILTER (WHERE ${AUDIENCE}), 0)::float8 AS "watchSeconds",
  coalesce(sum(e."watched") FILTER (WHERE e."ownerPlay"), 0)::float8 AS "ownerWatchSeconds",
  count(*) FILTER (WHERE e."type" = 'start' AND ${AUDIENCE})::int AS "sessions",
  count(*) FILTER (WHERE e."type" = 'error' AND e."value" = 1 AND ${AUDIENCE})::int AS "errorSessions",
  (coalesce(sum(e."value") FILTER (WHERE e."type" = 'rebuffer' AND ${AUDIENCE}), 0) / 1000.0)::float8 AS "rebufferSeconds",
  ARRAY[${STARTUP_BOUNDS_MS.map((_, i) => startupBucket(i)).join(", ")}, ${startupBucket(STARTUP_BOUNDS_MS.length)}] AS "startups"${
    of === "content"
      ? `,
  ARRAY[${Array.from({ length: RETENTION_BUCKETS }, (_, i) => retentionBucket(i)).join(", ")}] AS "retention"`
      : ""
  }`;
}

/** The instant of a parameter in epoch milliseconds, as the timestamp columns hold instants (UTC). */
export const sqlInstant = (param: string) => `(to_timestamp(${param} / 1000.0) AT TIME ZONE 'UTC')`;

/** The day (UTC) of event `e`, as text. */
export const EVENT_DAY = `to_char(e."at", 'YYYY-MM-DD')`;

/** Views by source, embedding host and country over events `e` matching `where`, per `keys` (their select list and group by). */
export function breakdownSelect(keys: { select: string; group: string }, where: string): string {
  const views = (dimension: string, column: string) => `
SELECT ${keys.select}, '${dimension}' AS "dimension", ${column} AS "key", count(*)::int AS "views" FROM "AnalyticsEvent" e
  WHERE ${where} AND e."type" = 'view' AND ${AUDIENCE} AND ${column} IS NOT NULL GROUP BY ${keys.group}, ${column}`;
  return [views("source", `e."source"`), views("embedHost", `e."embedHost"`), views("country", `e."country"`)].join("\nUNION ALL");
}

export const emptyCounts = (): AudienceCounts => ({
  views: 0,
  ownerViews: 0,
  uniqueViewers: 0,
  watchSeconds: 0,
  ownerWatchSeconds: 0,
  sessions: 0,
  errorSessions: 0,
  rebufferSeconds: 0,
  startups: new Array<number>(STARTUP_BOUNDS_MS.length + 1).fill(0),
  retention: new Array<number>(RETENTION_BUCKETS).fill(0),
});

const addArrays = (a: number[], b: number[] | null | undefined) => a.map((x, i) => x + Number(b?.[i] ?? 0));

/** `into` plus `row` (a row of the rollups or of the aggregation; numbers may arrive as strings). */
export function addCounts(into: AudienceCounts, row: Record<string, unknown>): AudienceCounts {
  const n = (v: unknown) => Number(v ?? 0);
  return {
    views: into.views + n(row.views),
    ownerViews: into.ownerViews + n(row.ownerViews),
    uniqueViewers: into.uniqueViewers + n(row.uniqueViewers),
    watchSeconds: into.watchSeconds + n(row.watchSeconds),
    ownerWatchSeconds: into.ownerWatchSeconds + n(row.ownerWatchSeconds),
    sessions: into.sessions + n(row.sessions),
    errorSessions: into.errorSessions + n(row.errorSessions),
    rebufferSeconds: into.rebufferSeconds + n(row.rebufferSeconds),
    startups: addArrays(into.startups, row.startups as number[] | null),
    retention: addArrays(into.retention, row.retention as number[] | null),
  };
}

/** The startup time (ms) under which a share `q` of the sessions started, read from the histogram (linear within a bucket); null without any. */
export function startupQuantile(startups: number[], q: number): number | null {
  const total = startups.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  const target = q * total;
  let seen = 0;
  for (let i = 0; i < startups.length; i++) {
    const count = startups[i]!;
    if (count > 0 && seen + count >= target) {
      const low = i === 0 ? 0 : STARTUP_BOUNDS_MS[i - 1]!;
      const high = STARTUP_BOUNDS_MS[i] ?? low * 2;
      return Math.round(low + ((target - seen) / count) * (high - low));
    }
    seen += count;
  }
  return STARTUP_BOUNDS_MS[STARTUP_BOUNDS_MS.length - 1]!;
}
