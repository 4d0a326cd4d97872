// Cast channels' output at scale: BENCH_CHANNELS (default 1,000) channels, each with a full day of
// programs (an 8-second READY clip every half hour, breaks between), and one client per channel
// fetching its media playlist every target duration (6 s, clients spread over it) and the newest
// segment it names through the edge, for BENCH_SECONDS (default 120). Reports failed requests, the
// playlist latency (p50, p95; target p95 <= 50 ms), and the server's CPU and memory per channel
// (the launcher's Node process, which renders the playlists, and the nginx edge).
// Run after `npm run build`: `npx tsx bench/cast-playout.ts` (PGlite). Writes "Cast playout" in docs/perf.md.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Api } from "../test/support/api";
import { startKinora } from "../test/support/server";
import { makeH264AacMp4, makeMediaDir } from "../test/support/media-fixtures";
import { uploadFile } from "../test/contract/box-fixtures";
import { waitReady } from "../test/contract/playback-fixtures";
import { dayOf, timed } from "../test/contract/cast-fixtures";
import { loadAverage, nginxCpuSeconds, quantile, sleep } from "./live-support";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const TARGET_MS = 6000;
const HALF_HOUR = 30 * 60_000;
const CLIP_MS = 8000;

/** CPU seconds (user + system) and resident memory (MiB) of one process. */
function processUsage(pid: number): { cpu: number; rssMiB: number } {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return { cpu: (Number(fields[11]) + Number(fields[12])) / 100, rssMiB: rss / 1024 };
}

/** A day of 48 programs from its midnight: the clip, then a break to the next half hour. */
function dayPrograms(dayStartMs: number, boxId: string) {
  const programs = [];
  for (let t = dayStartMs; t < dayStartMs + 24 * 3_600_000; t += HALF_HOUR) {
    programs.push(timed(t, t + CLIP_MS, { programType: "PRERECORDED", sourceId: boxId }));
    programs.push(timed(t + CLIP_MS, t + HALF_HOUR, { programType: "BREAK", title: "Break" }));
  }
  return programs;
}

async function inBatches<T>(count: number, width: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < count; i += width)
    out.push(...(await Promise.all(Array.from({ length: Math.min(width, count - i) }, (_, j) => fn(i + j)))));
  return out;
}

interface Client {
  /** Playlist latencies, ms; the first one of each client loads the channel's schedule (a cold cache). */
  latencies: number[];
  failures: number;
  segments: number;
}

/** One IPTV-like client of a channel until `until`: the playlist every target duration, then its newest segment. */
async function follow(mediaUrl: string, until: number, startDelay: number): Promise<Client> {
  const c: Client = { latencies: [], failures: 0, segments: 0 };
  await sleep(startDelay);
  while (Date.now() < until) {
    const next = Date.now() + TARGET_MS;
    try {
      const t = performance.now();
      const res = await fetch(mediaUrl);
      const text = await res.text();
      c.latencies.push(performance.now() - t);
      if (res.status !== 200) c.failures++;
      const newest = text
        .trim()
        .split("\n")
        .filter((l) => l && !l.startsWith("#"))
        .at(-1);
      if (newest) {
        const seg = await fetch(new URL(newest, mediaUrl));
        await seg.arrayBuffer();
        if (seg.status === 200) c.segments++;
        else c.failures++;
      }
    } catch {
      c.failures++;
    }
    await sleep(Math.max(0, next - Date.now()));
  }
  return c;
}

async function main(): Promise<void> {
  assertBuilt();
  delete process.env.DATABASE_URL;
  const at = machine();
  const server = await startKinora({});
  try {
    const api = new Api(server.url);
    const creator = await api.newUser();
    const clip = makeH264AacMp4(makeMediaDir("kinora-cast-bench-"), { durationSeconds: 8, width: 640, height: 360, keyframeSeconds: 2 });
    const uploaded = await uploadFile(api, creator.access, clip, { title: "Bench clip" });
    if (uploaded.status !== 201) throw new Error(`upload: ${uploaded.status} ${uploaded.text}`);
    const { boxId } = await waitReady(api, creator.access, uploaded.body.boxId);
    const now = Date.now();
    const days = [dayOf(now), ...(now % 86_400_000 > 86_400_000 - 3_600_000 ? [dayOf(now + 3_600_000)] : [])];
    const setupStart = Date.now();
    const mediaUrls = await inBatches(CHANNELS, 8, async (i) => {
      const res = await api.post(
        "/api/cast/channel",
        { name: `Bench ${i}`, streamPath: `bench-${i}-${now.toString(36)}` },
        { token: creator.access },
      );
      if (res.status !== 201) throw new Error(`channel: ${res.status} ${res.text}`);
      for (const day of days) {
        const start = Date.UTC(Number(day.slice(0, 4)), Number(day.slice(4, 6)) - 1, Number(day.slice(6)));
        const saved = await api.post(
          `/api/cast/channel/${res.body.channelId}/dailyprogramming/${day}`,
          { programs: dayPrograms(start, boxId) },
          {
            token: creator.access,
          },
        );
        if (saved.status !== 200) throw new Error(`day: ${saved.status} ${saved.text}`);
      }
      const played = await api.post(`/api/public/cast/channel/${res.body.channelId}/play`, {}, { token: creator.access });
      return (played.body.file as string).replace("master.m3u8", "360p.m3u8");
    });
    const setupSeconds = (Date.now() - setupStart) / 1000;
    const nginxPid = path.join(server.dataDir!, "nginx", "nginx.pid");
    const before = { node: processUsage(server.pid!), nginx: nginxCpuSeconds(nginxPid) };
    const until = Date.now() + SECONDS * 1000;
    const clients = await Promise.all(mediaUrls.map((url, i) => follow(url, until, (i / mediaUrls.length) * TARGET_MS)));
    const after = { node: processUsage(server.pid!), nginx: nginxCpuSeconds(nginxPid) };
    const latencies = clients.flatMap((c) => c.latencies);
    const steady = clients.flatMap((c) => c.latencies.slice(1));
    const failures = clients.reduce((s, c) => s + c.failures, 0);
    const segments = clients.reduce((s, c) => s + c.segments, 0);
    const nodeCpu = after.node.cpu - before.node.cpu;
    const nginxCpu = after.nginx - before.nginx;
    const p95 = quantile(steady, 0.95);
    const rows = [
      ["channels (one client each)", fmt(CHANNELS)],
      ["playlist requests / segment requests", `${fmt(latencies.length)} / ${fmt(segments)}`],
      ["failed requests", fmt(failures)],
      [
        "playlist latency p50 / p95 / max (ms), steady state (each client's later fetches)",
        `${fmt(quantile(steady, 0.5), 1)} / ${fmt(p95, 1)} / ${fmt(Math.max(...steady), 1)}`,
      ],
      [
        "playlist latency p50 / p95 / max (ms), all (with each channel's first fetch, which reads its schedule)",
        `${fmt(quantile(latencies, 0.5), 1)} / ${fmt(quantile(latencies, 0.95), 1)} / ${fmt(Math.max(...latencies), 1)}`,
      ],
      [
        "Node (renders the playlists): CPU % of one core, per channel",
        `${fmt((100 * nodeCpu) / SECONDS, 1)} %, ${fmt((100 * nodeCpu) / SECONDS / CHANNELS, 3)} %`,
      ],
      ["nginx edge (segments): CPU % of one core", `${fmt((100 * nginxCpu) / SECONDS, 1)} %`],
      ["Node resident memory, per channel", `${fmt(after.node.rssMiB)} MiB, ${fmt((after.node.rssMiB * 1024) / CHANNELS, 1)} KiB`],
      ["setup (channels and days saved)", `${fmt(setupSeconds)} s`],
    ];
    const verdict = failures === 0 && p95 <= 50 ? "met" : "NOT met";
    await writeSection(
      "Cast playout",
      `\`npx tsx bench/cast-playout.ts\`: ${fmt(CHANNELS)} cast channels, each with a full day of 48 programs (an 8-second clip every half hour, breaks between), one client per channel fetching its 360p media playlist every target duration (6 s) and the newest segment it names through the nginx edge, for ${SECONDS} s, PGlite. The playlists are rendered per request by the launcher's Node process from each channel's cached schedule (no database read in the steady state). The clients run on the same machine. ${at}; load average ${loadAverage()} at the end.

| | |
|---|---|
${rows.map(([k, v]) => `| ${k} | ${v} |`).join("\n")}

Target (no failed request, steady-state playlist p95 <= 50 ms): ${verdict}. Node's resident memory includes the whole application's (Next, the embedded database), so its share per channel is an upper bound. Not measured here: the peers' figure (one ffmpeg re-encoding per channel, ffplayout's approach).`,
    );
    console.log(rows.map(([k, v]) => `${k}: ${v}`).join("\n"));
  } finally {
    await server.stop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
