import { getStorage } from "../../storage";
import { boxHlsPrefix } from "../../keys";
import type { CastSource } from "../playout-types";
import { readPackagedRenditions } from "./packaged-renditions";

/** A media home's source key: the signed hls tree of box/<ownerId>/<boxId> (output/sign-sources.ts). */
export const boxSourceKey = (home: { ownerId: string; boxId: string }) => `hls:${home.ownerId}:${home.boxId}`;

const MAX_ENTRIES = 20_000;
const slot = globalThis as unknown as { __kinoraCastBoxSources?: Map<string, Promise<CastSource>> };
const cache = (slot.__kinoraCastBoxSources ??= new Map());

/**
 * A READY box item's renditions as its packaged playlists in storage list them, read once per media
 * home and kept: a READY item's files never change under their names (a new ladder is a new item).
 * A failed read is not kept.
 */
export function boxSource(home: { ownerId: string; boxId: string }): Promise<CastSource> {
  const key = boxSourceKey(home);
  let source = cache.get(key);
  if (!source) {
    source = (async () => ({
      key,
      renditions: await readPackagedRenditions(await getStorage(), boxHlsPrefix(home.ownerId, home.boxId)),
    }))();
    source.catch(() => cache.delete(key));
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, source);
  }
  return source;
}
