import type { CatalogPage } from "@/server/domain/discovery/search-catalog";
import type { CatalogType } from "@/server/domain/discovery/catalog-input";
import { VodGrid } from "@/components/viewer/vod-grid";
import { BundleCards, CastChannelCards, CreatorCards, LiveChannelCards } from "./catalog-cards";

/** What each type is called in tabs, counts and empty lists. */
export const TYPE_NAMES: Record<CatalogType, { tab: string; one: string; many: string }> = {
  videos: { tab: "Videos", one: "video", many: "videos" },
  live: { tab: "Live", one: "live channel", many: "live channels" },
  channels: { tab: "Channels", one: "channel", many: "channels" },
  bundles: { tab: "Bundles", one: "bundle", many: "bundles" },
  creators: { tab: "Creators", one: "creator", many: "creators" },
};

/** "3 videos" */
export const countText = (type: CatalogType, n: number) => `${n} ${n === 1 ? TYPE_NAMES[type].one : TYPE_NAMES[type].many}`;

/** A catalog page's items as the cards of their type; `withPublisher`: name each item's creator (not on a creator's own page). */
export function CatalogResults({ result, withPublisher = true }: { result: CatalogPage; withPublisher?: boolean }) {
  switch (result.type) {
    case "videos":
      return <VodGrid vods={result.page.items} withPublisher={withPublisher} />;
    case "bundles":
      return <BundleCards bundles={result.page.items} />;
    case "live":
      return <LiveChannelCards cards={result.page.items} />;
    case "channels":
      return <CastChannelCards cards={result.page.items} />;
    case "creators":
      return <CreatorCards users={result.page.items} />;
  }
}
