import { z } from "zod";
import { invalidField } from "@/server/core/errors";
import { zIsoDate } from "@/server/core/schema";
import type { DbAccess } from "@/server/db/client";
import { addCounts, emptyCounts, sqlInstant as ts, startupQuantile, type AudienceCounts } from "./audience-sql";
import { RETENTION_BUCKETS } from "./credit-beacons";

// The reads of the audience (docs/analytics.md "Reads"): a content's or an owner's days, which the
// intake's writes keep (rollup.ts), so a view counts in them as soon as the intake wrote it. Days are
// UTC days.

const DAY_MS = 86_400_000;
/** The longest range a read covers. */
export const MAX_RANGE_DAYS = 366;
/** Without from and to: the last 28 days, today included. */
const DEFAULT_RANGE_DAYS = 28;

export const dateRangeInput = z.object({
  from: zIsoDate().optional().describe("first day (UTC, YYYY-MM-DD); default 27 days before to"),
  to: zIsoDate().optional().describe("last day (UTC, YYYY-MM-DD), included; default today"),
});

export interface DayRange {
  from: string;
  to: string;
  fromMs: number;
  /** the end of `to` (exclusive) */
  endMs: number;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The range asked for: at most MAX_RANGE_DAYS, from not after to. */
export function dayRangeOf(input: z.output<typeof dateRangeInput>, now = Date.now()): DayRange {
  const to = input.to ?? dayOf(now);
  const from = input.from ?? dayOf(dayMs(to) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS);
  if (from > to) throw invalidField("from", "field.analyticsRange", { max: MAX_RANGE_DAYS });
  if (dayMs(to) - dayMs(from) >= MAX_RANGE_DAYS * DAY_MS) throw invalidField("from", "field.analyticsRange", { max: MAX_RANGE_DAYS });
  return { from, to, fromMs: dayMs(from), endMs: dayMs(to) + DAY_MS };
}

/** Every day of the range, in order. */
export const daysOf = (range: DayRange): string[] =>
  Array.from({ length: Math.round((range.endMs - range.fromMs) / DAY_MS) }, (_, i) => dayOf(range.fromMs + i * DAY_MS));

/** Views by source, embedding host and country. */
export interface Breakdown {
  sources: Record<string, number>;
  embedHosts: Record<string, number>;
  countries: Record<string, number>;
}

export interface Audience {
  totals: AudienceCounts;
  /** each day of the range, in order */
  days: Array<{ day: string } & AudienceCounts>;
  breakdown: Breakdown;
}

const IN_RANGE = `"day" >= ${ts("$2")}::date AND "day" < ${ts("$3")}::date`;
const COUNTS = `"views", "ownerViews", "uniqueViewers", "watchSeconds", "ownerWatchSeconds", "sessions", "errorSessions", "rebufferSeconds", "startups"`;

// a content's days, with its views by source, host and country
const CONTENT_DAYS = `
SELECT to_char("day", 'YYYY-MM-DD') AS "day", ${COUNTS}, "retention", "sources", "embedHosts", "countries"
FROM "AnalyticsDaily" WHERE "itemId" = $1 AND ${IN_RANGE}`;

const OWNER_DAYS = `
SELECT to_char("day", 'YYYY-MM-DD') AS "day", ${COUNTS} FROM "AnalyticsOwnerDaily" WHERE "ownerId" = $1 AND ${IN_RANGE}`;

type DayRow = { day: string } & Record<string, unknown>;

function addBreakdown(into: Record<string, number>, values: unknown): void {
  for (const [key, n] of Object.entries((values ?? {}) as Record<string, unknown>)) into[key] = (into[key] ?? 0) + Number(n);
}

function assemble(range: DayRange, rows: DayRow[]): Pick<Audience, "totals" | "days"> {
  const byDay = new Map(daysOf(range).map((day) => [day, emptyCounts()]));
  for (const row of rows) {
    const day = byDay.get(row.day);
    if (day) byDay.set(row.day, addCounts(day, row));
  }
  const days = [...byDay.entries()].map(([day, counts]) => ({ day, ...counts }));
  return { totals: days.reduce((total, d) => addCounts(total, d), emptyCounts()), days };
}

/** One content's audience over `range`. */
export async function contentAudience({ sql }: DbAccess, itemId: string, range: DayRange): Promise<Audience> {
  const rows = await sql.read<DayRow>(CONTENT_DAYS, [itemId, range.fromMs, range.endMs]);
  const breakdown: Breakdown = { sources: {}, embedHosts: {}, countries: {} };
  for (const row of rows) {
    addBreakdown(breakdown.sources, row.sources);
    addBreakdown(breakdown.embedHosts, row.embedHosts);
    addBreakdown(breakdown.countries, row.countries);
  }
  return { ...assemble(range, rows), breakdown };
}

/** An owner's audience over `range`, all their contents together (unique viewers: of any of them, per day). */
export async function ownerAudience({ sql }: DbAccess, ownerId: string, range: DayRange): Promise<Pick<Audience, "totals" | "days">> {
  return assemble(range, await sql.read<DayRow>(OWNER_DAYS, [ownerId, range.fromMs, range.endMs]));
}

// an owner's contents ranked by views over a range
const TOP_CONTENTS = `
SELECT "itemId", min("kind") AS "kind", sum("views")::int AS "views", sum("watchSeconds")::float8 AS "watchSeconds"
FROM "AnalyticsDaily" WHERE "ownerId" = $1 AND ${IN_RANGE}
GROUP BY "itemId" HAVING sum("views") > 0 OR sum("watchSeconds") > 0
ORDER BY 3 DESC, 4 DESC, 1 LIMIT $4`;

/** An owner's `limit` contents with the most views over `range` (then watch time). */
export async function topContentsOf(
  { sql }: DbAccess,
  ownerId: string,
  range: DayRange,
  limit: number,
): Promise<Array<{ itemId: string; kind: string; views: number; watchSeconds: number }>> {
  const rows = await sql.read<{ itemId: string; kind: string; views: number; watchSeconds: number }>(TOP_CONTENTS, [
    ownerId,
    range.fromMs,
    range.endMs,
    limit,
  ]);
  return rows.map((r) => ({ itemId: r.itemId, kind: r.kind, views: Number(r.views), watchSeconds: Number(r.watchSeconds) }));
}

/** The headline figures of some counts, as the REST reads give them. */
export interface AudienceSummary {
  views: number;
  uniqueViewers: number;
  watchTimeSeconds: number;
  averageViewSeconds: number;
  /** the share of views still watching at each twentieth of the duration (zeros before any view) */
  retention: number[];
  startupTimeMsP50: number | null;
  startupTimeMsP95: number | null;
  /** time stalled over time stalled and watched */
  rebufferRatio: number;
  /** sessions with an error over sessions */
  errorRate: number;
  sessions: number;
  ownerViews: number;
  ownerWatchTimeSeconds: number;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function summaryOf(c: AudienceCounts): AudienceSummary {
  return {
    views: c.views,
    uniqueViewers: c.uniqueViewers,
    watchTimeSeconds: round(c.watchSeconds, 1),
    averageViewSeconds: c.views ? round(c.watchSeconds / c.views, 1) : 0,
    retention: Array.from({ length: RETENTION_BUCKETS }, (_, i) => (c.views ? round(Math.min(1, (c.retention[i] ?? 0) / c.views), 4) : 0)),
    startupTimeMsP50: startupQuantile(c.startups, 0.5),
    startupTimeMsP95: startupQuantile(c.startups, 0.95),
    rebufferRatio: c.rebufferSeconds + c.watchSeconds > 0 ? round(c.rebufferSeconds / (c.rebufferSeconds + c.watchSeconds), 4) : 0,
    errorRate: c.sessions ? round(c.errorSessions / c.sessions, 4) : 0,
    sessions: c.sessions,
    ownerViews: c.ownerViews,
    ownerWatchTimeSeconds: round(c.ownerWatchSeconds, 1),
  };
}

/** A live event's (or channel's) concurrent viewers by minute over `[fromMs, toMs)`, and their peak. */
export async function concurrentViewers(
  { sql }: DbAccess,
  itemId: string,
): Promise<{ peakViewers: number; samples: Array<{ at: string; viewers: number }> }> {
  const rows = await sql.read<{ at: string; viewers: number }>(
    `SELECT to_char("minute", 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "at", "viewers" FROM "AnalyticsLiveSample" WHERE "itemId" = $1 ORDER BY "minute"`,
    [itemId],
  );
  return {
    peakViewers: rows.reduce((peak, r) => Math.max(peak, Number(r.viewers)), 0),
    samples: rows.map((r) => ({ at: r.at, viewers: Number(r.viewers) })),
  };
}
