// Playback delivery: how signed media URLs are served and metered. The pieces:
//
//   src/server/media/signed-url.ts         signs URLs (TypeScript side: play operations)
//   src/server/media/edge/media-url.mjs    the URL scheme, signature and path checks (shared, plain JS)
//   src/server/media/edge/media-auth.js    the same check in njs, for nginx
//   src/server/media/edge/nginx.mjs        nginx's generated configuration and process (launcher)
//   src/server/media/edge/media-node.mjs   the Node media server (no nginx, or S3 storage)
//   src/server/media/edge/media-log.mjs    the band log both write
//   src/server/domain/playback/band-meter.ts  counts the band log into User.bandUsedBytes
//   src/server/domain/playback/*           play operations, the play result, band rules
//
// URLs: /media/<expires>/<signature>/<tree>/<bandOwnerId>/<ownerId>/<boxId>/<file>, tree hls | preview
// | poster; ownerId/boxId the media home (where the files are: the seller's upload for an acquired
// content), bandOwnerId whose band pays (the owner of the item played), signed together.
// A signature grants one tree of one box item until <expires> (MEDIA_URL_TTL, default 4 h): the full
// ladder (hls/master.m3u8 and everything under hls/), the 15-second preview (preview/index.m3u8 and
// its segments) or the generated poster. Relative URLs in playlists stay inside the signed tree.
// Refused with 403: no or bad signature, expired, signed for another item, tree or band owner, escapes or dot
// segments anywhere in the path, directories, unknown file types; a valid URL whose file does not
// exist is 404. A path whose dot segments climb above the root is 400 (nginx refuses it before any
// configuration applies; Node answers the same).
//
// Posters and thumbnails (decision):
// - The poster the ingest grabs (box/<owner>/<box>/poster.jpg) is a frame of private content, so it
//   is private like the content: served only through a signed poster URL (403 without one). The
//   owner's player gets it with the play result (posterUrl, tRPC only: the document's play result
//   has no poster field); a public page (vod, later) signs one when it renders.
// - Thumbnails a user uploads (POST /api/thumbnail, thumbnails/<owner>/<id>.<ext>) are meant to be
//   shown: real clients put /asset/thumbnail/{thumbnailId} in <img src> without credentials, so that
//   route serves them without auth (box context). It must not serve a poster (a Thumbnail row with
//   boxItemId set) to anyone but through this signed path; an owner who wants the poster public
//   uploads it (or a later "use as thumbnail" copies it to a thumbnails/ key).
//
// Band: every 200/206 media response is logged with its URL's band owner and body bytes, by nginx
// (access_log) or by the Node media server; the band meter adds them up every few seconds in the
// app process. A buyer's plays of an acquired content (box, vod) are the buyer's bytes, not the seller's. The owner's own box play is metered but never refused; audience plays answer
// BAND_LIMIT_EXCEEDED once the publisher's band is used up (domain/playback/band-limit.ts).

export { meterBandLogs, parseBandLines, startBandMeter } from "./band-meter";
