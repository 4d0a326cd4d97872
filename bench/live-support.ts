// Shared by the live benchmarks: a server with its RTMP ingest, a channel of a user with a live
// password, an encoder publishing to it, and the channel's signed live URLs. Channels are inserted in
// the database (test/support/live-fixtures.ts), as in the ingest tests.
import { readFileSync } from "node:fs";
import os from "node:os";
import { Api } from "../test/support/api";
import {
  insertLiveChannel,
  insertLiveEvent,
  publishTestPattern,
  startLiveServer,
  type LiveTestServer,
  type Publisher,
} from "../test/support/live-fixtures";
import { signAs } from "../test/contract/playback-fixtures";
import { processTreeCpuSeconds } from "./report";

export interface LiveBenchChannel {
  id: string;
  /** Signed base URL of the channel's live tree, ending in "/". */
  base: string;
  /** An encoder publishing to the channel. */
  publish(o: Parameters<typeof publishTestPattern>[1]): Publisher;
}

const PASSWORD = "bench-live-1";

/** A server (env: e.g. LIVE_SEGMENT_SECONDS) with `count` channels of a fresh user, each with an event on air. */
export async function liveBenchChannels(
  env: Record<string, string> = {},
  count = 1,
): Promise<{ live: LiveTestServer; channels: LiveBenchChannel[] }> {
  const live = await startLiveServer(env);
  const api = new Api(live.server.url);
  const user = await api.newUser();
  const res = await api.post(
    "/api/user/me",
    { profile: { firstName: "Bench", lastName: "Live", birthDate: "15/06/1990", email: user.email }, features: { livePassword: PASSWORD } },
    { token: user.access },
  );
  if (res.status !== 200) throw new Error(`live password: ${res.status} ${res.text}`);
  const paths = Array.from({ length: count }, (_, i) => `bench-${user.userCode}-${i}`);
  const rows = await live.sql(async (sql) => {
    const out = [];
    for (const streamPath of paths) {
      const ch = await insertLiveChannel(sql, { ownerUserCode: user.userCode, streamPath });
      await insertLiveEvent(sql, {
        channelId: ch.id,
        name: "Bench",
        startsAt: new Date(Date.now() - 60_000),
        endsAt: new Date(Date.now() + 6 * 3_600_000),
      });
      out.push(ch);
    }
    return out;
  });
  const expires = Math.floor(Date.now() / 1000) + 6 * 3600;
  const channels = rows.map((ch, i) => {
    const url = `rtmp://127.0.0.1:${live.server.rtmpPort}/live/${paths[i]}?user=${user.userCode}&password=${PASSWORD}`;
    return {
      id: ch.id,
      base: live.server.url + signAs(live.server, "live", ch.ownerId, ch.id, expires),
      publish: (o: Parameters<typeof publishTestPattern>[1]) => publishTestPattern(url, o),
    };
  });
  return { live, channels };
}

/** CPU seconds used so far by the nginx whose pid file is given: its master and workers. */
export const nginxCpuSeconds = (pidFile: string): number => processTreeCpuSeconds(Number(readFileSync(pidFile, "utf8").trim()));

export const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" / ");

export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
