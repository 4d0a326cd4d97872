import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { loadOwnVod } from "@/server/domain/vod/vod-item-view";
import { loadOwnEvent } from "@/server/domain/live/event-view";
import { env } from "@/server/env";
import {
  concurrentViewers,
  contentAudience,
  dateRangeInput,
  dayRangeOf,
  ownerAudience,
  summaryOf,
  topContentsOf,
  type AudienceSummary,
  type Breakdown,
  type DayRange,
} from "./audience-reads";
import { sqlInstant as ts, type AudienceCounts } from "./audience-sql";

// The creator's analytics (issue 28 item 3 and 4): a vod's, a live event's and the overview of all
// their contents, each with what it earned in the range. Only the owner reads them: anyone else's
// vod or event answers 404, as if it did not exist.

export const vodAnalyticsInput = dateRangeInput.extend({ vodId: z.string() });
export const eventAnalyticsInput = z.object({ eventId: z.string() });
export const overviewInput = dateRangeInput;
export const topContentsInput = dateRangeInput.extend({ limit: z.coerce.number().int().min(1).max(50).default(10) });

/** One of an owner's contents in the ranking: what it is (a vod, a live event, a cast channel), its name, its audience and earnings. */
export interface TopContent {
  kind: string;
  itemId: string;
  title: string;
  views: number;
  watchTimeSeconds: number;
  revenueCents: number;
}

/** One day of a series. */
export interface AudienceDay {
  date: string;
  views: number;
  uniqueViewers: number;
  watchTimeSeconds: number;
  revenueCents: number;
}

export interface VodAnalytics extends AudienceSummary {
  vodId: string;
  title: string;
  durationSeconds: number | null;
  from: string;
  to: string;
  series: AudienceDay[];
  breakdown: Breakdown;
  revenueCents: number;
  currency: string;
}

export interface EventAnalytics {
  eventId: string;
  name: string;
  peakViewers: number;
  views: number;
  watchTimeSeconds: number;
  uniqueViewers: number;
  /** concurrent viewers by minute */
  concurrency: Array<{ at: string; viewers: number }>;
  breakdown: Breakdown;
  revenueCents: number;
  currency: string;
}

export interface AnalyticsOverview extends AudienceSummary {
  from: string;
  to: string;
  series: AudienceDay[];
  revenueCents: number;
  currency: string;
}

const DAY_MS = 86_400_000;

const REVENUE = `
SELECT to_char(p."paidAt", 'YYYY-MM-DD') AS "day", sum(p."amountCents")::float8 AS "cents" FROM "Payment" p
WHERE p."sellerId" = $1::uuid AND p."status" = 'PAID' AND p."paidAt" >= ${ts("$2")} AND p."paidAt" < ${ts("$3")}
  AND ($4::text[] IS NULL OR p."itemId" = ANY($4::text[]))
GROUP BY 1`;

/** What the owner's paid sales of `itemIds` (all of theirs when absent) brought in over `range`, by day (gross, cents; refunded ones not). */
async function revenueByDay(
  ctx: Ctx,
  ownerId: string,
  range: Pick<DayRange, "fromMs" | "endMs">,
  itemIds?: string[],
): Promise<Map<string, number>> {
  const rows = await ctx.sql.read<{ day: string; cents: number }>(REVENUE, [ownerId, range.fromMs, range.endMs, itemIds ?? null]);
  return new Map(rows.map((r) => [r.day, Number(r.cents)]));
}

function seriesOf(days: Array<{ day: string } & AudienceCounts>, revenue: Map<string, number>): AudienceDay[] {
  return days.map((d) => ({
    date: d.day,
    views: d.views,
    uniqueViewers: d.uniqueViewers,
    watchTimeSeconds: Math.round(d.watchSeconds * 10) / 10,
    revenueCents: revenue.get(d.day) ?? 0,
  }));
}

const sum = (values: Iterable<number>) => [...values].reduce((a, b) => a + b, 0);

// GET /api/analytics/vods/{vodId}?from&to - one of the caller's vods
export async function vodAnalytics(ctx: Ctx, input: z.output<typeof vodAnalyticsInput>): Promise<VodAnalytics> {
  const ownerId = requireUserId(ctx);
  const vod = await loadOwnVod(ctx, ownerId, input.vodId, ctx.baseUrl);
  const range = dayRangeOf(input);
  const [audience, revenue] = await Promise.all([
    contentAudience(ctx, vod.view.vodId, range),
    revenueByDay(ctx, ownerId, range, [vod.view.vodId]),
  ]);
  return {
    vodId: vod.view.vodId,
    title: vod.view.title,
    durationSeconds: vod.view.durationSeconds,
    from: range.from,
    to: range.to,
    ...summaryOf(audience.totals),
    series: seriesOf(audience.days, revenue),
    breakdown: audience.breakdown,
    revenueCents: sum(revenue.values()),
    currency: env().CURRENCY,
  };
}

// GET /api/analytics/live/events/{eventId} - one of the caller's live events, all of its audience
// (live and replay), with its concurrent viewers by minute and their peak
export async function eventAnalytics(ctx: Ctx, input: z.output<typeof eventAnalyticsInput>): Promise<EventAnalytics> {
  const ownerId = requireUserId(ctx);
  const event = await loadOwnEvent(ctx.db, ownerId, input.eventId, ctx.baseUrl);
  const eventId = event.view.eventId;
  // from the day it starts (its replay may be watched later) to today, at most a year
  const now = Date.now();
  const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const range = dayRangeOf({ from: dayOf(Math.min(now, Math.max(event.view.startsAt.getTime(), now - 365 * DAY_MS))), to: dayOf(now) });
  const [audience, live, revenue] = await Promise.all([
    contentAudience(ctx, eventId, range),
    concurrentViewers(ctx, eventId),
    revenueByDay(ctx, ownerId, { fromMs: 0, endMs: Date.now() + DAY_MS }, [eventId]),
  ]);
  return {
    eventId,
    name: event.view.name,
    peakViewers: live.peakViewers,
    views: audience.totals.views,
    watchTimeSeconds: Math.round(audience.totals.watchSeconds * 10) / 10,
    uniqueViewers: audience.totals.uniqueViewers,
    concurrency: live.samples,
    breakdown: audience.breakdown,
    revenueCents: sum(revenue.values()),
    currency: env().CURRENCY,
  };
}

// GET /api/analytics/overview?from&to - all of the caller's contents, day by day
export async function analyticsOverview(ctx: Ctx, input: z.output<typeof overviewInput>): Promise<AnalyticsOverview> {
  const ownerId = requireUserId(ctx);
  const range = dayRangeOf(input);
  const [audience, revenue] = await Promise.all([ownerAudience(ctx, ownerId, range), revenueByDay(ctx, ownerId, range)]);
  return {
    from: range.from,
    to: range.to,
    ...summaryOf(audience.totals),
    series: seriesOf(audience.days, revenue),
    revenueCents: sum(revenue.values()),
    currency: env().CURRENCY,
  };
}

// the portal's ranking: the caller's contents with the most views over the range, named, with what each earned
export async function topContents(ctx: Ctx, input: z.output<typeof topContentsInput>): Promise<TopContent[]> {
  const ownerId = requireUserId(ctx);
  const range = dayRangeOf(input);
  const top = await topContentsOf(ctx, ownerId, range, input.limit);
  const ids = (kind: string) => top.filter((t) => t.kind === kind).map((t) => t.itemId);
  const [vods, events, channels, revenue] = await Promise.all([
    ctx.db.vodItem.findMany({ where: { id: { in: ids("vod") }, ownerId }, select: { id: true, boxItem: { select: { title: true } } } }),
    ctx.db.liveEvent.findMany({ where: { id: { in: ids("live") } }, select: { id: true, name: true } }),
    ctx.db.castChannel.findMany({ where: { id: { in: ids("cast") }, ownerId }, select: { id: true, name: true } }),
    ctx.sql.read<{ itemId: string; cents: number }>(
      `SELECT p."itemId", sum(p."amountCents")::float8 AS "cents" FROM "Payment" p
       WHERE p."sellerId" = $1::uuid AND p."status" = 'PAID' AND p."paidAt" >= ${ts("$2")} AND p."paidAt" < ${ts("$3")} AND p."itemId" = ANY($4::text[])
       GROUP BY 1`,
      [ownerId, range.fromMs, range.endMs, top.map((t) => t.itemId)],
    ),
  ]);
  const titles = new Map<string, string>([
    ...vods.map((v) => [v.id, v.boxItem.title] as const),
    ...events.map((e) => [e.id, e.name] as const),
    ...channels.map((c) => [c.id, c.name] as const),
  ]);
  const earned = new Map(revenue.map((r) => [r.itemId, Number(r.cents)]));
  // a content deleted since keeps its place in the figures, without a name
  return top.map((t) => ({
    kind: t.kind,
    itemId: t.itemId,
    title: titles.get(t.itemId) ?? "",
    views: t.views,
    watchTimeSeconds: Math.round(t.watchSeconds * 10) / 10,
    revenueCents: earned.get(t.itemId) ?? 0,
  }));
}
