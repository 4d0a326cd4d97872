import { z } from "zod";
import { env } from "@/server/env";
import { hostAllowed } from "@/server/http/allowed-hosts.mjs";
import type { Ctx } from "@/server/core/context";
import { notFound } from "@/server/core/errors";
import { THUMBNAIL_WIDTHS } from "@/server/domain/thumbnails/get-thumbnail-image";
import { loadViewableVod } from "@/server/domain/vod/vod-item-view";
import { creatorPath, EMBED_SIZE, embedPath, thumbnailPath, vodIdOfPageUrl } from "@/lib/vod-urls";

/** A size limit of the consumer: a positive integer, anything else is no limit (oEmbed 1.0 §2.2). */
const limit = z.preprocess(
  (v) => (typeof v === "string" && /^\d{1,5}$/.test(v) && Number(v) > 0 ? Number(v) : undefined),
  z.number().optional(),
);

export const oembedInput = z.object({ url: z.string().max(2000), maxwidth: limit, maxheight: limit });

/** The oEmbed 1.0 response of type "video" (oembed.com §2.3.4), with the thumbnail when there is a public one. */
export interface OEmbedVideo {
  type: "video";
  version: "1.0";
  title: string;
  author_name: string;
  author_url: string;
  provider_name: "Kinora";
  provider_url: string;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
  html: string;
  width: number;
  height: number;
}

const escapeAttribute = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The largest box of the player's 16:9 shape (at most EMBED_SIZE) inside the consumer's limits. */
export function embedSize(maxwidth?: number, maxheight?: number): { width: number; height: number } {
  const ratio = EMBED_SIZE.width / EMBED_SIZE.height;
  let width = Math.min(EMBED_SIZE.width, maxwidth ?? Infinity, Math.floor((maxheight ?? Infinity) * ratio));
  width = Math.max(1, width);
  return { width, height: Math.max(1, Math.min(Math.round(width / ratio), maxheight ?? Infinity)) };
}

/**
 * The widest copy of a thumbnail the server keeps (its own size or one of THUMBNAIL_WIDTHS below it)
 * that fits the box, with its height: the consumer's maxwidth/maxheight bind the thumbnail too
 * (oEmbed 1.0 §2.3.4). Undefined when even the smallest copy is too big.
 */
export function thumbnailFit(original: { width: number; height: number }, box: { width: number; height: number }) {
  const heightAt = (w: number) => Math.round((original.height * w) / original.width);
  const fitting = [...THUMBNAIL_WIDTHS.filter((w) => w < original.width), original.width].filter(
    (w) => w <= box.width && heightAt(w) <= box.height,
  );
  if (fitting.length === 0) return undefined;
  const width = Math.max(...fitting);
  return { width, height: heightAt(width) };
}

// GET /oembed?url=<watch page URL>&maxwidth=&maxheight= - the oEmbed answer for one of our public
// vods: its title, publisher, thumbnail and an iframe of the embeddable player. Only vods anyone may
// see (visible, not expired): whoever asks, the answer is what an anonymous visitor gets; 404 for
// anything else (another site's URL, another page, a private, expired or unknown vod). A page URL is
// ours on the base URL's host or on any name of the allowlist (ALLOWED_HOSTS); the answer's URLs are
// always of the base URL (PUBLIC_URL, or an allowlisted Host), never of the page URL's host.
export async function oembedOf(ctx: Ctx & { baseUrl: string }, input: z.output<typeof oembedInput>): Promise<OEmbedVideo> {
  const vodId = vodIdOfPageUrl(input.url, ctx.baseUrl, (page) => hostAllowed(page.hostname, env().allowedHosts));
  if (vodId === undefined) throw notFound("error.vodNotFound");
  const vod = (await loadViewableVod(ctx, undefined, vodId, ctx.baseUrl)).view;
  const size = embedSize(input.maxwidth, input.maxheight);
  const thumbnail = vod.thumbnailId
    ? await ctx.db.thumbnail.findUnique({ where: { id: vod.thumbnailId }, select: { width: true, height: true } })
    : null;
  // no bigger than the player it stands for
  const thumbnailSize = thumbnail ? thumbnailFit(thumbnail, size) : undefined;
  const src = ctx.baseUrl + embedPath(vod.vodId);
  return {
    type: "video",
    version: "1.0",
    title: vod.title,
    author_name: vod.publisher.pageTitle ?? vod.publisher.userCode,
    author_url: ctx.baseUrl + creatorPath(vod.publisher.userCode),
    provider_name: "Kinora",
    provider_url: ctx.baseUrl + "/",
    ...(vod.thumbnailId && thumbnailSize
      ? {
          thumbnail_url: ctx.baseUrl + thumbnailPath(vod.thumbnailId, thumbnailSize.width),
          thumbnail_width: thumbnailSize.width,
          thumbnail_height: thumbnailSize.height,
        }
      : {}),
    html:
      `<iframe src="${escapeAttribute(src)}" width="${size.width}" height="${size.height}" title="${escapeAttribute(vod.title)}" ` +
      `style="border:0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>`,
    width: size.width,
    height: size.height,
  };
}
