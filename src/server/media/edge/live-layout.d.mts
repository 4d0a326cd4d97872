// Types of live-layout.mjs.

export const RTMP_APP: string;
export const CAST_RTMP_APP: string;
export const CAST_PLAYLIST_SECONDS: number;
export interface LiveRung {
  name: string;
  height: number;
  videoKbps: number;
  audioKbps: number;
}
export const LIVE_LADDER: readonly LiveRung[];
export interface LivePaths {
  prefix: string;
  statSocket: string;
  hlsDir: string;
  castHlsDir: string;
  ladderDir: string;
  recordDir: string;
}
export function livePaths(dataDir: string): LivePaths;
export function liveHookSecret(mediaKey: string): string;
export function countedSecret(mediaKey: string): string;
export const COUNTED_HEADER: string;
export const FORWARDED_HEADER: string;
