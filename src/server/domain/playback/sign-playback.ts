import { MASTER_PLAYLIST, RENDITION_PLAYLIST } from "@/server/media/keys";
import { POSTER_FILE } from "@/server/media/edge/media-url.mjs";
import { env } from "@/server/env";
import { signMediaTree, type SignOptions } from "@/server/media/signed-url";
import type { MessageId } from "@/server/i18n/messages";

// The parts of the document's play result that every play operation shares (box, vod, marketplace,
// live recordings): signed HLS addresses of one item's full ladder or of its 15-second preview.

export const HLS_MIME_TYPE = "application/x-mpegurl";

/**
 * What a signed URL grants: the item's media home (media/keys prefix box/<ownerId>/<boxId>: its own
 * upload's, or the seller's for a content acquired on the marketplace) and whose band the delivered
 * bytes count against (the owner of the item played: the box item's owner, the vod's publisher, the
 * listing's seller), signed together (media/edge/media-url.mjs).
 */
export interface PlayableItem {
  ownerId: string;
  boxId: string;
  bandOwnerId: string;
}

/**
 * hls: the master playlist of the whole ladder; preview: the 15-second preview rendition; live: a
 * live channel's master playlist (the item is the channel: boxId its channelId); cast: a cast
 * channel's master playlist, rendered from its schedule (boxId the cast channel's id).
 */
export type PlaybackTree = "hls" | "preview" | "live" | "cast";

export interface PlaySource {
  mimeType: typeof HLS_MIME_TYPE;
  streamer: string;
  uniqueStreamer: string;
}

/** result PLAY: where to play. Every address is the same absolute signed URL of the playlist. */
export interface PlayGranted {
  result: "PLAY";
  srcs: PlaySource[];
  mimeType: typeof HLS_MIME_TYPE;
  file: string;
  streamer: string;
  uniqueStreamer: string;
  /** When the signed URLs stop working (not part of the document's shape). */
  expiresAt: Date;
}

/**
 * A play refused with a result rather than an error (supplement §1), with a human message:
 * BAND_LIMIT_EXCEEDED (the publisher's band is used up), PAYMENT_REQUIRED (pay, then play with
 * {trackingId}), SUBSCRIPTION_REQUIRED (a bundle's content: subscribe to the bundle, then play),
 * NOT_ON_AIR (a live channel with no event on air, or an event over without a replay).
 */
export interface PlayRefused {
  result: "BAND_LIMIT_EXCEEDED" | "PAYMENT_REQUIRED" | "SUBSCRIPTION_REQUIRED" | "NOT_ON_AIR";
  messageId: MessageId;
}

export type PlayOutcome = PlayGranted | PlayRefused;

/**
 * Signs the playlist of one tree of an item. `streamer` and `uniqueStreamer` are the same URL: it
 * already is unique to this grant (the signature covers its expiry), and players take either
 * (supplement §3: srcs[0].uniqueStreamer, or streamer); `file` repeats it for players that read that.
 */
export function signPlayback(item: PlayableItem, tree: PlaybackTree, opts: SignOptions = {}): PlayGranted {
  const { baseUrl, expiresAt } = signMediaTree(tree, item, opts);
  const url = baseUrl + (tree === "preview" ? RENDITION_PLAYLIST : MASTER_PLAYLIST);
  return {
    result: "PLAY",
    srcs: [{ mimeType: HLS_MIME_TYPE, streamer: url, uniqueStreamer: url }],
    mimeType: HLS_MIME_TYPE,
    file: url,
    streamer: url,
    uniqueStreamer: url,
    expiresAt,
  };
}

/** Poster URLs of the current step (signPoster) by media home boxId, with what else they were signed for; emptied when the step changes or it is full. */
const posterUrls = { step: NaN, byBox: new Map<string, { item: PlayableItem; ttlSeconds: number; baseUrl?: string; url: string }>() };
const MAX_POSTER_URLS = 20_000;

/**
 * A signed URL of the poster the ingest grabbed (private: it is a frame of private content). Its
 * expiry is rounded down to a quarter of the lifetime, so the URL stays the same for a while: the
 * box list, read again every few seconds while an item processes, keeps showing the cached image.
 * Within a step a URL is signed once and remembered: a list of 1,000 items (a bundle's) read again
 * signs none (each HMAC costs a few microseconds: bench/bundle-move.ts).
 */
export function signPoster(item: PlayableItem, opts: SignOptions = {}): string {
  const ttlSeconds = opts.ttlSeconds ?? env().MEDIA_URL_TTL;
  const stepMs = Math.max(1, Math.floor(ttlSeconds / 4)) * 1000;
  const now = Math.floor((opts.now ?? Date.now()) / stepMs) * stepMs;
  const { byBox } = posterUrls;
  if (posterUrls.step !== now || byBox.size >= MAX_POSTER_URLS) byBox.clear();
  posterUrls.step = now;
  const known = byBox.get(item.boxId);
  if (
    known &&
    known.item.ownerId === item.ownerId &&
    known.item.bandOwnerId === item.bandOwnerId &&
    known.ttlSeconds === ttlSeconds &&
    known.baseUrl === opts.baseUrl
  )
    return known.url;
  const url = signMediaTree("poster", item, { ...opts, ttlSeconds, now }).baseUrl + POSTER_FILE;
  byBox.set(item.boxId, { item, ttlSeconds, baseUrl: opts.baseUrl, url });
  return url;
}
