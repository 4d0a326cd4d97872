// Signed media URLs: the one Node implementation, shared by the TypeScript signer
// (src/server/media/signed-url.ts), the launcher's Node media server (media-node.mjs) and the tests.
// Plain ESM so the launcher (scripts/start.mjs, plain JS) imports it without a build step; nginx
// checks the same HMAC in njs (media-auth.js, a port of verifyMediaPath kept in step by the tests).
//
//   /media/<validity>/<signature>/<tree>/<bandOwnerId>/<ownerId>/<boxId>/<file>
//
//   validity     <expires>              the whole tree of the item until <expires> (unix seconds)
//                <notBefore>-<expires>  the whole tree, from <notBefore> only: a live event's window, so
//                                       a URL issued for one event never plays what the channel airs
//                                       before or after it (domain/live/live-sources.ts)
//                f<expires>             the one <file> of the path (signed too) and nothing else of the
//                                       tree: a cast channel's segments, each granted as its playlist lists
//                                       it (media/cast/output/segment-urls.ts), so a channel's viewer gets
//                                       no master, no other rendition, no segment outside the excerpt
//   bandOwnerId  whose band the delivered bytes count against: the owner of the item played (the box
//                item's, the vod's publisher, the listing's seller), not necessarily the owner of the files
//   ownerId/boxId  the media home, where the files are stored (the seller's upload for a content
//                acquired on the marketplace; the item's own upload otherwise)
//   tree  hls      -> storage key box/<ownerId>/<boxId>/hls/<file>      (master, rungs, segments)
//         preview  -> storage key box/<ownerId>/<boxId>/preview/<file>  (the 15-second preview)
//         poster   -> storage key box/<ownerId>/<boxId>/poster.jpg      (file must be poster.jpg)
//         live     -> storage key live/<ownerId>/<channelId>/<file>     (a live channel's HLS: the boxId
//                     place holds the channel id; files are written by the RTMP ingest, never stored in S3)
//         cast     -> no storage: a cast channel's playlists (master.m3u8, <variant>.m3u8, its caption
//                     tracks' subs/<language>/index.m3u8 and <ms>.vtt), rendered per request by the Node
//                     media server from the schedule (src/server/media/cast/output);
//                     the boxId place holds the channel id, both owners are the channel's owner
//   signature = base64url(HMAC-SHA256(key, "v2/<validity>/<tree>/<bandOwnerId>/<ownerId>/<boxId>"))[0..32]
//               (a file grant: the message goes on with "/<file>")
//
// A tree grant's signature sits before the file path and grants one tree of one item, so relative
// URLs inside playlists (rung playlists, segments) inherit it. A signature
// never covers another item or another tree: a preview URL cannot open the full ladder. It binds the
// band owner and the media home together, so neither can be swapped: a viewer cannot move the bytes
// to another user's band, nor point a grant at other files.
// The path is checked as sent (raw, before any decoding): our URLs never contain escapes, dot
// segments or empty segments, so anything else is refused rather than normalized.
import { createHmac, timingSafeEqual } from "node:crypto";

export const MEDIA_PREFIX = "/media/";
export const MEDIA_TREES = /** @type {const} */ (["hls", "preview", "poster", "live", "cast"]);
export const SIGNATURE_LENGTH = 32;
export const POSTER_FILE = "poster.jpg";

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
// A storage key segment (media/storage/storage.ts isValidSegment), at most 3 deep, ending in a media
// extension: no directory can be named, so nothing is ever listed or redirected.
const SEGMENT = "[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}";
export const MEDIA_EXTENSIONS = ["m3u8", "ts", "m4s", "mp4", "aac", "vtt", "jpg"];
const FILE = `(?:${SEGMENT}/){0,2}${SEGMENT}\\.(?:${MEDIA_EXTENSIONS.join("|")})`;
export const MEDIA_PATH_SOURCE = `^/media/(f?(?:\\d{1,12}-)?\\d{1,12})/([A-Za-z0-9_-]{${SIGNATURE_LENGTH}})/(hls|preview|poster|live|cast)/(${UUID})/(${UUID})/(${UUID})/(${FILE})$`;
const MEDIA_PATH = new RegExp(MEDIA_PATH_SOURCE);

/** Media types by extension (the same table is written into nginx's `types`). */
export const MEDIA_TYPES = {
  m3u8: "application/vnd.apple.mpegurl",
  ts: "video/mp2t",
  m4s: "video/iso.segment",
  mp4: "video/mp4",
  aac: "audio/aac",
  vtt: "text/vtt",
  jpg: "image/jpeg",
};

/**
 * Cache-Control by extension and tree. Playlists can change (the master gains rungs while the ladder
 * is built; a live playlist every second) so they are revalidated; segments of a box item never
 * change under a name (a changed rung gets a new directory), so they are immutable. Live segment
 * names start again at 0 when a channel's next event begins (src/server/media/live/live-dirs.ts): a
 * minute at most. Everything is private: a signed URL is one viewer's grant.
 */
export function cacheControlFor(file, tree) {
  if (file.endsWith(".m3u8")) return "private, no-cache";
  // a cast channel's caption segments are rendered from captions that can change: like live media
  if (tree === "live" || tree === "cast") return "private, max-age=60";
  if (file.endsWith(".jpg")) return "private, max-age=3600";
  return "private, max-age=31536000, immutable";
}

export function contentTypeFor(file) {
  const ext = file.slice(file.lastIndexOf(".") + 1);
  return MEDIA_TYPES[ext] ?? "application/octet-stream";
}

/**
 * The signature of a grant: `validity` as it stands in the path (`<expires>`, `<notBefore>-<expires>`
 * or `f<expires>`), and for a file grant (`f...`) the file it covers.
 */
export function mediaSignature(key, validity, tree, bandOwnerId, ownerId, boxId, file) {
  const message = `v2/${validity}/${tree}/${bandOwnerId}/${ownerId}/${boxId}`;
  return createHmac("sha256", key)
    .update(validity.startsWith("f") ? `${message}/${file}` : message)
    .digest("base64url")
    .slice(0, SIGNATURE_LENGTH);
}

const ID = new RegExp(`^${UUID}$`);
const FILE_PATH = new RegExp(`^${FILE}$`);

function checkGrant(tree, item, expires, notBefore) {
  if (!MEDIA_TREES.includes(tree)) throw new Error(`unknown media tree: ${tree}`);
  if (![item.bandOwnerId, item.ownerId, item.boxId].every((id) => ID.test(id))) throw new Error("media ids must be lowercase UUIDs");
  if (!Number.isSafeInteger(expires) || expires < 0) throw new Error(`invalid expiry: ${expires}`);
  if (notBefore !== undefined && (!Number.isSafeInteger(notBefore) || notBefore < 0 || notBefore > expires))
    throw new Error(`invalid start: ${notBefore}`);
}

/**
 * The signed base path of one tree of one item, ending in "/": append a file (e.g. "master.m3u8").
 * `item`: the media home ({ownerId, boxId}) and whose band pays ({bandOwnerId}); `notBefore` (unix
 * seconds, optional): the grant opens then (a live event's start).
 */
export function signedMediaBase(key, tree, item, expires, notBefore) {
  checkGrant(tree, item, expires, notBefore);
  const { bandOwnerId, ownerId, boxId } = item;
  const validity = notBefore === undefined ? String(expires) : `${notBefore}-${expires}`;
  return `${MEDIA_PREFIX}${validity}/${mediaSignature(key, validity, tree, bandOwnerId, ownerId, boxId)}/${tree}/${bandOwnerId}/${ownerId}/${boxId}/`;
}

/** The signed path of one file of one tree of an item (a file grant): no other file can be reached with it. */
export function signedMediaFile(key, tree, item, file, expires) {
  checkGrant(tree, item, expires);
  if (!FILE_PATH.test(file) || file.includes("..")) throw new Error(`not a media file: ${file}`);
  const { bandOwnerId, ownerId, boxId } = item;
  const validity = `f${expires}`;
  return `${MEDIA_PREFIX}${validity}/${mediaSignature(key, validity, tree, bandOwnerId, ownerId, boxId, file)}/${tree}/${bandOwnerId}/${ownerId}/${boxId}/${file}`;
}

/** The storage key a verified media path names (media/keys.ts layout). */
export function mediaStorageKey(tree, ownerId, boxId, file) {
  if (tree === "poster") return `box/${ownerId}/${boxId}/${POSTER_FILE}`;
  if (tree === "live") return `live/${ownerId}/${boxId}/${file}`;
  if (tree === "cast") return `cast/${ownerId}/${boxId}/${file}`; // never read: rendered, not stored
  return `box/${ownerId}/${boxId}/${tree}/${file}`;
}

/** A validity segment's parts: whether it grants one file, its start (or 0) and its expiry. */
export function parseValidity(validity) {
  const file = validity.startsWith("f");
  const [a, b] = (file ? validity.slice(1) : validity).split("-");
  return b === undefined ? { file, notBefore: 0, expires: Number(a) } : { file, notBefore: Number(a), expires: Number(b) };
}

/**
 * Checks a raw request path (the query is ignored). Returns the grant, or why it is refused:
 * "malformed" (not one of our URLs: escapes, dot segments, directories, unknown tree or type),
 * "signature" (tampered, or issued for another item, tree, media home, band owner or file),
 * "early" (a window that has not opened yet), "expired".
 */
export function verifyMediaPath(key, rawPath, nowSeconds = Date.now() / 1000) {
  const q = rawPath.indexOf("?");
  const path = q < 0 ? rawPath : rawPath.slice(0, q);
  const m = MEDIA_PATH.exec(path);
  if (!m) return { ok: false, reason: "malformed" };
  const [, validity, sig, tree, bandOwnerId, ownerId, boxId, file] = m;
  if (tree === "poster" && file !== POSTER_FILE) return { ok: false, reason: "malformed" };
  if (file.split("/").some((s) => s.includes(".."))) return { ok: false, reason: "malformed" };
  const { notBefore, expires } = parseValidity(validity);
  const expected = Buffer.from(mediaSignature(key, validity, tree, bandOwnerId, ownerId, boxId, file));
  const given = Buffer.from(sig);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: "signature" };
  if (expires < nowSeconds) return { ok: false, reason: "expired" };
  if (notBefore > nowSeconds) return { ok: false, reason: "early" };
  return { ok: true, tree, bandOwnerId, ownerId, boxId, file, expires, storageKey: mediaStorageKey(tree, ownerId, boxId, file) };
}

/**
 * Where a raw request path goes: "media" (a /media path, also one that only becomes /media after
 * decoding or dot-segment removal, which is refused), "invalid" (dot segments climbing above the
 * root or a bad escape: 400, as nginx answers), or "app".
 */
export function classifyRequestPath(rawPath) {
  const q = rawPath.indexOf("?");
  const path = q < 0 ? rawPath : rawPath.slice(0, q);
  if (!path.includes("%") && !path.includes("/.") && !path.includes("//"))
    return path.startsWith(MEDIA_PREFIX) || path === "/media" ? "media" : "app"; // the common case, cheaply
  let decoded;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return "invalid";
  }
  const out = [];
  for (const segment of decoded.split("/").slice(1)) {
    if (segment === "..") {
      if (out.length === 0) return "invalid";
      out.pop();
    } else if (segment !== "." && segment !== "") out.push(segment);
  }
  return path.startsWith(MEDIA_PREFIX) || out[0] === "media" ? "media" : "app";
}

/** The URL-signing key: MEDIA_SECRET when set, else derived from the auth secret (never the auth secret itself). */
export function deriveMediaKey(authSecret) {
  return createHmac("sha256", authSecret).update("kinora media url key v1").digest("hex");
}

/** MEDIA_SECRET is written into nginx's configuration: only characters that need no quoting there. */
export const MEDIA_SECRET_PATTERN = /^[A-Za-z0-9_.~+/=-]{32,256}$/;
