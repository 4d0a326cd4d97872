// Types of media-url.mjs (plain JS so the launcher can import it without a build step).

export type MediaTree = "hls" | "preview" | "poster" | "live" | "cast";

export const MEDIA_PREFIX: "/media/";
export const MEDIA_TREES: readonly MediaTree[];
export const SIGNATURE_LENGTH: number;
export const POSTER_FILE: "poster.jpg";
export const MEDIA_EXTENSIONS: string[];
export const MEDIA_PATH_SOURCE: string;
export const MEDIA_TYPES: Record<string, string>;
export const MEDIA_SECRET_PATTERN: RegExp;

/** What a signed URL names: the media home (where the files are) and whose band pays for their delivery. */
export type MediaItem = { bandOwnerId: string; ownerId: string; boxId: string };

export type MediaGrant = {
  ok: true;
  tree: MediaTree;
  bandOwnerId: string;
  ownerId: string;
  boxId: string;
  file: string;
  expires: number;
  storageKey: string;
};
export type MediaRefusal = { ok: false; reason: "malformed" | "signature" | "early" | "expired" };

export function cacheControlFor(file: string, tree?: MediaTree): string;
export function contentTypeFor(file: string): string;
export function mediaSignature(
  key: string,
  validity: string,
  tree: MediaTree,
  bandOwnerId: string,
  ownerId: string,
  boxId: string,
  file?: string,
): string;
export function signedMediaBase(key: string, tree: MediaTree, item: MediaItem, expires: number, notBefore?: number): string;
export function signedMediaFile(key: string, tree: MediaTree, item: MediaItem, file: string, expires: number): string;
export function parseValidity(validity: string): { file: boolean; notBefore: number; expires: number };
export function mediaStorageKey(tree: MediaTree, ownerId: string, boxId: string, file: string): string;
export function verifyMediaPath(key: string, rawPath: string, nowSeconds?: number): MediaGrant | MediaRefusal;
export function classifyRequestPath(rawPath: string): "media" | "invalid" | "app";
export function deriveMediaKey(authSecret: string | Uint8Array): string;
