import type { Metadata } from "next";

/** The width of the shared picture (og:image, twitter:image): what link previews show at most. */
export const SHARE_PICTURE_WIDTH = 1280;

/** A description for link previews: the text given, on one line and at most 200 characters, else `fallback`. */
export function previewText(text: string | undefined, fallback: string): string {
  const line = text?.replace(/\s+/g, " ").trim();
  if (!line) return fallback;
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export interface SharedPage {
  title: string;
  description: string;
  /** The page's absolute address (canonical, og:url). */
  url: string;
  /** The picture's absolute address, fetchable without a session (a public thumbnail, a public video's poster). */
  image?: string;
  /** Only its owner sees it now (a private or expired video): not indexed. */
  hidden?: boolean;
}

/**
 * The head of a shared page (watch, bundle, live and cast channel pages): title, description,
 * canonical address, and the Open Graph and Twitter card tags a link preview reads, with the picture
 * as a large image. `extra` adds what a kind of page has more (the watch page's player and oEmbed).
 */
export function sharedPageMetadata(page: SharedPage, extra: Metadata = {}): Metadata {
  const images = page.image ? [{ url: page.image, alt: page.title }] : undefined;
  return {
    title: page.title,
    description: page.description,
    ...extra,
    alternates: { canonical: page.url, ...extra.alternates },
    robots: page.hidden ? { index: false, follow: false } : undefined,
    openGraph: {
      type: "video.other",
      siteName: "Kinora",
      title: page.title,
      description: page.description,
      url: page.url,
      images,
      ...extra.openGraph,
    },
    twitter: {
      card: "summary_large_image",
      title: page.title,
      description: page.description,
      images: page.image ? [page.image] : undefined,
    },
  };
}
