// The peers' way of running a linear channel (ffplayout, ErsatzTV): one ffmpeg per channel, reading
// the programme's files in a loop in real time (-re) and re-encoding them to HLS. This bench counts
// how many such channels this machine sustains: N channels run side by side for a while, each
// reporting its encoding speed (ffmpeg -progress); N is sustained when every channel keeps real
// time (speed >= 0.98 over the measured part). N grows 1, 2, 3, ... until it is not. The output is a
// typical channel's: 1280x720 at 25 fps, libx264 veryfast, 2.5 Mbit/s, AAC, 6 s segments, from a
// 720p H.264 source. Kinora's own figure (the playout stitches packaged segments; no encoder per
// channel) is in "Cast channels" (bench/cast-channels.ts).
// Run on a quiet machine: `npx tsx bench/cast-peer.ts`. Writes "Cast: one ffmpeg per channel" in
// docs/perf.md. BENCH_SECONDS (default 40) per step, of which the first 10 are warm-up.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadAverage, sleep } from "./live-support";
import { fmt, machine, writeSection } from "./report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 40);
const WARMUP = 10;
const MAX_CHANNELS = Number(process.env.BENCH_MAX_CHANNELS ?? 16);

/** A 20 s 720p25 H.264/AAC source, the programme each channel loops. */
function makeSource(dir: string): string {
  const file = path.join(dir, "programme.mp4");
  // prettier-ignore
  const r = spawnSync("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-y",
    "-f", "lavfi", "-i", "testsrc2=size=1280x720:rate=25", "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
    "-t", "20", "-c:v", "libx264", "-preset", "fast", "-b:v", "4M", "-g", "50", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "128k", file,
  ]);
  if (r.status !== 0) throw new Error(`source: ${r.stderr}`);
  return file;
}

interface Channel {
  child: ChildProcess;
  /** ffmpeg's progress reports: out_time in µs by wall clock ms. */
  progress: { at: number; outUs: number }[];
  cpu(): number;
}

function startChannel(source: string, dir: string): Channel {
  mkdirSync(dir, { recursive: true });
  // prettier-ignore
  const child = spawn("ffmpeg", [
    "-hide_banner", "-loglevel", "error", "-nostdin", "-re", "-stream_loop", "-1", "-i", source,
    "-c:v", "libx264", "-preset", "veryfast", "-b:v", "2500k", "-maxrate", "2500k", "-bufsize", "5000k", "-g", "50", "-keyint_min", "50", "-sc_threshold", "0",
    "-c:a", "aac", "-b:a", "128k",
    "-f", "hls", "-hls_time", "6", "-hls_list_size", "10", "-hls_flags", "delete_segments", "-progress", "pipe:1", path.join(dir, "index.m3u8"),
  ], { stdio: ["ignore", "pipe", "ignore"] });
  const progress: Channel["progress"] = [];
  let buffer = "";
  child.stdout!.on("data", (d: Buffer) => {
    buffer += d.toString();
    let nl;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      const m = /^out_time_us=(\d+)/.exec(line);
      if (m) progress.push({ at: Date.now(), outUs: Number(m[1]) });
    }
  });
  // user + system CPU seconds of the process (/proc/<pid>/stat, fields 14 and 15, in clock ticks of 1/100 s)
  const cpu = () => {
    try {
      const stat = readFileSync(`/proc/${child.pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return 0;
    }
  };
  return { child, progress, cpu };
}

/** Media seconds encoded per wall second between `from` and the last report. */
function speedSince(c: Channel, from: number): number {
  const after = c.progress.filter((p) => p.at >= from);
  if (after.length < 2) return 0;
  const first = after[0]!;
  const last = after[after.length - 1]!;
  return (last.outUs - first.outUs) / 1000 / (last.at - first.at);
}

async function step(n: number, source: string, work: string): Promise<{ n: number; slowest: number; cpuPerChannel: number }> {
  const channels = Array.from({ length: n }, (_, i) => startChannel(source, path.join(work, `n${n}-c${i}`)));
  await sleep(WARMUP * 1000);
  const from = Date.now();
  const cpu0 = channels.map((c) => c.cpu());
  await sleep((SECONDS - WARMUP) * 1000);
  const cpu1 = channels.map((c) => c.cpu());
  const speeds = channels.map((c) => speedSince(c, from));
  for (const c of channels) c.child.kill("SIGKILL");
  await sleep(1000);
  const cpuPerChannel = cpu1.reduce((s, v, i) => s + v - cpu0[i]!, 0) / n / ((SECONDS - WARMUP) * 1.0);
  return { n, slowest: Math.min(...speeds), cpuPerChannel };
}

async function main(): Promise<void> {
  const work = mkdtempSync(path.join(os.tmpdir(), "kinora-cast-peer-"));
  const started = machine();
  const before = loadAverage();
  try {
    const source = makeSource(work);
    const rows: Awaited<ReturnType<typeof step>>[] = [];
    for (let n = 1; n <= MAX_CHANNELS; n++) {
      const r = await step(n, source, work);
      rows.push(r);
      console.log(`${n} channel(s): slowest ${r.slowest.toFixed(3)}x real time, ${(r.cpuPerChannel * 100).toFixed(0)} % of a core each`);
      if (r.slowest < 0.98) break;
    }
    const sustained = rows.filter((r) => r.slowest >= 0.98).length;
    const md = `\`npx tsx bench/cast-peer.ts\`: the peers' playout (ffplayout, ErsatzTV), one ffmpeg per channel looping a
720p25 H.264 programme in real time (\`-re -stream_loop -1\`) and re-encoding it to HLS (1280x720, libx264 veryfast,
2.5 Mbit/s, AAC 128 kbit/s, 6 s segments). N channels side by side for ${SECONDS} s (the first ${WARMUP} s warm-up); a
step is sustained when every channel encodes at least 0.98 s of media per second. ${started}; load average (1/5/15 min)
${before} before, ${loadAverage()} after.

| channels | slowest channel's speed | CPU per channel (share of one core) |
| -------: | ----------------------: | ----------------------------------: |
${rows.map((r) => `| ${r.n} | ${r.slowest.toFixed(3)}x | ${fmt(r.cpuPerChannel * 100)} % |`).join("\n")}

**This machine sustains ${sustained} channel(s) the peers' way.** Kinora's playout needs no encoder per channel (see
"Cast channels").`;
    await writeSection("Cast: one ffmpeg per channel", md);
    console.log(md);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
