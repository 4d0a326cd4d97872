import { getStorage } from "../../storage";
import { boxHlsPrefix } from "../../keys";
import type { CastCaptionTrack, CastRendition, CastSource } from "../playout-types";
import { readPackagedCaptions } from "./packaged-captions";
import { readPackagedRenditions } from "./packaged-renditions";

/** A media home's source key: the signed hls tree of box/<ownerId>/<boxId> (output/sign-sources.ts). */
export const boxSourceKey = (home: { ownerId: string; boxId: string }) => `hls:${home.ownerId}:${home.boxId}`;

const MAX_ENTRIES = 20_000;
/** Caption tracks are added and removed on a READY item: read again after this long (as a schedule is, channel-schedule.ts). */
const CAPTIONS_MAX_AGE_MS = 5 * 60_000;

interface Entry<V> {
  loading: Promise<V>;
  loadedAt: number;
}

const slot = globalThis as unknown as {
  __kinoraCastBoxRenditions?: Map<string, Entry<CastRendition[]>>;
  __kinoraCastBoxCaptions?: Map<string, Entry<CastCaptionTrack[]>>;
};
const renditionCache = (slot.__kinoraCastBoxRenditions ??= new Map());
const captionCache = (slot.__kinoraCastBoxCaptions ??= new Map());

/** `cache`'s entry for `key` when younger than `maxAgeMs`, else `load`'s (not kept if it fails; the oldest entry goes when the cache is full). */
function cachedLoad<V>(cache: Map<string, Entry<V>>, key: string, maxAgeMs: number, load: () => Promise<V>): Promise<V> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.loadedAt < maxAgeMs) return hit.loading;
  const entry: Entry<V> = { loading: load(), loadedAt: now };
  entry.loading.catch(() => cache.get(key) === entry && cache.delete(key));
  cache.delete(key);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  return entry.loading;
}

/**
 * A READY box item as a channel plays it: its renditions as its packaged playlists in storage list
 * them, read once per media home and kept (a READY item's video files never change under their
 * names: a new ladder is a new item), and its caption tracks (packaged-captions.ts), read again
 * after CAPTIONS_MAX_AGE_MS. A failed read is not kept.
 */
export async function boxSource(home: { ownerId: string; boxId: string }): Promise<CastSource> {
  const key = boxSourceKey(home);
  const prefix = boxHlsPrefix(home.ownerId, home.boxId);
  const [renditions, captions] = await Promise.all([
    cachedLoad(renditionCache, key, Infinity, async () => readPackagedRenditions(await getStorage(), prefix)),
    cachedLoad(captionCache, key, CAPTIONS_MAX_AGE_MS, async () => readPackagedCaptions(await getStorage(), prefix)),
  ]);
  return { key, renditions, captions };
}
