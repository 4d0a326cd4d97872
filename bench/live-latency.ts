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
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { LIVE_HLS_CONFIG } from "../src/lib/live-hls-config";
import { liveBenchChannels, loadAverage, quantile, sleep } from "./live-support";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 45);
const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const DIGITS = 5;
const ROW = { top: 8, height: 34, x0: 8, step: 30 };

/** The clock drawn into the picture: digit k of floor(time*100) mod 10^5 as a block at x0 + step * digit in row k. */
function clockFilter(): string {
  const v = "floor(time(0)*100)";
  return Array.from({ length: DIGITS }, (_, k) => {
    const place = 10 ** (DIGITS - 1 - k);
    return `drawtext=fontfile=${FONT}:text='█':fontcolor=white:fontsize=28:x=${ROW.x0}+${ROW.step}*mod(floor(${v}/${place})\\,10):y=${ROW.top + k * ROW.height}`;
  }).join(",");
}

/** Starts hls.js in the page and collects one lag sample (ms) per displayed frame, at most 4 a second. */
async function startPlayer(page: Page, master: string, config: Record<string, unknown>): Promise<void> {
  await page.setContent(
    `<!doctype html><video id="v" muted autoplay playsinline width="320" height="240"></video><canvas id="c" width="320" height="240"></canvas>`,
  );
  await page.addScriptTag({ path: path.join(process.cwd(), "node_modules/hls.js/dist/hls.min.js") });
  // plain script text: functions handed to page.evaluate would carry the TypeScript runner's helpers
  await page.addScriptTag({
    content: `
      const master = ${JSON.stringify(master)}, config = ${JSON.stringify(config)};
      const ROW = ${JSON.stringify(ROW)}, DIGITS = ${DIGITS};
      window.samples = [];
      window.stalls = 0;
      const video = document.getElementById("v");
      const ctx = document.getElementById("c").getContext("2d", { willReadFrequently: true });
      const hls = new Hls(config);
      hls.on(Hls.Events.ERROR, (e, d) => d.fatal && setTimeout(() => hls.loadSource(master), 1000));
      hls.loadSource(master);
      hls.attachMedia(video);
      video.addEventListener("waiting", () => window.stalls++);
      let last = 0;
      function onFrame() {
        const now = Date.now();
        if (now - last >= 250 && video.videoWidth) {
          last = now;
          ctx.drawImage(video, 0, 0, 320, 240);
          let value = 0, ok = true;
          for (let k = 0; k < DIGITS; k++) {
            const line = ctx.getImageData(0, ROW.top + k * ROW.height + 16, 320, 1).data;
            let x = -1;
            for (let i = 0; i < 320; i++) if (line[i * 4] > 128) { x = i; break; }
            const digit = Math.round((x - ROW.x0) / ROW.step);
            if (x < 0 || digit < 0 || digit > 9) ok = false;
            value = value * 10 + digit;
          }
          // the clock wraps every 1,000 s: the lag is taken modulo that
          if (ok) window.samples.push((((Math.floor(now / 10) - value) % 100000) + 100000) % 100000 * 10);
        }
        video.requestVideoFrameCallback(onFrame);
      }
      video.requestVideoFrameCallback(onFrame);
    `,
  });
}

async function waitForSegments(playlist: string, count: number, timeoutSeconds: number): Promise<void> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  while (Date.now() < deadline) {
    const res = await fetch(playlist).catch(() => undefined);
    if (res?.ok && (await res.text()).split("\n").filter((l) => l.endsWith(".ts")).length >= count) return;
    await sleep(250);
  }
  throw new Error(`${playlist}: fewer than ${count} segments after ${timeoutSeconds} s`);
}

interface Latency {
  samples: number;
  p50: number;
  p95: number;
  max: number;
  /** "waiting" events of the video element while sampling (the player ran dry). */
  stalls: number;
}

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
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--autoplay-policy=no-user-gesture-required"],
  });
  try {
    // a viewer who joins a running stream: the playlist is full (hls.js starts its sync distance behind the edge)
    await waitForSegments(`${ch.base}src/index.m3u8`, 5, 10 * segmentSeconds + 20);
    const page = await browser.newPage();
    page.on("pageerror", (err) => console.warn(`page: ${err.message}`));
    await startPlayer(page, `${ch.base}master.m3u8`, playerConfig);
    await sleep(WARMUP * 1000);
    await page.evaluate(() => Object.assign(window, { samples: [], stalls: 0 }));
    await sleep(SECONDS * 1000);
    const { samples, stalls } = await page.evaluate(() => {
      const w = window as unknown as { samples: number[]; stalls: number };
      return { samples: w.samples, stalls: w.stalls };
    });
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
