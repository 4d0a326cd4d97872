import type { Ctx } from "@/server/core/context";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import type { LiveEventView } from "@/server/domain/live/event-view";
import { searchPublicEvents } from "@/server/domain/live/search-events";
import type { PublicUser } from "@/server/domain/users/public-user";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import type { CatalogRequest } from "./catalog-input";
import { searchCatalogBundles } from "./catalog-bundles";
import { searchCatalogCast, type CastChannelCard } from "./catalog-channels";
import { searchCatalogCreators } from "./catalog-creators";
import { searchCatalogVideos } from "./catalog-videos";

/** Items per row of the home page. */
export const HOME_ROW_SIZE = 8;

export interface HomeRows {
  /** Public events on air now or to come, soonest first (listed inside their window whether the stream has started or not). */
  live: LiveEventView[];
  /** Cast channels, those airing a program now first. */
  channels: CastChannelCard[];
  videos: VodItemView[];
  bundles: BundleView[];
  creators: PublicUser[];
}

// The home page's rows, each the first items of what the search page lists of its type (the live
// row: the public event search, not ended), newest first.
export async function getHomeRows(ctx: Ctx): Promise<HomeRows> {
  const first: CatalogRequest = { type: "videos", sort: "newest", pageIndex: 0, pageSize: HOME_ROW_SIZE };
  const [live, channels, videos, bundles, creators] = await Promise.all([
    searchPublicEvents(ctx, { pageIndex: 0, pageSize: HOME_ROW_SIZE, pastIncluded: false }),
    searchCatalogCast(ctx, first, undefined, true),
    searchCatalogVideos(ctx, first),
    searchCatalogBundles(ctx, first),
    searchCatalogCreators(ctx, first),
  ]);
  return { live: live.items, channels: channels.items, videos: videos.items, bundles: bundles.items, creators: creators.items };
}
