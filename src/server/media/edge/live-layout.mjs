// What the RTMP ingest (nginx-rtmp.mjs, run by the launcher) and the app (src/server/media/live, src/server/domain/live) agree on:
// the RTMP application, the ladder, where the ingest's files are and the callbacks' secret. Plain ESM
// without file or process code, so the app's bundle imports it without tracing the launcher.
import { createHmac } from "node:crypto";
import path from "node:path";

/** The RTMP application encoders publish to (the channel's streamingBaseUrl ends in it). */
export const RTMP_APP = "live";

/**
 * The RTMP application cast streams are published to (same credentials as live channels): its HLS
 * keeps CAST_PLAYLIST_SECONDS of fragments, so a cast channel's playout can relay a stream from the
 * start of its numbering cell (media/cast/playout-timeline.ts LIVE_CELL_MS, 5 min, plus its window).
 */
export const CAST_RTMP_APP = "cast";
export const CAST_PLAYLIST_SECONDS = 420;

/** The ABR ladder of LIVE_TRANSCODE=1, made from the passthrough by one ffmpeg per stream (exec_push). */
export const LIVE_LADDER = [
  { name: "720p", height: 720, videoKbps: 2500, audioKbps: 128 },
  { name: "360p", height: 360, videoKbps: 800, audioKbps: 96 },
];

/** Where the ingest keeps its files, all under DATA_DIR (local disk, whatever STORAGE_DRIVER says). */
export function livePaths(dataDir) {
  const prefix = path.join(dataDir, "nginx-rtmp");
  return {
    prefix,
    /** nginx-rtmp's statistics (rtmp_stat XML), on a socket only this machine's processes can open. */
    statSocket: path.join(prefix, "stat.sock"),
    /** Passthrough HLS, one directory per stream path (hls_nested). */
    hlsDir: path.join(dataDir, "live", "hls"),
    /** Cast streams' HLS, one directory per stream path, fragments named by the clock (ms) when they began. */
    castHlsDir: path.join(dataDir, "live", "cast"),
    /** The ladder's HLS, one directory per stream path and rung: <streamPath>_<rung>. */
    ladderDir: path.join(dataDir, "live", "ladder"),
    /** Recorded copies (FLV, as received), until the recording job made them box items. */
    recordDir: path.join(dataDir, "live", "rec"),
  };
}

/** The secret nginx-rtmp sends with its callbacks (derived from the media key, which both sides know). */
export function liveHookSecret(mediaKey) {
  return createHmac("sha256", mediaKey).update("kinora live hooks v1").digest("hex");
}

/**
 * The secret a Kinora edge or caching tier sends (header COUNTED_HEADER) when it fetches media for its
 * viewer from another edge (media-node.mjs serveLiveElsewhere, ops/nginx/cache-tier.conf.template): the
 * edge that answers counts no band for those bytes, the one in front did. A secret, so that a viewer
 * cannot send it to go uncounted.
 */
export function countedSecret(mediaKey) {
  return createHmac("sha256", mediaKey).update("kinora bytes counted in front v1").digest("hex");
}
export const COUNTED_HEADER = "x-kinora-counted";
/** Set by an edge fetching a live file from another node: that node does not look further (no loops). */
export const FORWARDED_HEADER = "x-kinora-live-forwarded";
