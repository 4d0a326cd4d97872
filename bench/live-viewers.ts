// 200 concurrent HLS viewers of one live stream through the nginx edge, for 60 s: each viewer is an
// HLS client loop in this process (the signed media playlist every half fragment, every new fragment
// downloaded whole, in order) with a simulated playhead: playback starts once 2 s are buffered and a
// stall is the time the playhead waits at the end of the buffer. Reports failed requests, the longest
// stall of any viewer (target: none longer than one fragment, 1 s) and the CPU the edge's nginx used.
// The encoder publishes 640x360 at 1 Mbit/s (1 s GOP), passthrough.
// Run after `npm run build`: `npx tsx bench/live-viewers.ts`. Writes "Live viewers" in docs/perf.md.
// BENCH_VIEWERS (default 200), BENCH_SECONDS (default 60).
import path from "node:path";
import { liveBenchChannels, loadAverage, nginxCpuSeconds, quantile, sleep } from "./live-support";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const VIEWERS = Number(process.env.BENCH_VIEWERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const START_BUFFER = 2;

interface Viewer {
  requests: number;
  failures: number;
  bytes: number;
  longestStallMs: number;
  stalls: number;
}

const segmentsOf = (text: string) => {
  const out: { uri: string; duration: number }[] = [];
  let duration = 0;
  for (const line of text.split("\n")) {
    if (line.startsWith("#EXTINF:")) duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith("#")) out.push({ uri: line, duration });
  }
  return out;
};

/** One viewer until `until`: joins at the live edge (the last two fragments), then follows the playlist. */
async function watch(playlist: string, until: number): Promise<Viewer> {
  const v: Viewer = { requests: 0, failures: 0, bytes: 0, longestStallMs: 0, stalls: 0 };
  const seen = new Set<string>();
  let buffered = 0; // media seconds downloaded
  let playStart = 0; // wall time playback started
  let stalled = 0; // total ms waited so far
  let stallSince = 0;
  const playhead = (now: number) => (playStart ? (now - playStart - stalled) / 1000 : 0);
  const tick = (now: number) => {
    if (!playStart) return;
    if (stallSince) return;
    if (playhead(now) >= buffered) {
      stallSince = playStart + stalled + buffered * 1000; // the moment the buffer ran dry
      v.stalls++;
    }
  };
  const grow = (seconds: number, now: number) => {
    tick(now);
    buffered += seconds;
    if (stallSince) {
      const waited = now - stallSince;
      stalled += waited;
      v.longestStallMs = Math.max(v.longestStallMs, waited);
      stallSince = 0;
    }
    if (!playStart && buffered >= START_BUFFER) playStart = now;
  };
  let joined = false;
  while (Date.now() < until) {
    v.requests++;
    const res = await fetch(playlist).catch(() => undefined);
    if (!res?.ok) {
      v.failures++;
      await res?.arrayBuffer().catch(() => {});
      await sleep(500);
      continue;
    }
    const list = segmentsOf(await res.text());
    const fresh = (joined ? list : list.slice(-2)).filter((s) => !seen.has(s.uri));
    for (const s of list) if (!joined) seen.add(s.uri);
    joined = true;
    for (const s of fresh) {
      seen.add(s.uri);
      v.requests++;
      const seg = await fetch(new URL(s.uri, playlist)).catch(() => undefined);
      const body = seg?.ok ? await seg.arrayBuffer().catch(() => undefined) : undefined;
      if (!body) {
        v.failures++;
        continue;
      }
      v.bytes += body.byteLength;
      grow(s.duration, Date.now());
    }
    tick(Date.now());
    await sleep(500);
  }
  return v;
}

async function main(): Promise<void> {
  assertBuilt();
  delete process.env.DATABASE_URL;
  const started = machine();
  const loadBefore = loadAverage();
  const { live, channels } = await liveBenchChannels();
  const ch = channels[0]!;
  const publisher = ch.publish({ seconds: SECONDS + 60, source: "testsrc2", size: "640x360", bitrate: "1000k" });
  try {
    const playlist = `${ch.base}src/index.m3u8`;
    // until the playlist holds a few fragments
    for (let i = 0; i < 120; i++) {
      const res = await fetch(playlist).catch(() => undefined);
      if (res?.ok && segmentsOf(await res.text()).length >= 4) break;
      await sleep(250);
    }
    const pidFile = path.join(live.server.dataDir, "nginx", "nginx.pid");
    const rtmpPidFile = path.join(live.server.dataDir, "nginx-rtmp", "nginx.pid");
    const [edgeBefore, rtmpBefore, selfBefore] = [nginxCpuSeconds(pidFile), nginxCpuSeconds(rtmpPidFile), process.cpuUsage()];
    const t0 = Date.now();
    const until = t0 + SECONDS * 1000;
    // viewers arrive over the first two seconds, as a crowd does
    const viewers = await Promise.all(
      Array.from({ length: VIEWERS }, (_, i) => sleep((2000 * i) / VIEWERS).then(() => watch(playlist, until))),
    );
    const wall = (Date.now() - t0) / 1000;
    const edgeCpu = (nginxCpuSeconds(pidFile) - edgeBefore) / wall;
    const rtmpCpu = (nginxCpuSeconds(rtmpPidFile) - rtmpBefore) / wall;
    const self = process.cpuUsage(selfBefore);
    const clientsCpu = (self.user + self.system) / 1e6 / wall;
    const requests = viewers.reduce((s, v) => s + v.requests, 0);
    const failures = viewers.reduce((s, v) => s + v.failures, 0);
    const bytes = viewers.reduce((s, v) => s + v.bytes, 0);
    const longest = Math.max(...viewers.map((v) => v.longestStallMs));
    const stalled = viewers.filter((v) => v.stalls > 0).length;
    const p99Stall = quantile(
      viewers.map((v) => v.longestStallMs),
      0.99,
    );
    const pct = (x: number) => `${fmt(x * 100)} %`;
    const md = `
\`npx tsx bench/live-viewers.ts\` after \`npm run build\`: ${VIEWERS} HLS clients (one Node process, on this
machine) follow one live stream (640x360, 1 Mbit/s, 1 s GOP and fragments, passthrough) through the
nginx edge's signed URLs for ${SECONDS} s: the media playlist every 0.5 s, each new fragment downloaded
whole; a simulated playhead starts at ${START_BUFFER} s buffered, and a stall is the time it waits at the end of
the buffer. CPU as a share of one core over the run. ${started}; load average (1/5/15 min) ${loadBefore} before, ${loadAverage()} after.

| viewers | requests | failed | delivered | viewers that stalled | longest stall | p99 of each viewer's longest stall | edge nginx CPU | nginx-rtmp CPU | clients' CPU |
| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| ${VIEWERS} | ${fmt(requests)} | ${failures} | ${fmt((bytes * 8) / wall / 1e6)} Mbit/s | ${stalled} | ${fmt(longest)} ms | ${fmt(p99Stall)} ms | ${pct(edgeCpu)} | ${pct(rtmpCpu)} | ${pct(clientsCpu)} |

Targets: no failed request (${failures === 0 ? "met" : "missed"}), no stall longer than one fragment, 1 s (${longest <= 1000 ? "met" : "missed"}).
`;
    console.log(md);
    await writeSection("Live viewers", md);
  } finally {
    await publisher.stop();
    await live.stop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
