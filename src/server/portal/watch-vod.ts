import { cache } from "react";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { getServerCaller } from "./session";
import { tryCall } from "./try-call";

/**
 * The vod of a watch or embed page as this visitor may see it (vod.getPublic: visible vods, and its
 * owner's own whatever their state); undefined for a 404. Read once per request: the page and its
 * metadata share it.
 */
export const loadWatchVod = cache(async (vodId: string): Promise<VodItemView | undefined> => {
  const caller = await getServerCaller();
  const result = await tryCall(() => caller.vod.getPublic({ vodId }));
  return result.ok ? result.data : undefined;
});
