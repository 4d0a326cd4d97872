import { StorageError, isValidSegment } from "./storage/storage";

// The one place that knows where media lives in storage. Everything else asks here for a key, so
// the layout can change in one file. On local disk a key is the path under DATA_DIR/storage, which
// nginx serves as it is:
//
//   box/<ownerId>/<boxId>/original                    the uploaded file, as received
//   box/<ownerId>/<boxId>/hls/master.m3u8              master playlist of the item's renditions
//   box/<ownerId>/<boxId>/hls/<rendition>/...          one rendition: index.m3u8 and its segments
//   box/<ownerId>/<boxId>/hls/subs/<name>/...          a caption track: index.m3u8 and captions.vtt (a new name per version)
//   box/<ownerId>/<boxId>/hls/chapters-<v>.vtt         the chapters as WebVTT (a new name per edit)
//   box/<ownerId>/<boxId>/preview/...                  the 15-second preview rendition
//   box/<ownerId>/<boxId>/preview/subs/<name>/...      a caption track cut at the preview's end
//   box/<ownerId>/<boxId>/poster.jpg                   frame grabbed for players and lists
//   box/<ownerId>/<boxId>/poster/w<width>.jpg          resized copies of the poster (thumbnailVariantKey)
//   thumbnails/<ownerId>/<thumbnailId>.<ext>           uploaded thumbnails (owner-level, shared by entities)
//   thumbnails/<ownerId>/<thumbnailId>/w<width>.<ext>  their resized copies
//   tmp/uploads/<uploadId>                             uploads in progress, moved to `original` when complete
//   live/<ownerId>/<channelId>/...                     a live channel's HLS (always on local disk: src/server/media/live/live-dirs.ts)
//   recordings/<ownerId>/<sessionId>.flv               a publish's recorded copy, until the recording job made it a box item
//
// Everything of a box item is under its prefix, so deleting an item is one deletePrefix (plus the
// thumbnail it owns, whose key is stored on the Thumbnail row).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Ids are database UUIDs in canonical (lowercase) form, so one id can never make two keys. */
function id(kind: string, value: string): string {
  if (typeof value !== "string" || !UUID.test(value))
    throw new StorageError("INVALID_KEY", `${kind} must be a lowercase UUID: ${JSON.stringify(value)}`);
  return value;
}

function segment(kind: string, value: string): string {
  if (typeof value !== "string" || !isValidSegment(value))
    throw new StorageError("INVALID_KEY", `invalid ${kind}: ${JSON.stringify(value)}`);
  return value;
}

export const MASTER_PLAYLIST = "master.m3u8";
export const RENDITION_PLAYLIST = "index.m3u8";

/** Every key of a box item is under this prefix. */
export function boxItemPrefix(ownerId: string, boxId: string): string {
  return `box/${id("ownerId", ownerId)}/${id("boxId", boxId)}`;
}

export function boxOriginalKey(ownerId: string, boxId: string): string {
  return `${boxItemPrefix(ownerId, boxId)}/original`;
}

export function boxHlsPrefix(ownerId: string, boxId: string): string {
  return `${boxItemPrefix(ownerId, boxId)}/hls`;
}

export function boxMasterPlaylistKey(ownerId: string, boxId: string): string {
  return `${boxHlsPrefix(ownerId, boxId)}/${MASTER_PLAYLIST}`;
}

/** `rendition` names a rung, e.g. `remux` or `720p`; write a changed rung under a new name, then delete the old one. */
export function boxRenditionPrefix(ownerId: string, boxId: string, rendition: string): string {
  return `${boxHlsPrefix(ownerId, boxId)}/${segment("rendition", rendition)}`;
}

export function boxRenditionPlaylistKey(ownerId: string, boxId: string, rendition: string): string {
  return `${boxRenditionPrefix(ownerId, boxId, rendition)}/${RENDITION_PLAYLIST}`;
}

export function boxPreviewPrefix(ownerId: string, boxId: string): string {
  return `${boxItemPrefix(ownerId, boxId)}/preview`;
}

export function boxPreviewPlaylistKey(ownerId: string, boxId: string): string {
  return `${boxPreviewPrefix(ownerId, boxId)}/${RENDITION_PLAYLIST}`;
}

/** A rendition of the preview beside its video (an audio track's first seconds: `audio-<n>`). */
export function boxPreviewRenditionPrefix(ownerId: string, boxId: string, rendition: string): string {
  return `${boxPreviewPrefix(ownerId, boxId)}/${segment("rendition", rendition)}`;
}

/** The preview's video playlist once preview/index.m3u8 has become a master (StoredMedia.previewMaster). */
export function boxPreviewVideoPlaylistKey(ownerId: string, boxId: string): string {
  return `${boxPreviewPrefix(ownerId, boxId)}/video.m3u8`;
}

export const SUBTITLES_FILE = "captions.vtt";

/** A caption track's directory in the item's HLS tree or its preview's: its playlist (index.m3u8) and SUBTITLES_FILE. */
export function boxSubtitlesPrefix(ownerId: string, boxId: string, tree: "hls" | "preview", name: string): string {
  const base = tree === "hls" ? boxHlsPrefix(ownerId, boxId) : boxPreviewPrefix(ownerId, boxId);
  return `${base}/subs/${segment("caption", name)}`;
}

/** A file directly in the item's HLS tree (the chapters track). */
export function boxHlsFileKey(ownerId: string, boxId: string, name: string): string {
  return `${boxHlsPrefix(ownerId, boxId)}/${segment("file", name)}`;
}

export function boxPosterKey(ownerId: string, boxId: string): string {
  return `${boxItemPrefix(ownerId, boxId)}/poster.jpg`;
}

const IMAGE_EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** The extension tells nginx the media type, so it is part of the key (stored on the Thumbnail row). */
export function thumbnailKey(ownerId: string, thumbnailId: string, mimeType: string): string {
  const ext = IMAGE_EXTENSIONS[mimeType];
  if (!ext) throw new StorageError("INVALID_KEY", `unsupported thumbnail type: ${mimeType}`);
  return `thumbnails/${id("ownerId", ownerId)}/${id("thumbnailId", thumbnailId)}.${ext}`;
}

/**
 * A resized copy of a thumbnail or poster, beside it: `thumbnails/<o>/<id>.png` -> `thumbnails/<o>/<id>/w320.png`,
 * `box/<o>/<b>/poster.jpg` -> `box/<o>/<b>/poster/w320.jpg`; so it is deleted with what holds the original.
 */
export function thumbnailVariantKey(storageKey: string, width: number): string {
  const m = /^(.+)\.([a-z]+)$/.exec(storageKey);
  if (!m || !Number.isSafeInteger(width) || width <= 0) throw new StorageError("INVALID_KEY", `no variant of ${storageKey} at ${width}`);
  return `${m[1]}/w${width}.${m[2]}`;
}

/** A live channel's HLS: its master playlist and links to the ingest's renditions. */
export function liveChannelPrefix(ownerId: string, channelId: string): string {
  return `live/${id("ownerId", ownerId)}/${id("channelId", channelId)}`;
}

/** A publish's recorded copy (FLV, as nginx-rtmp wrote it), moved here from the ingest node's disk so any worker can take it. */
export function liveRecordingKey(ownerId: string, sessionId: string): string {
  return `recordings/${id("ownerId", ownerId)}/${id("sessionId", sessionId)}.flv`;
}

export const TMP_UPLOADS_PREFIX = "tmp/uploads";

export function uploadTempKey(uploadId: string): string {
  return `${TMP_UPLOADS_PREFIX}/${id("uploadId", uploadId)}`;
}

/** A resumable (tus) upload in progress: its description and the parts received (box-tus/storage-tus-store.ts). */
export function tusUploadPrefix(uploadId: string): string {
  return `${TUS_UPLOADS_PREFIX}/${id("uploadId", uploadId)}`;
}

export const TUS_UPLOADS_PREFIX = "tus";

/**
 * What deleting an account removes whole (each with deletePrefix): its thumbnails and recorded
 * copies. Not all of box/<ownerId>: an upload another creator acquired stays while their copy shows
 * it (StoredMedia), so each upload no box item shows goes by its boxItemPrefix.
 */
export function ownerPrefixes(ownerId: string): string[] {
  return [`thumbnails/${id("ownerId", ownerId)}`, `recordings/${ownerId}`];
}
