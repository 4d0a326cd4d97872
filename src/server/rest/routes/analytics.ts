import { route, untrusted } from "@/server/rest/route";
import { beaconBatchInput } from "@/server/domain/analytics/intake";
import { eventAnalyticsInput, overviewInput, vodAnalyticsInput } from "@/server/domain/analytics/analytics-reports";
import {
  eventAnalyticsSchema,
  overviewSchema,
  renderEventAnalytics,
  renderOverview,
  renderVodAnalytics,
  vodAnalyticsSchema,
} from "@/server/rest/render/analytics";

const range = (query: URLSearchParams) => ({ from: query.get("from") ?? undefined, to: query.get("to") ?? undefined });

// Audience analytics (issue 28, docs/analytics.md). The three reads' paths are fixed: clients rely
// on them; the caller must own the vod or event (else 404).
export const analyticsRoutes = [
  // POST /api/public/analytics/beacons {session, events} -> 204: what the players send (navigator.sendBeacon)
  route({
    method: "POST",
    path: "/api/public/analytics/beacons",
    auth: "none",
    status: 204,
    summary: "Beacons of a play session (the Kinora-Play-Session header of a play result): counted at most as fast as real time",
    requestSchema: beaconBatchInput,
    handle: async ({ caller, body }) => {
      await caller.analytics.beacons(untrusted(body));
    },
  }),
  // GET /api/analytics/vods/{vodId}?from=YYYY-MM-DD&to=YYYY-MM-DD
  route({
    method: "GET",
    path: "/api/analytics/vods/{vodId}",
    auth: "private",
    status: 200,
    summary: "A vod's audience over a range of UTC days: views, unique viewers, watch time, retention, startup time, rebuffering",
    requestSchema: vodAnalyticsInput,
    responseSchema: vodAnalyticsSchema,
    errors: [404],
    handle: async ({ caller, params, query }) =>
      renderVodAnalytics(await caller.analytics.vod(untrusted({ ...range(query), vodId: params.vodId }))),
  }),
  // GET /api/analytics/live/events/{eventId}
  route({
    method: "GET",
    path: "/api/analytics/live/events/{eventId}",
    auth: "private",
    status: 200,
    summary: "A live event's audience, live and replay: its peak of concurrent viewers, views and watch time",
    requestSchema: eventAnalyticsInput,
    responseSchema: eventAnalyticsSchema,
    errors: [404],
    handle: async ({ caller, params }) => renderEventAnalytics(await caller.analytics.event(untrusted({ eventId: params.eventId }))),
  }),
  // GET /api/analytics/overview?from&to
  route({
    method: "GET",
    path: "/api/analytics/overview",
    auth: "private",
    status: 200,
    summary: "All your contents' audience over a range of UTC days: totals and a per-day series",
    requestSchema: overviewInput,
    responseSchema: overviewSchema,
    handle: async ({ caller, query }) => renderOverview(await caller.analytics.overview(untrusted(range(query)))),
  }),
];
