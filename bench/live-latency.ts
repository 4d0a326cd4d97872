// Glass-to-glass latency of live streams: ffmpeg publishes over RTMP a picture that carries the wall
// clock (five white blocks whose positions are the digits of the time in centiseconds, drawn by
// drawtext from ffmpeg's time(0) as each frame is made, so the encoder's own clock is in the pixels);
// a headless Chromium plays the channel's signed live master with hls.js and, at each displayed frame
// (requestVideoFrameCallback), reads the digits back from a canvas and reports now minus the frame's
// time. Same machine, same clock: no clock offset to correct.
//
// Two configurations in the same run: the product's (1 s fragments, 1 s GOP, the player's live
// settings: src/lib/live-hls-config.ts) and a plain baseline (4 s fragments, 4 s GOP,
// hls.js defaults). Target: passthrough median <= 3 s, p95 <= 4 s.
// Run after `npm run build`: `npx tsx bench/live-latency.ts`. Writes "Live latency" in docs/perf.md.
// BENCH_WARMUP (default 15) and BENCH_SECONDS (default 45) per configuration.
import { chromium } from "@playwright/test";
import { LIVE_HLS_CONFIG } from "../src/lib/live-hls-config";
import { liveBenchChannels, loadAverage, quantile, sleep } from "./live-support";
import { CHROMIUM_LAUNCH, clockFilter, startPlayer, takeSamples, waitForSegments, type Latency } from "./live-clock";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 45);

async function measure(segmentSeconds: number, playerConfig: Record<string, unknown>): Promise<Latency> {
  const { live, channels } = await liveBenchChannels({ LIVE_SEGMENT_SECONDS: String(segmentSeconds) });
  const ch = channels[0]!;
  const publisher = ch.publish({
    seconds: WARMUP + SECONDS + 12 * segmentSeconds + 60,
    source: "color=c=black",
    size: "320x240",
    videoFilter: clockFilter(),
    keyframeSeconds: segmentSeconds,
  });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  try {
    // a viewer who joins a running stream: the playlist is full (hls.js starts its sync distance behind the edge)
    await waitForSegments(`${ch.base}src/index.m3u8`, 5, 10 * segmentSeconds + 20);
    const page = await browser.newPage();
    page.on("pageerror", (err) => console.warn(`page: ${err.message}`));
    await startPlayer(page, `${ch.base}master.m3u8`, playerConfig);
    await sleep(WARMUP * 1000);
    await takeSamples(page);
    await sleep(SECONDS * 1000);
    const { samples, stalls } = await takeSamples(page);
    const state = await page.evaluate(() => {
      const v = document.querySelector("video")!;
      return `currentTime ${v.currentTime.toFixed(1)}, readyState ${v.readyState}, ${v.videoWidth}x${v.videoHeight}`;
    });
    console.log(`${segmentSeconds} s fragments: ${samples.length} samples; video ${state}; encoder: ${publisher.output().slice(-300)}`);
    // a misread digit gives an absurd lag (minutes): dropped, and counted in the table
    const valid = samples.filter((s) => s >= 0 && s < 60_000);
    if (valid.length < SECONDS) throw new Error(`too few readable frames: ${valid.length} of ${samples.length}`);
    return { samples: valid.length, p50: quantile(valid, 0.5), p95: quantile(valid, 0.95), max: Math.max(...valid), stalls };
  } finally {
    await browser.close();
    await publisher.stop();
    await live.stop();
  }
}

async function main(): Promise<void> {
  assertBuilt();
  delete process.env.DATABASE_URL; // the embedded database: the figure is the media path's
  const started = machine();
  const loadBefore = loadAverage();
  const product = await measure(1, LIVE_HLS_CONFIG);
  const baseline = await measure(4, {});
  const s = (ms: number) => fmt(ms / 1000, 2);
  const row = (name: string, l: Latency) => `| ${name} | ${l.samples} | ${s(l.p50)} | ${s(l.p95)} | ${s(l.max)} | ${l.stalls} |`;
  const verdict = product.p50 <= 3000 && product.p95 <= 4000 ? "met" : "missed";
  const md = `
\`npx tsx bench/live-latency.ts\` after \`npm run build\`: ffmpeg (libx264 ultrafast, zerolatency, 320x240 at 25 fps)
publishes over RTMP a picture carrying its wall clock (digits drawn as block positions from ffmpeg's
\`time(0)\` per frame); headless Chromium plays the signed live master through the nginx edge with
hls.js and reads the clock back from each displayed frame (requestVideoFrameCallback, canvas): lag = now
minus the frame's clock, both on this machine's clock. The player joins once the playlist holds 5
fragments (a viewer arriving during the stream), then ${WARMUP} s warm-up, then ${SECONDS} s of samples
(4 a second) per configuration; ${started}; load average (1/5/15 min) ${loadBefore} before, ${loadAverage()} after.

| configuration | samples | median s | p95 s | max s | stalls |
| --- | ---: | ---: | ---: | ---: | ---: |
${row("passthrough: 1 s fragments, 1 s GOP, hls.js liveSyncDuration 1.5 s (the product's player)", product)}
${row("baseline: 4 s fragments, 4 s GOP, hls.js defaults", baseline)}

Target (passthrough median <= 3 s, p95 <= 4 s): ${verdict}.
`;
  console.log(md);
  await writeSection("Live latency", md);
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
