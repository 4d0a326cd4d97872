import path from "node:path/posix";
import { parseMasterPlaylist, parseMediaPlaylist } from "../../ffmpeg/playlists";
import type { Storage } from "../../storage/storage";
import type { CastRendition } from "../playout-types";
import { readStoredText } from "./read-text";

/**
 * The renditions of packaged HLS in storage (a box item's `hls/` tree, the slate's): the rungs its
 * master playlist names, each with its segments as paths relative to the tree (`720p/seg_00003.ts`).
 * Heights come from RESOLUTION (every master we write names it; 0 when absent).
 */
export async function readPackagedRenditions(storage: Storage, hlsPrefix: string): Promise<CastRendition[]> {
  const master = await readStoredText(storage, `${hlsPrefix}/master.m3u8`);
  if (master === null) return [];
  const variants = parseMasterPlaylist(master);
  const renditions = await Promise.all(
    variants.map(async (v): Promise<CastRendition | null> => {
      if (v.uri.includes("..") || v.uri.includes("://")) return null;
      const text = await readStoredText(storage, `${hlsPrefix}/${v.uri}`);
      if (text === null) return null;
      const dir = path.dirname(v.uri);
      const segments = parseMediaPlaylist(text).segments.map((s) => ({
        path: dir === "." ? s.uri : `${dir}/${s.uri}`,
        durationMs: Math.round(s.durationSeconds * 1000),
      }));
      const height = Number(/x(\d+)$/.exec(v.attributes.RESOLUTION ?? "")?.[1] ?? 0);
      return { name: dir === "." ? "source" : dir, height, segments };
    }),
  );
  return renditions.filter((r): r is CastRendition => r !== null && r.segments.length > 0);
}
