/**
 * hls.js settings for live streams of 1 s fragments (the ingest's): 1.5 s behind the newest fragment
 * of the playlist, never more than 3.5 s (then it catches up at up to 1.5x). A fragment is listed
 * about 0.2 s after its last frame arrived, so the picture shows about 2.5 s after it was captured
 * (bench/live-latency.ts measures exactly these settings; docs/perf.md "Live latency").
 */
export const LIVE_HLS_CONFIG = { liveSyncDuration: 1.5, liveMaxLatencyDuration: 3.5, maxLiveSyncPlaybackRate: 1.5 };
