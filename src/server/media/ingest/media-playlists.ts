import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import type { Rendition } from "@/generated/prisma/client";
import type { DbOrTx } from "@/server/db/client";
import {
  buildMasterPlaylist,
  buildSubtitlesPlaylist,
  parseMediaPlaylist,
  type MasterExtras,
  type MasterVariant,
  type MasterRendition,
} from "@/server/media/ffmpeg/playlists";
import {
  RENDITION_PLAYLIST,
  SUBTITLES_FILE,
  boxHlsPrefix,
  boxMasterPlaylistKey,
  boxPreviewPlaylistKey,
  boxPreviewPrefix,
  boxPreviewVideoPlaylistKey,
  boxSubtitlesPrefix,
} from "@/server/media/keys";
import type { Storage } from "@/server/media/storage";
import { HLS_START_PTS } from "@/server/media/ffmpeg/hls-args";
import { toWebVtt, type Cue } from "@/lib/webvtt";

// The playlists that name a stored media's parts (issue 26): the master of its HLS tree (the video
// renditions, its audio tracks, its caption tracks, its chapters and storyboard as session data) and,
// once it has caption tracks, its preview's (preview/index.m3u8 becomes a master naming
// preview/video.m3u8 and the captions cut at the preview's end). Both are written from the database
// rows, whole, and replace the old ones atomically: adding or removing a caption rewrites two small
// text files and re-encodes nothing.

/** A stored media: the upload that stored the files (StoredMedia.id is its boxId) and its owner, part of every key. */
export interface MediaHome {
  mediaId: string;
  ownerId: string;
}

export const PLAYLIST_TYPE = "application/vnd.apple.mpegurl";
export const CHAPTERS_DATA_ID = "com.kinora.chapters";
export const STORYBOARD_DATA_ID = "com.kinora.storyboard";

/** The stored media's row, locked until the caller's transaction ends: its playlists are written by one writer at a time. */
export async function lockMedia(tx: DbOrTx, mediaId: string): Promise<boolean> {
  const rows = await tx.$queryRaw<{ id: string }[]>`SELECT "id"::text AS "id" FROM "StoredMedia" WHERE "id" = ${mediaId}::uuid FOR UPDATE`;
  return rows.length === 1;
}

const put = (storage: Storage, key: string, body: string) => storage.putStream(key, Readable.from([body]), { contentType: PLAYLIST_TYPE });

/** `key` relative to `prefix/` (a URI beside the playlist). */
const relative = (key: string, prefix: string) => (key.startsWith(`${prefix}/`) ? key.slice(prefix.length + 1) : key);

/** A rendition row as a variant of a master playlist, at `uri`. */
function variantOf(r: Rendition, uri: string): MasterVariant {
  return {
    uri,
    bandwidth: r.bandwidth,
    averageBandwidth: r.averageBandwidth ?? undefined,
    width: r.width,
    height: r.height,
    codecs: r.codecs,
    frameRate: r.frameRate ?? undefined,
  };
}

/**
 * Writes the media's master playlist (when it has video renditions: `ladderOnly` lists the ladder
 * rungs only, else what plays already, the remux too) and its preview's (when it has a preview and
 * caption or audio tracks, or its preview playlist is a master already). Call inside a transaction that holds
 * lockMedia.
 */
export async function writeMediaPlaylists(db: DbOrTx, storage: Storage, home: MediaHome, opts: { ladderOnly: boolean }): Promise<void> {
  // one statement after the other: `db` is usually a transaction's client
  const media = await db.storedMedia.findUnique({
    where: { id: home.mediaId },
    select: { chaptersFile: true, storyboard: true, previewMaster: true },
  });
  if (!media) return;
  const renditions = await db.rendition.findMany({ where: { boxItemId: home.mediaId }, orderBy: { bandwidth: "desc" } });
  const captions = await db.caption.findMany({ where: { mediaId: home.mediaId }, orderBy: { language: "asc" } });
  const audio = await db.audioTrack.findMany({ where: { mediaId: home.mediaId }, orderBy: { position: "asc" } });
  const hls = boxHlsPrefix(home.ownerId, home.mediaId);
  const variants = renditions
    .filter((r) => (opts.ladderOnly ? r.kind === "LADDER" : r.kind === "LADDER" || r.kind === "REMUX"))
    .map((r) => variantOf(r, relative(r.playlistKey, hls)));
  // the same URI in both trees: each has its own subs/ beside its playlist
  const track = (c: (typeof captions)[number]): MasterRendition => ({
    uri: `subs/${c.fileName}/${RENDITION_PLAYLIST}`,
    language: c.language,
    name: c.label,
    forDeaf: c.kind === "CAPTIONS",
  });
  // the audio tracks: the first muxed into the video (no URI), the others beside it, under the same
  // relative name in both trees (the preview's hold their first seconds)
  const audioGroup =
    audio.length > 1
      ? audio.map((a) => ({
          ...(a.playlistKey ? { uri: relative(a.playlistKey, hls) } : {}),
          language: a.language,
          name: a.name,
          isDefault: a.position === 0,
        }))
      : [];
  if (variants.length > 0) {
    const storyboard = media.storyboard as { file?: string } | null;
    const extras: MasterExtras = {
      subtitles: captions.map(track),
      audio: audioGroup,
      sessionData: [
        ...(media.chaptersFile ? [{ id: CHAPTERS_DATA_ID, uri: media.chaptersFile }] : []),
        ...(storyboard?.file ? [{ id: STORYBOARD_DATA_ID, uri: storyboard.file }] : []),
      ],
    };
    await put(storage, boxMasterPlaylistKey(home.ownerId, home.mediaId), buildMasterPlaylist(variants, extras));
  }
  const preview = renditions.find((r) => r.kind === "PREVIEW");
  if (preview && (captions.length > 0 || audioGroup.length > 0 || media.previewMaster)) {
    const videoKey = boxPreviewVideoPlaylistKey(home.ownerId, home.mediaId);
    // the first time: the preview's media playlist moves aside (copied, then index.m3u8 replaced), so
    // a player holding the preview's URL gets the master and, through it, the same video
    if (!media.previewMaster) {
      const body = await text(await storage.getStream(boxPreviewPlaylistKey(home.ownerId, home.mediaId)));
      await put(storage, videoKey, body);
      await db.storedMedia.update({ where: { id: home.mediaId }, data: { previewMaster: true } });
    }
    const master = buildMasterPlaylist([variantOf(preview, relative(videoKey, boxPreviewPrefix(home.ownerId, home.mediaId)))], {
      subtitles: captions.filter((c) => c.previewCues > 0).map(track),
      audio: audioGroup,
    });
    await put(storage, boxPreviewPlaylistKey(home.ownerId, home.mediaId), master);
  }
}

/** How long the preview plays (seconds): its video playlist's segments. */
export async function previewSeconds(storage: Storage, home: MediaHome, previewMaster: boolean): Promise<number | undefined> {
  const key = previewMaster ? boxPreviewVideoPlaylistKey(home.ownerId, home.mediaId) : boxPreviewPlaylistKey(home.ownerId, home.mediaId);
  const body = await storage
    .getStream(key)
    .then((s) => text(s))
    .catch(() => undefined);
  return body === undefined ? undefined : parseMediaPlaylist(body).totalSeconds;
}

/**
 * Stores a caption track's cues as a WebVTT file and its playlist in one tree (the item's HLS or its
 * preview's), the file mapped onto the segments' clock (HLS_START_PTS).
 */
export async function putSubtitles(
  storage: Storage,
  home: MediaHome,
  tree: "hls" | "preview",
  fileName: string,
  cues: readonly Cue[],
  durationSeconds: number,
): Promise<void> {
  const prefix = boxSubtitlesPrefix(home.ownerId, home.mediaId, tree, fileName);
  const webvtt = toWebVtt(cues, { mpegtsAtZero: HLS_START_PTS });
  await storage.putStream(`${prefix}/${SUBTITLES_FILE}`, Readable.from([webvtt]), { contentType: "text/vtt" });
  await put(storage, `${prefix}/${RENDITION_PLAYLIST}`, buildSubtitlesPlaylist(durationSeconds, SUBTITLES_FILE));
}

/** Removes a caption track's files from both trees. */
export async function deleteSubtitles(storage: Storage, home: MediaHome, fileName: string): Promise<void> {
  await storage.deletePrefix(boxSubtitlesPrefix(home.ownerId, home.mediaId, "hls", fileName));
  await storage.deletePrefix(boxSubtitlesPrefix(home.ownerId, home.mediaId, "preview", fileName));
}
