import { env, type Env } from "@/server/env";
import {
  deriveMediaKey,
  signedMediaBase,
  verifyMediaPath,
  type MediaGrant,
  type MediaItem,
  type MediaRefusal,
  type MediaTree,
} from "./edge/media-url.mjs";

// Signed, expiring media URLs (the scheme is described in edge/media-url.mjs, which nginx's njs check
// and the Node media server share):
//   /media/<validity>/<signature>/<tree>/<bandOwnerId>/<ownerId>/<boxId>/<file>     tree: hls | preview | poster | live | cast
// ownerId/boxId name the media home (where the files are), bandOwnerId whose band the edge charges.
// The signature binds them and one tree until <expires>; it sits before the file path, so
// relative URLs inside playlists inherit it. Lifetime: MEDIA_URL_TTL (default 4 h: a long film
// plays through, a leaked link dies the same day). Key: MEDIA_SECRET, else derived from
// AUTH_SECRET, so the key written into nginx's configuration cannot sign access tokens.

export type { MediaGrant, MediaItem, MediaRefusal, MediaTree };

const derivedKeys = new WeakMap<Env, string>();

/**
 * The key URLs are signed with (the launcher derives the same one for nginx and the Node media
 * server), derived once per configuration: a list of 1,000 posters signs 1,000 URLs.
 */
export function mediaKey(e: Env = env()): string {
  if (e.MEDIA_SECRET !== undefined) return e.MEDIA_SECRET;
  let key = derivedKeys.get(e);
  if (!key) derivedKeys.set(e, (key = deriveMediaKey(e.authSecret)));
  return key;
}

export interface SignedMediaTree {
  /** Absolute URL of the tree, ending in "/": append a file path (e.g. "master.m3u8"). */
  baseUrl: string;
  expiresAt: Date;
}

export interface SignOptions {
  ttlSeconds?: number;
  now?: number;
  /** A window instead of a lifetime: the grant opens at `from` and ends at `until` (a live event's). */
  window?: { from: Date; until: Date };
  /** Where the caller reaches us (http/base-url.ts: the request's); default PUBLIC_URL's. */
  baseUrl?: string;
}

/** Signs one tree of one item's files, its bytes charged to `item.bandOwnerId`, for `ttlSeconds` (default MEDIA_URL_TTL). */
export function signMediaTree(tree: MediaTree, item: MediaItem, opts: SignOptions = {}): SignedMediaTree {
  const e = env();
  const expires = opts.window
    ? Math.floor(opts.window.until.getTime() / 1000)
    : Math.floor((opts.now ?? Date.now()) / 1000) + (opts.ttlSeconds ?? e.MEDIA_URL_TTL);
  const notBefore = opts.window ? Math.min(expires, Math.floor(opts.window.from.getTime() / 1000)) : undefined;
  const path = signedMediaBase(mediaKey(e), tree, item, expires, notBefore);
  return { baseUrl: (opts.baseUrl ?? e.publicUrl) + path, expiresAt: new Date(expires * 1000) };
}

/** Checks a raw request path as the edge does (tests, tools). */
export function verifyMediaUrlPath(rawPath: string, nowSeconds?: number): MediaGrant | MediaRefusal {
  return verifyMediaPath(mediaKey(), rawPath, nowSeconds);
}
