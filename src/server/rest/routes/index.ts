import type { RestRoute } from "@/server/rest/route";
import { metaRoutes } from "./meta";
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

/** One table per context; the tag names the context in the OpenAPI document and the /docs/api page. */
export interface RestRouteGroup {
  tag: string;
  description?: string;
  routes: RestRoute[];
}

export const restRouteGroups: RestRouteGroup[] = [
  { tag: "Users", description: "Accounts: registration, activation, profile, password", routes: userRoutes },
  { tag: "Licenses", description: "License plans: buy, activate, go back to Free", routes: licenseRoutes },
  { tag: "Box", description: "The private content store: upload, ingestion status, search, download", routes: boxRoutes },
  { tag: "Vod", description: "On-demand publishing: publish, search, play, pay-per-view, preview", routes: vodRoutes },
  { tag: "Content bundles", description: "Ordered bundles of vods sold by subscription: items, subscribe, activate", routes: bundleRoutes },
  {
    tag: "Marketplace",
    description: "Licensing contents to other creators: offer, search, preview, pay, acquire",
    routes: marketplaceRoutes,
  },
  {
    tag: "Live",
    description: "Live channels and events: stream paths, schedules, play, tickets, replays",
    routes: liveRoutes,
  },
  {
    tag: "Cast",
    description: "Scheduled channels: channels, streams, programs, daily programming, calendar, copy, program search",
    routes: castRoutes,
  },
  {
    tag: "IPTV",
    description: "Cast channels for IPTV apps, with no token: XMLTV guides, an M3U playlist, stable stream URLs",
    routes: castEpgRoutes,
  },
  { tag: "Thumbnails", description: "Images shown for contents, pages and channels", routes: thumbnailRoutes },
  { tag: "Playback", description: "Signed, expiring HLS addresses of contents", routes: playbackRoutes },
  { tag: "Meta", description: "The description of this interface", routes: metaRoutes },
];

/** Every documented REST route. */
export const restRoutes: RestRoute[] = restRouteGroups.flatMap((g) => g.routes);
