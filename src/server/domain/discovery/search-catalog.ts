import type { Ctx } from "@/server/core/context";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import { searchPage, type SearchPage } from "@/server/domain/shared/search";
import { findActiveUserIdByCode } from "@/server/domain/users/active-user-by-code";
import type { PublicUser } from "@/server/domain/users/public-user";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { effectiveSort, type CatalogRequest, type CatalogSort } from "./catalog-input";
import { searchCatalogBundles } from "./catalog-bundles";
import { searchCatalogCast, searchCatalogLive, type CastChannelCard, type LiveChannelCard } from "./catalog-channels";
import { searchCatalogCreators } from "./catalog-creators";
import { searchCatalogVideos } from "./catalog-videos";

/** A page of one type of the catalog, with the order it is in. */
export type CatalogPage = { sort: CatalogSort } & (
  | { type: "videos"; page: SearchPage<VodItemView> }
  | { type: "bundles"; page: SearchPage<BundleView> }
  | { type: "live"; page: SearchPage<LiveChannelCard> }
  | { type: "channels"; page: SearchPage<CastChannelCard> }
  | { type: "creators"; page: SearchPage<PublicUser> }
);

// The search page (/search?q=&type=&sort=) and the creator page's tabs: what anonymous visitors may
// see (listed videos that are not a bundle's copy, bundles with a visible item, public live
// channels, cast channels, creators with any of these) of active creators, or of one (userCode; an
// unknown one finds nothing); words, one type, an order, a page.
export async function searchCatalog(ctx: Ctx, request: CatalogRequest): Promise<CatalogPage> {
  const sort = effectiveSort(request);
  let ownerId: string | undefined;
  if (request.userCode !== undefined) {
    ownerId = await findActiveUserIdByCode(ctx.sql, request.userCode);
    if (!ownerId) return { type: request.type, sort, page: searchPage(request, 0, []) } as CatalogPage;
  }
  switch (request.type) {
    case "videos":
      return { type: "videos", sort, page: await searchCatalogVideos(ctx, request, ownerId) };
    case "bundles":
      return { type: "bundles", sort, page: await searchCatalogBundles(ctx, request, ownerId) };
    case "live":
      return { type: "live", sort, page: await searchCatalogLive(ctx, request, ownerId) };
    case "channels":
      return { type: "channels", sort, page: await searchCatalogCast(ctx, request, ownerId) };
    case "creators":
      return { type: "creators", sort, page: await searchCatalogCreators(ctx, request, ownerId) };
  }
}
