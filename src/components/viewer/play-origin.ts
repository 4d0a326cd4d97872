import type { PlayOrigin } from "@/server/domain/analytics/play-grant";

// Where a vod is played, as the watch and embed pages tell the play (docs/analytics.md: the
// source of a play session, and an embed's site by its host alone).

/** The host of the page that embeds this one (its referrer), when it is another site's; undefined else. */
export function embedderHost(referrer: string, ownOrigin: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const url = new URL(referrer);
    return url.origin !== ownOrigin && url.host ? url.host : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The origin of a vod's play from the watch page (a bundle's content there: the bundle's), or the
 * embed page in the site given by `referrer`.
 */
export function vodPlayOrigin(embedded: boolean, inBundle: boolean, referrer: string, ownOrigin: string): NonNullable<PlayOrigin> {
  if (!embedded) return { source: inBundle ? "bundle" : "watch" };
  const embedHost = embedderHost(referrer, ownOrigin);
  return embedHost ? { source: "embed", embedHost } : { source: "embed" };
}
