import type { Metadata } from "next";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { EMBED_SIZE, embedPath, posterPath, watchPath } from "@/lib/vod-urls";
import { creatorName } from "./avatar";
import { previewText, SHARE_PICTURE_WIDTH, sharedPageMetadata } from "./share-metadata";

/**
 * The head of a watch page: the shared page's tags (shared-metadata.ts) with the video's public
 * picture (/asset/poster/vod/...: its thumbnail, else the ingest's poster; the picture of a paid
 * video too), oEmbed discovery and og:video, the embeddable player.
 */
export function watchMetadata(vod: VodItemView, baseUrl: string): Metadata {
  const page = baseUrl + watchPath(vod.vodId);
  const embed = baseUrl + embedPath(vod.vodId);
  const pictured = vod.visible && (vod.thumbnailId !== undefined || vod.posterUrl !== undefined);
  const oembed = `${baseUrl}/oembed?${new URLSearchParams({ url: page, format: "json" })}`;
  return sharedPageMetadata(
    {
      title: vod.title,
      description: previewText(vod.description, `A video by ${creatorName(vod.publisher)} on Kinora`),
      url: page,
      image: pictured ? baseUrl + posterPath(vod.vodId, SHARE_PICTURE_WIDTH) : undefined,
      // the owner's preview of a private or expired vod is nobody else's page
      hidden: !vod.visible,
    },
    {
      alternates: { types: { "application/json+oembed": [{ url: oembed, title: vod.title }] } },
      openGraph: { videos: [{ url: embed, type: "text/html", ...EMBED_SIZE }] },
    },
  );
}
