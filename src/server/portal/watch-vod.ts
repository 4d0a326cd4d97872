import { cache } from "react";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { getServerCaller } from "./session";
import { tryCall } from "./try-call";

/** The vod of a watch or embed page, or why there is none to show: taken down (with the reason), or not found. */
export type WatchVod = { vod: VodItemView; takedownReason?: undefined } | { vod?: undefined; takedownReason?: string };

/**
 * The vod of a watch or embed page as this visitor may see it (vod.getPublic: visible vods, and its
 * owner's own whatever their state); no vod for a 404, and the reason for a takedown. Read once per
 * request: the page and its metadata share it.
 */
export const loadWatchVod = cache(async (vodId: string): Promise<WatchVod> => {
  const caller = await getServerCaller();
  const result = await tryCall(() => caller.vod.getPublic({ vodId }));
  return result.ok ? { vod: result.data } : { takedownReason: result.takedownReason };
});
