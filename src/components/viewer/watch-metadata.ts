import type { Metadata } from "next";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { EMBED_SIZE, embedPath, posterPath, thumbnailPath, watchPath } from "@/lib/vod-urls";
import { creatorName } from "./avatar";
import { previewText, SHARE_PICTURE_WIDTH, sharedPageMetadata } from "./share-metadata";

/**
 * The head of a watch page: the shared page's tags (share-metadata.ts) with the video's public
 * picture (its thumbnail, else the ingest's poster through /asset/poster/vod/...: the picture of a
 * paid video too), oEmbed discovery and og:video, the embeddable player.
 */
export function watchMetadata(vod: VodItemView, baseUrl: string, byline: (creator: string) => string): Metadata {
  const page = baseUrl + watchPath(vod.vodId);
  const embed = baseUrl + embedPath(vod.vodId);
  // the chosen thumbnail's own address (cached for good), else the poster's public one
  const picture = vod.thumbnailId
    ? thumbnailPath(vod.thumbnailId, SHARE_PICTURE_WIDTH)
    : vod.visible && vod.posterUrl !== undefined
      ? posterPath(vod.vodId, SHARE_PICTURE_WIDTH)
      : undefined;
  const oembed = `${baseUrl}/oembed?${new URLSearchParams({ url: page, format: "json" })}`;
  return sharedPageMetadata(
    {
      title: vod.title,
      description: previewText(vod.description, byline(creatorName(vod.publisher))),
      url: page,
      image: picture && baseUrl + picture,
      // the owner's preview of a private or expired vod is nobody else's page
      hidden: !vod.visible,
    },
    {
      alternates: { types: { "application/json+oembed": [{ url: oembed, title: vod.title }] } },
      openGraph: { videos: [{ url: embed, type: "text/html", ...EMBED_SIZE }] },
    },
  );
}
