// Live through another node than the ingest node (issue 24): glass-to-glass latency of one stream
// played at the same time through the ingest node's own edge (the single-node path: the files on its
// disk) and through a web node that has none of them (its Node process fetches each playlist and
// fragment from the ingest node: src/server/media/live/live-origin.ts). One encoder, one browser, two
// pages side by side, so both figures share the machine's load. Target: the web node's median within
// 0.5 s of the ingest node's. PostgreSQL only (one PGlite process is one node), one S3 bucket (s3rver on
// loopback) shared by both nodes. Run after `npm run build`: `npx tsx bench/live-across-nodes.ts`.
// Writes "Live across nodes" in docs/perf.md. Where hls.js starts in a live playlist depends on the
// moment it loads (a fragment's phase, up to its length), so both pages load at once, and again in each
// of BENCH_ROUNDS (default 3) rounds: BENCH_WARMUP (default 10) s, then BENCH_SECONDS (default 20) s of
// samples per round.
import { randomBytes } from "node:crypto";
import { chromium } from "@playwright/test";
import { LIVE_HLS_CONFIG } from "../src/lib/live-hls-config";
import { Api } from "../test/support/api";
import { publishTestPattern } from "../test/support/live-fixtures";
import { createChannel, createEvent, setLivePassword } from "../test/contract/live-fixtures";
import { newUser } from "../test/contract/users-fixtures";
import { startBenchCluster } from "./cluster-support";
import { CHROMIUM_LAUNCH, clockFilter, startPlayer, takeSamples, waitForSegments, type Latency } from "./live-clock";
import { loadAverage, quantile, sleep } from "./live-support";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_MS = 500;
const PASSWORD = "bench-across-1";

const summarize = ({ samples, stalls }: { samples: number[]; stalls: number }): Latency => {
  // a misread digit gives an absurd lag (minutes): dropped
  const valid = samples.filter((s) => s >= 0 && s < 60_000);
  if (valid.length < SECONDS * ROUNDS) throw new Error(`too few readable frames: ${valid.length} of ${samples.length}`);
  return { samples: valid.length, p50: quantile(valid, 0.5), p95: quantile(valid, 0.95), max: Math.max(...valid), stalls };
};

async function main(): Promise<void> {
  assertBuilt();
  const header = machine();
  const loadBefore = loadAverage();
  const cluster = await startBenchCluster({ AUTH_SECRET: randomBytes(32).toString("hex") });
  const browsers = [await chromium.launch(CHROMIUM_LAUNCH), await chromium.launch(CHROMIUM_LAUNCH)];
  let publisher: ReturnType<typeof publishTestPattern> | undefined;
  try {
    const ingest = await cluster.start({ KINORA_ROLES: "ingest" }, /Kinora node ready: ingest/);
    const web = await cluster.start({ KINORA_ROLES: "web" });
    const api = new Api(web.url);
    const owner = await newUser(api);
    await setLivePassword(api, owner, PASSWORD);
    const channel = await createChannel(api, owner);
    await createEvent(api, owner, channel.channelId, Date.now() - 60_000, Date.now() + 3_600_000);
    publisher = publishTestPattern(
      `rtmp://127.0.0.1:${ingest.rtmpPort}/live/${channel.streamPath}?user=${owner.userCode}&password=${PASSWORD}`,
      {
        seconds: ROUNDS * (WARMUP + SECONDS + 5) + 90,
        source: "color=c=black",
        size: "320x240",
        videoFilter: clockFilter(),
        keyframeSeconds: 1,
      },
    );
    const played = await api.post(`/api/public/live/channel/${channel.channelId}/play`, {}, { token: owner.access });
    if (played.status !== 200) throw new Error(`play: ${played.status} ${played.text}`);
    const master = new URL(played.body.streamer).pathname;
    const through = { ingest: ingest.url + master, web: web.url + master };
    // viewers who join a running stream: the playlist is full
    await waitForSegments(ingest.url + new URL("src/index.m3u8", `http://x${master}`).pathname, 5, 40);
    const pooled = { ingest: { samples: [] as number[], stalls: 0 }, web: { samples: [] as number[], stalls: 0 } };
    for (let round = 0; round < ROUNDS; round++) {
      // a browser each: two pages of one browser are not equal (one has the focus)
      const pages = { ingest: await browsers[0]!.newPage(), web: await browsers[1]!.newPage() };
      for (const [name, page] of Object.entries(pages)) page.on("pageerror", (err) => console.warn(`${name} page: ${err.message}`));
      await Promise.all([startPlayer(pages.ingest, through.ingest, LIVE_HLS_CONFIG), startPlayer(pages.web, through.web, LIVE_HLS_CONFIG)]);
      await sleep(WARMUP * 1000);
      await Promise.all([takeSamples(pages.ingest), takeSamples(pages.web)]);
      await sleep(SECONDS * 1000);
      const [i, w] = await Promise.all([takeSamples(pages.ingest), takeSamples(pages.web)]);
      console.log(`round ${round + 1}: ingest median ${quantile(i.samples, 0.5)} ms, web median ${quantile(w.samples, 0.5)} ms`);
      for (const [into, from] of [
        [pooled.ingest, i],
        [pooled.web, w],
      ] as const) {
        into.samples.push(...from.samples);
        into.stalls += from.stalls;
      }
      await Promise.all([pages.ingest.close(), pages.web.close()]);
    }
    const [single, across] = [summarize(pooled.ingest), summarize(pooled.web)];
    const s = (ms: number) => fmt(ms / 1000, 2);
    const row = (name: string, l: Latency) => `| ${name} | ${l.samples} | ${s(l.p50)} | ${s(l.p95)} | ${s(l.max)} | ${l.stalls} |`;
    const gap = across.p50 - single.p50;
    const md = `
\`npx tsx bench/live-across-nodes.ts\` after \`npm run build\`: PostgreSQL, one S3 bucket (s3rver), an ingest
node (\`KINORA_ROLES=ingest\`) and a web node (\`KINORA_ROLES=web\`), each with its own \`DATA_DIR\`. ffmpeg
publishes to the ingest node a picture carrying its wall clock (as in "Live latency": 1 s fragments,
1 s GOP, 320x240 at 25 fps); two headless Chromiums play the same signed live master at once with the
product's hls.js settings: through the ingest node's edge (the files on its disk: the
single-node path) and through the web node, whose disk has none of them (each playlist and fragment
fetched from the ingest node's edge). Both pages load at once (where hls.js starts depends on the
moment it loads), in ${ROUNDS} rounds of ${WARMUP} s warm-up and ${SECONDS} s of samples (4 a second), pooled;
${header}; load average (1/5/15 min) ${loadBefore} before, ${loadAverage()} after.

| played through | samples | median s | p95 s | max s | stalls |
| --- | ---: | ---: | ---: | ---: | ---: |
${row("the ingest node (single-node path, baseline)", single)}
${row("a web node without the files (fetched from the ingest node)", across)}

Median difference (web node minus ingest node): ${fmt(gap / 1000, 2)} s. Target (the web node's median at
most ${TARGET_MS / 1000} s above the single-node figure): ${gap <= TARGET_MS ? "met" : "missed"}.
`;
    console.log(md);
    await writeSection("Live across nodes", md);
  } finally {
    await publisher?.stop();
    for (const browser of browsers) await browser.close();
    await cluster.stop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
