// The wall clock in the picture, and a player that reads it back (bench/live-latency.ts,
// bench/live-across-nodes.ts): ffmpeg draws five white blocks whose positions are the digits of the
// time in centiseconds (drawtext from ffmpeg's time(0) as each frame is made); a headless Chromium
// plays a live master with hls.js and, at each displayed frame (requestVideoFrameCallback), reads the
// digits back from a canvas and records now minus the frame's time. Same machine, same clock.
import path from "node:path";
import type { Page } from "@playwright/test";
import { sleep } from "./live-support";

const FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
const DIGITS = 5;
const ROW = { top: 8, height: 34, x0: 8, step: 30 };

/** The clock drawn into the picture: digit k of floor(time*100) mod 10^5 as a block at x0 + step * digit in row k. */
export function clockFilter(): string {
  const v = "floor(time(0)*100)";
  return Array.from({ length: DIGITS }, (_, k) => {
    const place = 10 ** (DIGITS - 1 - k);
    return `drawtext=fontfile=${FONT}:text='█':fontcolor=white:fontsize=28:x=${ROW.x0}+${ROW.step}*mod(floor(${v}/${place})\\,10):y=${ROW.top + k * ROW.height}`;
  }).join(",");
}

/** Starts hls.js in the page and collects one lag sample (ms) per displayed frame, at most 4 a second. */
export async function startPlayer(page: Page, master: string, config: Record<string, unknown>): Promise<void> {
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

export async function waitForSegments(playlist: string, count: number, timeoutSeconds: number): Promise<void> {
  const deadline = Date.now() + timeoutSeconds * 1000;
  while (Date.now() < deadline) {
    const res = await fetch(playlist).catch(() => undefined);
    if (res?.ok && (await res.text()).split("\n").filter((l) => l.endsWith(".ts")).length >= count) return;
    await sleep(250);
  }
  throw new Error(`${playlist}: fewer than ${count} segments after ${timeoutSeconds} s`);
}

export interface Latency {
  samples: number;
  p50: number;
  p95: number;
  max: number;
  /** "waiting" events of the video element while sampling (the player ran dry). */
  stalls: number;
}

/** The samples (ms) and stalls collected since the last call, in one page. */
export async function takeSamples(page: Page): Promise<{ samples: number[]; stalls: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { samples: number[]; stalls: number };
    const out = { samples: w.samples, stalls: w.stalls };
    Object.assign(window, { samples: [], stalls: 0 });
    return out;
  });
}

/** Headless Chromium as the e2e tests run it (Debian's). */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--autoplay-policy=no-user-gesture-required"],
};
