import { mediaKey } from "@/server/media/signed-url";
import { signedMediaFile, type MediaTree } from "@/server/media/edge/media-url.mjs";
import { SLATE_BOX_ID, SLATE_OWNER_ID, SLATE_SOURCE_KEY } from "./slate";

/**
 * The URIs of a cast playlist's segments: each one a file grant (media-url.mjs `f<expires>`) of that
 * segment alone, so a channel's viewer can fetch exactly what the playlist lists and nothing else of
 * its sources: not a content's master playlist, another rendition, nor a segment outside the
 * scheduled excerpt (a 10-second excerpt of a pay-per-view vod gives away 10 seconds).
 *
 * A grant's expiry is rounded up to a step and is the same for every viewer, so each segment is
 * signed once per step and channel owner and then remembered: a playlist costs map reads, not
 * HMACs (bench/cast-channels.ts), and every viewer of a channel is sent the same URL.
 */

/** A segment's grant lasts at least this long after the playlist that listed it. */
const SEGMENT_GRANT_SECONDS = 30 * 60;
/** Expiries are rounded up to this step: the URLs stay the same for that long. */
const STEP_SECONDS = 5 * 60;
/** Remembered URLs of the current step at most (then the memory starts again). */
const MAX_URLS = 200_000;

/** The URLs of the current step by channel owner, source key and path (the strings the schedule caches hold: no key is built per segment). */
type Remembered = Map<string, Map<string, Map<string, string>>>;
const slot = globalThis as unknown as { __kinoraCastSegmentUrls?: { expires: number; count: number; urls: Remembered } };
const memo = (slot.__kinoraCastSegmentUrls ??= { expires: 0, count: 0, urls: new Map() });

/** Where a source key's files are (box-sources.ts boxSourceKey hls:<owner>:<box>, live-source.ts liveSourceKey live:<owner>:<stream>, the slate). */
function homeOf(sourceKey: string): { tree: MediaTree; ownerId: string; boxId: string } {
  if (sourceKey === SLATE_SOURCE_KEY) return { tree: "hls", ownerId: SLATE_OWNER_ID, boxId: SLATE_BOX_ID };
  const [tree, ownerId, boxId] = sourceKey.split(":");
  return { tree: tree as MediaTree, ownerId: ownerId!, boxId: boxId! };
}

/** The expiry of the segment grants signed at `nowMs` (unix seconds). */
export function segmentGrantExpiry(nowMs: number): number {
  return Math.ceil((nowMs / 1000 + SEGMENT_GRANT_SECONDS) / STEP_SECONDS) * STEP_SECONDS;
}

/**
 * The root-relative URI of one segment (`path` within its source, e.g. `720p/seg_00003.ts`) for a
 * channel of `bandOwnerId` (whose band pays: the channel's owner), at `nowMs`.
 */
export function castSegmentUri(bandOwnerId: string, sourceKey: string, path: string, nowMs: number): string {
  const expires = segmentGrantExpiry(nowMs);
  if (memo.expires !== expires || memo.count >= MAX_URLS) {
    memo.expires = expires;
    memo.count = 0;
    memo.urls.clear();
  }
  let bySource = memo.urls.get(bandOwnerId);
  if (!bySource) memo.urls.set(bandOwnerId, (bySource = new Map()));
  let byPath = bySource.get(sourceKey);
  if (!byPath) bySource.set(sourceKey, (byPath = new Map()));
  let uri = byPath.get(path);
  if (!uri) {
    const { tree, ownerId, boxId } = homeOf(sourceKey);
    uri = signedMediaFile(mediaKey(), tree, { bandOwnerId, ownerId, boxId }, path, expires);
    byPath.set(path, uri);
    memo.count++;
  }
  return uri;
}
