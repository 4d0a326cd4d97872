import type { Metadata } from "next";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { EMBED_SIZE, embedPath, thumbnailPath, watchPath } from "@/lib/vod-urls";
import { creatorName } from "./avatar";

/** The width of the shared picture (og:image, twitter:image): what link previews show at most. */
const SHARE_PICTURE_WIDTH = 1280;

/** A short description for link previews: the vod's own, else who published it. */
function summary(vod: VodItemView): string {
  const text = vod.description?.replace(/\s+/g, " ").trim();
  if (!text) return `A video by ${creatorName(vod.publisher)} on Kinora`;
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/**
 * The head of a watch page: title and description, the canonical address, oEmbed discovery, and the
 * OpenGraph and Twitter player cards whose player is the embeddable page. Only the public thumbnail
 * is shared as the picture (the ingest's poster is a signed, expiring URL).
 */
export function watchMetadata(vod: VodItemView, baseUrl: string): Metadata {
  const page = baseUrl + watchPath(vod.vodId);
  const embed = baseUrl + embedPath(vod.vodId);
  const image = vod.thumbnailId ? baseUrl + thumbnailPath(vod.thumbnailId, SHARE_PICTURE_WIDTH) : undefined;
  const description = summary(vod);
  const oembed = `${baseUrl}/oembed?${new URLSearchParams({ url: page, format: "json" })}`;
  return {
    title: vod.title,
    description,
    alternates: { canonical: page, types: { "application/json+oembed": [{ url: oembed, title: vod.title }] } },
    // the owner's preview of a private or expired vod is nobody else's page
    robots: vod.visible ? undefined : { index: false, follow: false },
    openGraph: {
      type: "video.other",
      siteName: "Kinora",
      title: vod.title,
      description,
      url: page,
      images: image ? [{ url: image, alt: vod.title }] : undefined,
      videos: [{ url: embed, type: "text/html", ...EMBED_SIZE }],
    },
    twitter: { card: "player", title: vod.title, description, images: image ? [image] : undefined, players: [] },
    // Next writes twitter:player only with a raw stream URL beside it, which a signed HLS playlist is not
    other: {
      "twitter:player": embed,
      "twitter:player:width": EMBED_SIZE.width,
      "twitter:player:height": EMBED_SIZE.height,
    },
  };
}
