import http from "node:http";
import { env } from "@/server/env";
import { RTMP_APP, livePaths } from "@/server/media/edge/live-layout.mjs";

// nginx-rtmp's statistics (rtmp_stat), read on its unix socket (DATA_DIR/nginx-rtmp/stat.sock): which
// streams are publishing now, with their bytes and the encoder's metadata. Used by on_publish (is an
// open session real or left by an nginx that died?) and by the Go-live panel's ingest health.

export interface RtmpStream {
  name: string;
  /** Milliseconds since the stream started. */
  timeMs: number;
  bytesIn: number;
  /** nginx-rtmp's measure of the bits per second received lately (0 when it has none). */
  bitsPerSecondIn: number;
  /** nginx-rtmp's client ids of its publishers (one, unless a second is being refused). */
  publisherIds: string[];
  publishing: boolean;
  width?: number;
  height?: number;
  frameRate?: number;
  videoCodec?: string;
  audioCodec?: string;
}

/** The XML of rtmp_stat, or undefined when the ingest is not running. */
function readStat(socketPath: string, timeoutMs: number): Promise<string | undefined> {
  return new Promise((resolve) => {
    const req = http.get({ socketPath, path: "/stat", timeout: timeoutMs }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve(res.statusCode === 200 ? body : undefined));
      res.on("error", () => resolve(undefined));
    });
    req.on("timeout", () => req.destroy());
    req.on("error", () => resolve(undefined));
  });
}

const tag = (xml: string, name: string): string | undefined => new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml)?.[1];
const num = (xml: string, name: string): number | undefined => {
  const v = tag(xml, name);
  return v === undefined || v === "" ? undefined : Number(v);
};

/** The streams of the encoders' application, parsed from rtmp_stat's XML. */
export function parseRtmpStat(xml: string): RtmpStream[] {
  const app = new RegExp(`<application>\\s*<name>${RTMP_APP}</name>([\\s\\S]*?)</application>`).exec(xml)?.[1] ?? "";
  const streams: RtmpStream[] = [];
  for (const m of app.matchAll(/<stream>([\s\S]*?)<\/stream>/g)) {
    const s = m[1]!;
    const publishers = [...s.matchAll(/<client>([\s\S]*?)<\/client>/g)].map((c) => c[1]!).filter((c) => c.includes("<publishing/>"));
    const video = /<video>([\s\S]*?)<\/video>/.exec(s)?.[1] ?? "";
    const audio = /<audio>([\s\S]*?)<\/audio>/.exec(s)?.[1] ?? "";
    streams.push({
      name: tag(s, "name") ?? "",
      timeMs: num(s, "time") ?? 0,
      bytesIn: num(s, "bytes_in") ?? 0,
      bitsPerSecondIn: num(s, "bw_in") ?? 0,
      publisherIds: publishers.map((c) => tag(c, "id") ?? ""),
      publishing: s.includes("<publishing/>"),
      width: num(video, "width"),
      height: num(video, "height"),
      frameRate: num(video, "frame_rate"),
      videoCodec: tag(video, "codec"),
      audioCodec: tag(audio, "codec"),
    });
  }
  return streams;
}

/** The publishing streams now, or undefined when the ingest does not answer. */
export async function publishingStreams(timeoutMs = 2000): Promise<RtmpStream[] | undefined> {
  const xml = await readStat(livePaths(env().dataDir).statSocket, timeoutMs);
  return xml === undefined ? undefined : parseRtmpStat(xml).filter((s) => s.publishing);
}
