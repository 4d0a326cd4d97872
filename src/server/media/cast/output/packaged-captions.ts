import path from "node:path/posix";
import { parseCaptions } from "@/lib/webvtt";
import { parseMasterRenditions, parseMediaPlaylist } from "../../ffmpeg/playlists";
import type { Storage } from "../../storage/storage";
import type { CastCaptionTrack } from "../playout-types";
import { readStoredText } from "./read-text";

const FOR_DEAF = "public.accessibility.transcribes-spoken-dialog";

/**
 * The caption tracks of packaged HLS in storage (a box item's `hls/` tree): the SUBTITLES its master
 * playlist names (media-playlists.ts writes them), each with the cues of its WebVTT file. A track
 * whose files cannot be read or parsed is left out.
 */
export async function readPackagedCaptions(storage: Storage, hlsPrefix: string): Promise<CastCaptionTrack[]> {
  const master = await readStoredText(storage, `${hlsPrefix}/master.m3u8`);
  if (master === null) return [];
  const tracks = await Promise.all(
    parseMasterRenditions(master)
      .filter((m) => m.TYPE === "SUBTITLES" && m.URI && m.LANGUAGE && !m.URI.includes("..") && !m.URI.includes("://"))
      .map(async (m): Promise<CastCaptionTrack | null> => {
        const playlist = await readStoredText(storage, `${hlsPrefix}/${m.URI}`);
        const file = playlist === null ? undefined : parseMediaPlaylist(playlist).segments[0]?.uri;
        if (!file || file.includes("..") || file.includes("://")) return null;
        const text = await readStoredText(storage, `${hlsPrefix}/${path.join(path.dirname(m.URI!), file)}`);
        const parsed = text === null ? null : parseCaptions(text);
        if (!parsed?.ok) return null;
        return {
          language: m.LANGUAGE!,
          name: m.NAME ?? m.LANGUAGE!,
          forDeaf: (m.CHARACTERISTICS ?? "").includes(FOR_DEAF),
          cues: parsed.cues,
        };
      }),
  );
  return tracks.filter((t): t is CastCaptionTrack => t !== null);
}
