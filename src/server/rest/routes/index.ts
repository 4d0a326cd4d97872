import { captionRoutes } from "./captions";
import { buildOpenApi, type OpenApiDocument } from "@/server/rest/openapi";
import { route, type RestRoute, type RestRouteGroup } from "@/server/rest/route";
import { userRoutes } from "./users";
import { playbackRoutes } from "./playback";
import { boxRoutes } from "./box";
import { thumbnailRoutes } from "./thumbnails";
import { licenseRoutes } from "./licenses";
import { vodRoutes } from "./vod";
import { bundleRoutes } from "./bundles";
import { marketplaceRoutes } from "./marketplace";
import { liveRoutes } from "./live";
import { castRoutes } from "./cast";
import { castEpgRoutes } from "./cast-epg";
import { adminRoutes } from "./admin";
import { webhookRoutes } from "./webhooks";
import { analyticsRoutes } from "./analytics";
import { apiKeyRoutes } from "./api-keys";
import { reportRoutes } from "./reports";

const metaRoutes = [
  // GET /api/public/openapi.json - the OpenAPI 3.1 document generated from the route tables
  route({
    method: "GET",
    path: "/api/public/openapi.json",
    auth: "none",
    status: 200,
    summary: "The OpenAPI 3.1 document of this interface",
    responseSchema: { type: "object", description: "OpenAPI 3.1 document" },
    handle: async () => openApiResponse(),
  }),
];

export const restRouteGroups: RestRouteGroup[] = [
  { tag: "Users", description: "Accounts: registration, activation, profile, password", routes: userRoutes },
  { tag: "Licenses", description: "License plans: buy, activate, go back to Free", routes: licenseRoutes },
  {
    tag: "Box",
    description: "The private content store: upload, ingestion status, search, download",
    routes: boxRoutes,
    scopes: { read: "box:read", write: "box:write" },
  },
  {
    tag: "Captions",
    description: "A box item's caption tracks (WebVTT or SRT, per language) and chapters, played with every play of it",
    routes: captionRoutes,
    scopes: { read: "box:read", write: "box:write" },
  },
  {
    tag: "Vod",
    description: "On-demand publishing: publish, search, play, pay-per-view, preview",
    routes: vodRoutes,
    scopes: { read: "vod:read", write: "vod:write" },
  },
  {
    tag: "Content bundles",
    description: "Ordered bundles of vods sold by subscription: items, subscribe, activate",
    routes: bundleRoutes,
    scopes: { read: "vod:read", write: "vod:write" },
  },
  {
    tag: "Marketplace",
    description: "Licensing contents to other creators: offer, search, preview, pay, acquire",
    routes: marketplaceRoutes,
    scopes: { read: "box:read", write: "box:write" },
  },
  {
    tag: "Live",
    description: "Live channels and events: stream paths, schedules, play, tickets, replays",
    routes: liveRoutes,
    scopes: { read: "live:read", write: "live:write" },
  },
  {
    tag: "Cast",
    description: "Scheduled channels: channels, streams, programs, daily programming, calendar, copy, program search",
    routes: castRoutes,
    scopes: { read: "cast:read", write: "cast:write" },
  },
  {
    tag: "IPTV",
    description: "Cast channels for IPTV apps, with no token: XMLTV guides, an M3U playlist, stable stream URLs",
    routes: castEpgRoutes,
    scopes: { read: "cast:read", write: "cast:write" },
  },
  {
    tag: "Thumbnails",
    description: "Images shown for contents, pages and channels",
    routes: thumbnailRoutes,
    scopes: { read: "box:read", write: "box:write" },
  },
  {
    tag: "Playback",
    description: "Signed, expiring HLS addresses of contents",
    routes: playbackRoutes,
    scopes: { read: "box:read", write: "box:write" },
  },
  {
    tag: "Reports",
    description: "Reports of abuse to the moderators, by anyone; an owner's statements of reasons and appeals",
    routes: reportRoutes,
  },
  {
    tag: "admin",
    description: "Administration and moderation, for staff: suspensions, takedowns, reports, registration, the audit log",
    routes: adminRoutes,
  },
  {
    tag: "Analytics",
    description: "Audience analytics: the players' beacons; views, watch time, retention, quality of experience of your contents",
    routes: analyticsRoutes,
    scopes: { read: "analytics:read", write: "analytics:read" },
  },
  {
    tag: "Webhooks",
    description: "Events pushed to your endpoints (Standard Webhooks signatures), their delivery logs and replays",
    routes: webhookRoutes,
    scopes: { read: "webhooks:write", write: "webhooks:write" },
  },
  {
    tag: "API keys",
    description: "Long-lived keys of your account for integrations, limited to scopes and browser origins",
    routes: apiKeyRoutes,
  },
  { tag: "Meta", description: "The description of this interface", routes: metaRoutes },
];

/** Every documented REST route. */
export const restRoutes: RestRoute[] = restRouteGroups.flatMap((g) => g.routes);

let cached: { doc: OpenApiDocument; text: string } | undefined;

/** The document of the served tables (the Meta group included), built once per process. */
export function openApiDocument(): OpenApiDocument {
  cached ??= (() => {
    const doc = buildOpenApi(restRouteGroups);
    return { doc, text: JSON.stringify(doc) };
  })();
  return cached.doc;
}

function openApiResponse(): Response {
  openApiDocument();
  return new Response(cached!.text, {
    status: 200,
    headers: { "Content-Type": "application/json;charset=UTF-8", "Cache-Control": "public, max-age=300" },
  });
}
