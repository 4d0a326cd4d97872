import type { AnalyticsOverview, EventAnalytics, VodAnalytics } from "@/server/domain/analytics/analytics-reports";

// Audience analytics on the wire (issue 28 item 4): the fields the issue fixes, numbers always (a
// startup time never measured is 0, as the retention of a vod never viewed is zeros).

export const renderVodAnalytics = (a: VodAnalytics) => ({
  views: a.views,
  uniqueViewers: a.uniqueViewers,
  watchTimeSeconds: a.watchTimeSeconds,
  averageViewSeconds: a.averageViewSeconds,
  retention: a.retention,
  startupTimeMsP50: a.startupTimeMsP50 ?? 0,
  rebufferRatio: a.rebufferRatio,
  ownerViews: a.ownerViews,
});

export const renderEventAnalytics = (a: EventAnalytics) => ({
  peakViewers: a.peakViewers,
  views: a.views,
  watchTimeSeconds: a.watchTimeSeconds,
});

export const renderOverview = (a: AnalyticsOverview) => ({
  from: a.from,
  to: a.to,
  views: a.views,
  uniqueViewers: a.uniqueViewers,
  watchTimeSeconds: a.watchTimeSeconds,
  averageViewSeconds: a.averageViewSeconds,
  startupTimeMsP50: a.startupTimeMsP50 ?? 0,
  rebufferRatio: a.rebufferRatio,
  ownerViews: a.ownerViews,
  revenueCents: a.revenueCents,
  series: a.series.map((d) => ({ date: d.date, views: d.views, uniqueViewers: d.uniqueViewers, watchTimeSeconds: d.watchTimeSeconds })),
});

const count = (description: string) => ({ type: "integer", minimum: 0, description });
const seconds = (description: string) => ({ type: "number", minimum: 0, description });
const OWNER_VIEWS = "your own views (counted apart, in no other figure)";
const UNIQUE = "viewers told apart per UTC day (a daily-salted hash of address and user agent); over a range, the sum of the days'";

export const vodAnalyticsSchema: Record<string, unknown> = {
  type: "object",
  required: ["views", "uniqueViewers", "watchTimeSeconds", "averageViewSeconds", "retention", "startupTimeMsP50", "rebufferRatio"],
  properties: {
    views: count("plays that watched 5 s (the whole vod when shorter), once per viewer per 30 minutes; the owner's own not included"),
    uniqueViewers: count(UNIQUE),
    watchTimeSeconds: seconds("time watched, at most as fast as real time"),
    averageViewSeconds: seconds("watch time per view"),
    retention: {
      type: "array",
      items: { type: "number", minimum: 0, maximum: 1 },
      minItems: 20,
      maxItems: 20,
      description: "the share of views still watching at each twentieth of the duration (zeros before any view)",
    },
    startupTimeMsP50: count("median time from play to the first frame, ms (0: none measured)"),
    rebufferRatio: { type: "number", minimum: 0, maximum: 1, description: "time stalled over time stalled and watched" },
    ownerViews: count(OWNER_VIEWS),
  },
};

export const eventAnalyticsSchema: Record<string, unknown> = {
  type: "object",
  required: ["peakViewers", "views", "watchTimeSeconds"],
  properties: {
    peakViewers: count("the most viewers watching at once (players that sent a beacon in the last 30 s), sampled each minute"),
    views: count("plays of the event, live and replay, that watched 5 s; once per viewer per 30 minutes"),
    watchTimeSeconds: seconds("time watched, live and replay"),
  },
};

export const overviewSchema: Record<string, unknown> = {
  type: "object",
  required: [
    "from",
    "to",
    "views",
    "uniqueViewers",
    "watchTimeSeconds",
    "averageViewSeconds",
    "startupTimeMsP50",
    "rebufferRatio",
    "revenueCents",
    "series",
  ],
  properties: {
    from: { type: "string", format: "date" },
    to: { type: "string", format: "date" },
    views: count("views of all your contents (vods, live events, cast channels)"),
    uniqueViewers: count(UNIQUE),
    watchTimeSeconds: seconds("time watched"),
    averageViewSeconds: seconds("watch time per view"),
    startupTimeMsP50: count("median startup time, ms (0: none measured)"),
    rebufferRatio: { type: "number", minimum: 0, maximum: 1 },
    ownerViews: count(OWNER_VIEWS),
    revenueCents: count("paid sales in the range (gross, in cents of the instance's currency; refunded ones not)"),
    series: {
      type: "array",
      description: "every day of the range, in order",
      items: {
        type: "object",
        required: ["date", "views", "uniqueViewers", "watchTimeSeconds"],
        properties: {
          date: { type: "string", format: "date" },
          views: count("views"),
          uniqueViewers: count(UNIQUE),
          watchTimeSeconds: seconds("time watched"),
        },
      },
    },
  },
};
