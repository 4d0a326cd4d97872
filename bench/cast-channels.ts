// A thousand cast channels on one small machine: each channel has a full day of programs (two READY
// contents of 10 minutes in turn, a break every hour), and one client per channel follows its output
// as a player does: its media playlist every target duration (6 s), then the newest segment of it,
// through the nginx edge's signed URLs (the playlists are rendered by the Node media server from the
// cached schedule; the segments are the contents' own packaged files). Baseline in the same run: the
// same clients following a packaged vod's static media playlist (nginx serves it from disk), which
// is what the output would cost if it were files. Reported: failed requests, playlist and segment
// latency, server CPU (the launcher: Node media server and app in one process; the edge nginx) and
// memory per channel. Targets (issue 12): no failed request, playlist p95 <= 50 ms. The peers' figure
// (one ffmpeg per channel) is bench/cast-peer.ts.
// Run after `npm run build`, on a quiet machine: `npx tsx bench/cast-channels.ts`. Writes "Cast
// channels" in docs/perf.md. BENCH_CHANNELS (default 1000), BENCH_SECONDS (default 120; baseline half).
// BENCH_PREVIOUS_ROOT: a built checkout of an earlier commit (`git worktree add`, `npm run build`
// there): the channels are set up on that build, then the same data directory is served by the
// previous build and by this one in turn, BENCH_ROUNDS times (default 2: A B A B), and the report
// compares the two (an A/B in one run; each phase's figures are the mean of its rounds).
import { readFileSync } from "node:fs";
import path from "node:path";
import { Api } from "../test/support/api";
import { makeH264AacMp4, makeMediaDir } from "../test/support/media-fixtures";
import { startKinora } from "../test/support/server";
import { uploadFile } from "../test/contract/box-fixtures";
import { loadAverage, nginxCpuSeconds, quantile, sleep } from "./live-support";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const CHANNELS = Number(process.env.BENCH_CHANNELS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 120);
const TARGET_DURATION_MS = 6000;
const CONTENT_SECONDS = 600;
const PARALLEL = 16;
const PREVIOUS_ROOT = process.env.BENCH_PREVIOUS_ROOT;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);

const HOUR = 3_600_000;
const pad = (n: number) => String(n).padStart(2, "0");
/** {date, time} of an instant in the bench's offset. */
const wire = (ms: number, offsetMs: number) => {
  const d = new Date(ms + offsetMs);
  return {
    date: `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`,
    time: `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
  };
};

/** Runs `fn` over `items`, `PARALLEL` at a time. */
async function eachParallel<T>(items: T[], fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

async function ok(res: Promise<{ status: number; text: string; body: any }>, expected = 200): Promise<any> {
  const r = await res;
  if (r.status !== expected) throw new Error(`${r.status} ${r.text.slice(0, 300)}`);
  return r.body;
}

/** CPU seconds (user + system) of one process so far. */
function processCpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

interface FollowStats {
  playlist: number[];
  segment: number[];
  failures: string[];
  segmentBytes: number;
}

/** One player: the media playlist every target duration, then its newest segment, until `until`. */
async function follow(url: string, until: number, stats: FollowStats): Promise<void> {
  await sleep(Math.random() * TARGET_DURATION_MS);
  while (Date.now() < until) {
    const started = performance.now();
    try {
      const res = await fetch(url);
      const text = await res.text();
      stats.playlist.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`playlist ${res.status}`);
      const newest = text
        .trim()
        .split("\n")
        .filter((l) => l && !l.startsWith("#"))
        .pop();
      if (!newest) throw new Error("playlist without segments");
      const segStarted = performance.now();
      const seg = await fetch(new URL(newest, url));
      const bytes = (await seg.arrayBuffer()).byteLength;
      stats.segment.push(performance.now() - segStarted);
      if (seg.status !== 200) throw new Error(`segment ${seg.status}`);
      stats.segmentBytes += bytes;
    } catch (err) {
      stats.failures.push(String((err as Error).message ?? err));
    }
    await sleep(Math.max(0, TARGET_DURATION_MS - (performance.now() - started)));
  }
}

interface Phase {
  requests: number;
  failures: number;
  firstFailure?: string;
  playlistP50: number;
  playlistP95: number;
  segmentP95: number;
  mbitPerSecond: number;
  serverCpu: number;
  edgeCpu: number;
}

async function phase(urls: string[], seconds: number, serverPid: number, edgePidFile: string): Promise<Phase> {
  const stats: FollowStats = { playlist: [], segment: [], failures: [], segmentBytes: 0 };
  const [server0, edge0, t0] = [processCpuSeconds(serverPid), nginxCpuSeconds(edgePidFile), Date.now()];
  await Promise.all(urls.map((u) => follow(u, Date.now() + seconds * 1000, stats)));
  const wall = (Date.now() - t0) / 1000;
  const sorted = (v: number[]) => [...v].sort((a, b) => a - b);
  const [pl, sg] = [sorted(stats.playlist), sorted(stats.segment)];
  return {
    requests: pl.length + sg.length,
    failures: stats.failures.length,
    firstFailure: stats.failures[0],
    playlistP50: quantile(pl, 0.5),
    playlistP95: quantile(pl, 0.95),
    segmentP95: quantile(sg, 0.95),
    mbitPerSecond: (stats.segmentBytes * 8) / 1e6 / wall,
    serverCpu: (processCpuSeconds(serverPid) - server0) / wall,
    edgeCpu: (nginxCpuSeconds(edgePidFile) - edge0) / wall,
  };
}

/** Each figure's mean over rounds of the same phase (requests and failures added up). */
function meanPhase(phases: Phase[]): Phase {
  const mean = (key: keyof Omit<Phase, "firstFailure">) => phases.reduce((n, p) => n + (p[key] as number), 0) / phases.length;
  return {
    requests: phases.reduce((n, p) => n + p.requests, 0),
    failures: phases.reduce((n, p) => n + p.failures, 0),
    firstFailure: phases.find((p) => p.firstFailure)?.firstFailure,
    playlistP50: mean("playlistP50"),
    playlistP95: mean("playlistP95"),
    segmentP95: mean("segmentP95"),
    mbitPerSecond: mean("mbitPerSecond"),
    serverCpu: mean("serverCpu"),
    edgeCpu: mean("edgeCpu"),
  };
}

async function main(): Promise<void> {
  assertBuilt();
  const started = machine();
  const before = loadAverage();
  const serverEnv = { SMTP_URL: "", KINORA_BENCH: "1" };
  let server = await startKinora(serverEnv, { root: PREVIOUS_ROOT });
  try {
    const api = new Api(server.url);
    const owner = await api.newUser();
    const token = (await api.login(owner.userCode, owner.password)).access;
    const publicToken = await api.publicToken();

    // two contents of 10 minutes (small pictures: the bench is about playlists, not bytes)
    const dir = makeMediaDir("kinora-cast-bench-");
    const contents: string[] = [];
    for (const name of ["bench-a", "bench-b"]) {
      const file = makeH264AacMp4(dir, {
        durationSeconds: CONTENT_SECONDS,
        width: 320,
        height: 180,
        keyframeSeconds: 2,
        name: `${name}.mp4`,
      });
      const up = await ok(uploadFile(api, token, file, { title: name }), 201);
      contents.push(up.boxId);
    }
    for (const boxId of contents) {
      for (let i = 0; ; i++) {
        const item = await ok(api.get(`/api/box/${boxId}`, { token }));
        if (item.status === "READY") break;
        if (item.status === "FAILED" || i > 600) throw new Error(`content ${boxId}: ${item.status}`);
        await sleep(500);
      }
    }

    // the day is the bench's: an offset that puts now at its noon, so the run never crosses midnight
    const now = Date.now();
    const offsetMs = Math.round((12 * HOUR - (now % (24 * HOUR))) / 60_000) * 60_000;
    const dayStart = Date.UTC(...(wire(now, offsetMs).date.split("/").reverse().map(Number) as [number, number, number])) - offsetMs;
    const headers = { "X-Service-timezone": String(offsetMs) };
    const day = wire(dayStart, offsetMs).date;
    const yyyyMMdd = day.split("/").reverse().join("");
    // each hour: A, B, A, B, A (10 minutes each), then a 10-minute break
    const programs = Array.from({ length: 24 * 6 }, (_, i) => {
      const span = { startDate: wire(dayStart + i * 600_000, offsetMs), endDate: wire(dayStart + (i + 1) * 600_000, offsetMs) };
      return i % 6 === 5
        ? { ...span, programType: "BREAK", title: "Break" }
        : { ...span, programType: "PRERECORDED", sourceId: contents[i % 2] };
    });

    const channelIds: string[] = Array.from({ length: CHANNELS }, () => "");
    await eachParallel(channelIds, async (_, i) => {
      const name = `Bench channel ${i}`;
      const { streamPath } = await ok(api.get(`/api/public/cast/streampath?base=${encodeURIComponent(name)}`, { token }));
      channelIds[i] = (await ok(api.post("/api/cast/channel", { name, streamPath }, { token }), 201)).channelId;
    });
    await ok(api.post(`/api/cast/channel/${channelIds[0]}/dailyprogramming/${yyyyMMdd}`, { programs }, { token, headers }));
    await eachParallel(channelIds.slice(1), async (destChannelId) => {
      const body = {
        sourceChannelId: channelIds[0],
        destChannelId,
        sourceStartDate: day,
        sourceDayCount: 1,
        destStartDate: day,
        destDayCount: 1,
      };
      await ok(api.post("/api/cast/calendar/copy", body, { token, headers }));
    });

    // each channel played as a viewer plays it; half the clients follow 720p, half 360p
    const castUrls: string[] = Array.from({ length: CHANNELS }, () => "");
    await eachParallel(channelIds, async (channelId, i) => {
      const played = await ok(api.post(`/api/public/cast/channel/${channelId}/play`, {}, { token: publicToken }));
      castUrls[i] = new URL(i % 2 ? "360p.m3u8" : "720p.m3u8", played.srcs[0].uniqueStreamer).toString();
    });
    // the baseline: a packaged vod's own media playlist, as files
    const boxPlay = await ok(api.post(`/api/box/${contents[0]}/play`, {}, { token }));
    const masterUrl: string = boxPlay.srcs[0].uniqueStreamer;
    const master = await (await fetch(masterUrl)).text();
    const rung = master
      .trim()
      .split("\n")
      .find((l) => l && !l.startsWith("#"))!;
    const vodUrl = new URL(rung, masterUrl).toString();

    const edgePidFile = path.join(server.dataDir, "nginx", "nginx.pid");
    const rssBefore = rssMiB(server.pid!);
    const baseline = await phase(
      castUrls.map(() => vodUrl),
      SECONDS / 2,
      server.pid!,
      edgePidFile,
    );
    const warmUp = () => phase(castUrls, 12, server.pid!, edgePidFile); // every channel's schedule cached, the code compiled
    /** The same data directory, ports and URLs, served by the build in `root` (default this one). */
    const serve = async (root?: string) => {
      await server.stop();
      server = await startKinora(
        { ...serverEnv, DATA_DIR: server.dataDir, PORT: new URL(server.url).port, RTMP_PORT: String(server.rtmpPort) },
        { root },
      );
    };
    const followed = async () => {
      await warmUp();
      return phase(castUrls, SECONDS, server.pid!, edgePidFile);
    };
    let cast: Phase;
    let previous: Phase | undefined;
    const runs: { previous: Phase[]; current: Phase[] } = { previous: [], current: [] };
    if (PREVIOUS_ROOT) {
      for (let round = 0; round < ROUNDS; round++) {
        if (round > 0) await serve(PREVIOUS_ROOT);
        runs.previous.push(await followed());
        await serve();
        runs.current.push(await followed());
      }
      [previous, cast] = [meanPhase(runs.previous), meanPhase(runs.current)];
    } else cast = await followed();
    const rssAfter = rssMiB(server.pid!);

    const row = (name: string, p: Phase) =>
      `| ${name} | ${fmt(p.requests)} | ${p.failures} | ${fmt(p.playlistP50, 1)} ms | ${fmt(p.playlistP95, 1)} ms | ${fmt(p.segmentP95, 1)} ms | ${fmt(p.mbitPerSecond)} Mbit/s | ${fmt(p.serverCpu * 100)} % | ${fmt(p.edgeCpu * 100)} % |`;
    const md = `\`npx tsx bench/cast-channels.ts\` after \`npm run build\`: ${fmt(CHANNELS)} cast channels on PGlite, each with a full day
of 144 programs (two 10-minute contents in turn, a 10-minute break each hour), and one client per channel (one Node
process on this machine) fetching its media playlist every target duration (6 s; half the clients 720p, half 360p)
and then the newest segment, through the nginx edge's signed URLs, for ${SECONDS} s. Baseline first, in the same run:
the same clients following a packaged vod's static media playlist (served by nginx from disk) for ${SECONDS / 2} s.
CPU as a share of one core. ${started}; load average (1/5/15 min) ${before} before, ${loadAverage()} after.

| clients follow | requests | failed | playlist p50 | playlist p95 | segment p95 | delivered | server CPU (Node) | edge nginx CPU |
| -------------- | -------: | -----: | -----------: | -----------: | ----------: | --------: | ----------------: | -------------: |
${row(`a vod's static playlist (baseline${previous ? ", previous build" : ""})`, baseline)}
${previous ? `${row(`${fmt(CHANNELS)} cast channels, previous build (${path.basename(PREVIOUS_ROOT!)}, mean of ${ROUNDS})`, previous)}\n` : ""}${row(`${fmt(CHANNELS)} cast channels' live playlists${previous ? `, this build (mean of ${ROUNDS})` : ""}`, cast)}
${
  previous
    ? `
This build against the previous one, same data and clients: server CPU ${fmt(cast.serverCpu / previous.serverCpu, 3)} x, edge CPU ${fmt(cast.edgeCpu / previous.edgeCpu, 3)} x,
playlist p95 ${fmt(cast.playlistP95 / previous.playlistP95, 3)} x, playlist p50 ${fmt(cast.playlistP50 / previous.playlistP50, 3)} x (target: server CPU and playlist p95 within 1.10 x).
Each round, previous / this build: server CPU ${runs.previous.map((p, i) => `${fmt(p.serverCpu * 100, 1)} / ${fmt(runs.current[i]!.serverCpu * 100, 1)} %`).join(", ")};
playlist p95 ${runs.previous.map((p, i) => `${fmt(p.playlistP95, 1)} / ${fmt(runs.current[i]!.playlistP95, 1)} ms`).join(", ")}.
`
    : ""
}
Per channel: ${fmt((cast.serverCpu * 1000) / CHANNELS, 2)} ms of server CPU per second (${fmt((cast.serverCpu * 100) / CHANNELS, 3)} % of
a core) and at most ${fmt((rssAfter * 1024) / CHANNELS)} KiB of server memory (the launcher's resident memory after the load,
${fmt(rssAfter)} MiB, holds the whole application: Next, the embedded database, the caches; ${fmt(rssBefore)} MiB before
the load, with the setup's garbage). Playlist p95 ${fmt(cast.playlistP95 / baseline.playlistP95, 2)} x the static playlist's.${cast.firstFailure ? ` First failure: ${cast.firstFailure}.` : ""}

Targets: no failed request (${cast.failures === 0 ? "met" : "missed"}), playlist p95 at most 50 ms (${cast.playlistP95 <= 50 ? "met" : "missed"}).`;
    await writeSection("Cast channels", md);
    console.log(md);
  } finally {
    await server.stop();
  }
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
