// Types of nginx-rtmp.mjs.

import type { LivePaths } from "./live-layout.mjs";

export const RTMP_MODULE: string;
export type RtmpLookup = { ok: true; required: boolean; binary: string } | { ok: false; required: boolean; reason: string };
export function findRtmp(env: Record<string, string | undefined>): RtmpLookup;
export interface RtmpOptions {
  binary: string;
  dataDir: string;
  host: string;
  port: number;
  hookBase: string;
  mediaKey: string;
  segmentSeconds: number;
  transcode: boolean;
  isRoot: boolean;
}
export function rtmpConfig(o: {
  prefix: string;
  host: string;
  port: number;
  hookBase: string;
  secret: string;
  paths: LivePaths;
  segmentSeconds: number;
  transcode: boolean;
  isRoot: boolean;
}): string;
export function ladderScript(o: { port: number; segmentSeconds: number }): string;
export function startRtmp(o: RtmpOptions): Promise<{ confPath: string; exited: Promise<number | string>; stop(): Promise<void> }>;
