import type { CatalogPage } from "@/server/domain/discovery/search-catalog";
import { VodGrid } from "@/components/viewer/vod-grid";
import { BundleCards, CastChannelCards, CreatorCards, LiveChannelCards } from "./catalog-cards";

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
