import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { ccLicense } from "@/lib/cc-license";

/** What it costs to watch a vod, as a badge: Free, its Creative Commons license, or its price. */
export function LicenseBadge({ vod, price }: { vod: VodItemView; price?: string }) {
  switch (vod.licenseType) {
    case "PAY_PER_VIEW":
      return (
        <span className="badge badge--price" data-testid="vod-badge">
          {price}
        </span>
      );
    case "CREATIVE_COMMONS": {
      const cc = vod.ccType && ccLicense(vod.ccType);
      return (
        <span className="badge badge--cc" title={cc?.name} data-testid="vod-badge">
          {cc?.shortName ?? "Creative Commons"}
        </span>
      );
    }
    case "CONTENT_BUNDLE":
      return (
        <span className="badge" data-testid="vod-badge">
          Bundle
        </span>
      );
    default:
      return (
        <span className="badge badge--free" data-testid="vod-badge">
          Free
        </span>
      );
  }
}
