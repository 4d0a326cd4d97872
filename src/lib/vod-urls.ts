// The public addresses of vods and creators, relative to the instance's base URL (pages link them as
// they are; oEmbed, OpenGraph and the player's return URL prefix the base).

export const watchPath = (vodId: string) => `/v/${encodeURIComponent(vodId)}`;

/** The embeddable player (framed by any site: src/server/http/security-headers.ts). */
export const embedPath = (vodId: string) => `/embed/v/${encodeURIComponent(vodId)}`;

export const creatorPath = (userCode: string) => `/u/${encodeURIComponent(userCode)}`;

/** A public thumbnail image, resized to `width` (or the next width the server keeps). */
export const thumbnailPath = (thumbnailId: string, width: number) => `/asset/thumbnail/${encodeURIComponent(thumbnailId)}/${width}`;

/** A public video's picture for link previews (its thumbnail, else the ingest's poster), resized to `width`. */
export const posterPath = (vodId: string, width: number) => `/asset/poster/vod/${encodeURIComponent(vodId)}/${width}`;

/** The size of the embedded player when nothing limits it: 16:9, as the pages show videos. */
export const EMBED_SIZE = { width: 640, height: 360 } as const;

const PAGE_PATH = /^\/(?:embed\/)?v\/([^/]+)\/?$/;

/**
 * The vodId a watch page (or embed) URL names, when the URL is one of ours (http or https, same host
 * as `baseUrl`, or one `isOurHost` accepts); undefined for another site, another page or a URL that
 * does not parse.
 */
export function vodIdOfPageUrl(url: string, baseUrl: string, isOurHost: (page: URL) => boolean = () => false): string | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
    if (parsed.host !== new URL(baseUrl).host && !isOurHost(parsed)) return undefined;
    const id = PAGE_PATH.exec(parsed.pathname)?.[1];
    return id === undefined ? undefined : decodeURIComponent(id);
  } catch {
    return undefined; // not a URL, or a broken %-escape
  }
}
