// Media ingest (issue 3) through the real server (the launcher, its job worker; on PostgreSQL the
// worker is a separate `npm run worker` process), with 60 s 1080p clips that ffmpeg makes in the run:
// - time to playable: from the upload's 201 response to POST /api/box/{boxId}/play answering PLAY
//   (polled every 100 ms), then the master playlist, its first variant and first segment are fetched
//   through the signed URLs. Targets: H.264/AAC <= 10 % of the clip's duration, VP9/Opus <= 60 %.
// - full ladder: from the upload's 201 response to the item READY (GET polled every 250 ms), against
//   one hand-written ffmpeg command producing the same 4-rung ladder from the same file, interleaved
//   in the same run. Target: <= 1.15 times the hand-written command.
// Run after `npm run build`: `npx tsx bench/ingest.ts`. Writes "Media ingest" in docs/perf.md.
// BENCH_ROUNDS (default 3), BENCH_DATABASES (default "pglite,postgres"), BENCH_CLIP_SECONDS (default 60).
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { preparePostgres } from "../scripts/test-postgres";
import { Api } from "../test/support/api";
import { withDatabase, type Sql } from "../test/support/database";
import { makeH264AacMp4, makeVp9OpusWebm } from "../test/support/media-fixtures";
import { startKinora, type Kinora } from "../test/support/server";
import { uploadClip } from "../test/contract/playback-fixtures";
import { startWorkerProcess, type WorkerProcess } from "../test/support/worker";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIP_SECONDS = Number(process.env.BENCH_CLIP_SECONDS ?? 60);
const DATABASES = (process.env.BENCH_DATABASES ?? "pglite,postgres").split(",");
const TARGETS = { h264: 0.1, vp9: 0.6, ladder: 1.15 };

/**
 * The baseline as a person would write it: one input, split and scale to the four rungs, libx264
 * veryfast at the ladder's bit rates (hls-plan.ts) with a 4 s GOP, AAC, 4 s HLS segments, a master.
 */
const HAND_LADDER = `ffmpeg -hide_banner -loglevel error -nostdin -y -i "$IN" \\
  -filter_complex "[0:v]split=4[a][b][c][d];[a]scale=1920:1080[v0];[b]scale=1280:720[v1];[c]scale=854:480[v2];[d]scale=640:360[v3]" \\
  -map "[v0]" -map "[v1]" -map "[v2]" -map "[v3]" -map 0:a -map 0:a -map 0:a -map 0:a \\
  -c:v libx264 -preset veryfast -g 120 -keyint_min 120 -sc_threshold 0 \\
  -b:v:0 5000k -maxrate:v:0 5350k -bufsize:v:0 7500k -b:v:1 2800k -maxrate:v:1 2996k -bufsize:v:1 4200k \\
  -b:v:2 1400k -maxrate:v:2 1498k -bufsize:v:2 2100k -b:v:3 800k -maxrate:v:3 856k -bufsize:v:3 1200k \\
  -c:a aac -b:a:0 128k -b:a:1 128k -b:a:2 96k -b:a:3 96k \\
  -f hls -hls_time 4 -hls_playlist_type vod -hls_segment_filename "$OUT/%v/seg_%05d.ts" -master_pl_name master.m3u8 \\
  -var_stream_map "v:0,a:0,name:1080p v:1,a:1,name:720p v:2,a:2,name:480p v:3,a:3,name:360p" "$OUT/%v/index.m3u8"`;

interface Round {
  load: number;
  h264Playable: number;
  h264Ready: number;
  vp9Playable: number;
  hand: number;
  /** CPU seconds: the server side from the upload's response to READY, and the hand-written command. */
  h264ReadyCpu: number;
  handCpu: number;
  h264BoxId: string;
}

interface Stages {
  fast: number;
  poster: number;
  preview: number;
  ladder: number;
}

interface Result {
  database: string;
  rounds: Round[];
  /** Per H.264 item, from the database's timestamps (commit -> playable -> poster -> ladder -> preview -> READY). */
  stages: Stages[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const seconds = (from: number) => (performance.now() - from) / 1000;

/** POST /api/box (multipart, streamed from the file); t0 and the server's CPU taken as its 201 response arrives. */
async function upload(api: Api, token: string, file: string): Promise<{ boxId: string; t0: number; cpu0: number }> {
  const item = await uploadClip(api, token, file, path.basename(file));
  return { boxId: item.boxId, t0: performance.now(), cpu0: serverCpu() };
}

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return res.text();
}
const uris = (base: string, text: string) =>
  text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => new URL(l, base).toString());

/** Polls play every 100 ms until PLAY; then proves it plays: master -> first variant -> first segment (MPEG-TS). */
async function untilPlayable(api: Api, token: string, boxId: string, t0: number): Promise<{ seconds: number; master: string }> {
  for (;;) {
    const res = await api.post(`/api/box/${boxId}/play`, undefined, { token });
    if (res.status === 200 && res.body.result === "PLAY") {
      const s = seconds(t0);
      const master: string = res.body.streamer;
      const variant = uris(master, await fetchText(master))[0];
      if (!variant) throw new Error("no variant in the master playlist");
      const segment = uris(variant, await fetchText(variant))[0];
      if (!segment) throw new Error(`no segment in ${variant}`);
      const bytes = Buffer.from(await (await fetch(segment)).arrayBuffer());
      if (bytes.length < 188 || bytes[0] !== 0x47) throw new Error(`the first segment is not MPEG-TS (${bytes.length} bytes)`);
      return { seconds: s, master };
    }
    if (res.status !== 409) throw new Error(`play: ${res.status} ${res.text}`);
    if (seconds(t0) > 600) throw new Error(`not playable in 600 s: ${res.text}`);
    await sleep(100);
  }
}

/** Polls the item every 500 ms until READY. */
async function untilReady(api: Api, token: string, boxId: string, t0: number): Promise<number> {
  for (;;) {
    const res = await api.get(`/api/box/${boxId}`, { token });
    if (res.status !== 200) throw new Error(`item: ${res.status} ${res.text}`);
    if (res.body.status === "READY") return seconds(t0);
    if (res.body.status === "FAILED") throw new Error(`ingest failed: ${res.text}`);
    if (seconds(t0) > 1800) throw new Error("not READY in 1800 s");
    await sleep(500);
  }
}

/** The hand-written command on the same file: its wall time and CPU time in seconds. */
async function handLadder(input: string, work: string): Promise<{ wall: number; cpu: number }> {
  const out = mkdtempSync(path.join(work, "hand-"));
  const cpu0 = reapedCpu();
  const t0 = performance.now();
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn("sh", ["-c", HAND_LADDER], {
      env: { ...process.env, IN: input, OUT: out },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", resolve);
  });
  const wall = seconds(t0);
  const cpu = reapedCpu() - cpu0;
  if (code !== 0) throw new Error(`hand-written ffmpeg exited ${code}`);
  const master = readFileSync(path.join(out, "master.m3u8"), "utf8");
  if ((master.match(/#EXT-X-STREAM-INF/g) ?? []).length !== 4) throw new Error(`hand-written master:\n${master}`);
  rmSync(out, { recursive: true, force: true });
  return { wall, cpu };
}

interface Proc {
  ppid: number;
  comm: string;
  /** utime + stime + cutime + cstime, in seconds (clock ticks of 1/100 s): its own CPU and that of its reaped children. */
  cpu: number;
}

function processes(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  for (const name of readdirSync("/proc").filter((n) => /^\d+$/.test(n))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cpu = (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
      out.set(Number(name), { ppid: Number(f[1]), comm: stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")")), cpu });
    } catch {
      // exited meanwhile
    }
  }
  return out;
}

/** The processes this benchmark started (the launcher, Next, nginx, the worker, their ffmpeg), itself excluded. */
function descendants(table: Map<number, Proc>): number[] {
  return [...table.keys()].filter((pid) => {
    for (let p = table.get(pid)?.ppid; p && p > 1; p = table.get(p)?.ppid) if (p === process.pid) return true;
    return false;
  });
}

/**
 * CPU seconds used so far by the server side (every process under this one, ffmpeg runs that ended
 * included through their parent's counters). A figure the machine's other load disturbs far less
 * than wall time. PostgreSQL's own backends are not under this process and not counted.
 */
function serverCpu(): number {
  const table = processes();
  return descendants(table).reduce((sum, pid) => sum + table.get(pid)!.cpu, 0);
}

/** CPU seconds of this process's reaped children (the hand-written command, once it has exited). */
const reapedCpu = () => {
  const f = readFileSync("/proc/self/stat", "utf8").split(") ")[1]!.split(" ");
  return (Number(f[13]) + Number(f[14])) / 100;
};

/** Waits until no ffmpeg runs under this process (a cancelled ingest's ffmpeg is gone before the next measure). */
async function untilNoFfmpeg(): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const table = processes();
    const mine = descendants(table).filter((pid) => table.get(pid)!.comm === "ffmpeg");
    if (mine.length === 0) return;
    if (Date.now() > deadline) throw new Error(`ffmpeg still running: ${mine.join(", ")}`);
    await sleep(200);
  }
}

interface Setup {
  server: Kinora;
  worker?: WorkerProcess;
  api: Api;
  access: string;
  databaseUrl?: string;
}

/** The server (and worker), one user on the Business license (the Free one's 1 GB fills up over the rounds). */
async function setUp(databaseUrl?: string): Promise<Setup> {
  const dbEnv: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  let server = await startKinora(dbEnv);
  const user = await new Api(server.url).newUser();
  const business = (sql: Sql) =>
    sql(`UPDATE "User" SET "licenseId" = (SELECT "id" FROM "License" WHERE "name" = 'Business') WHERE "userCode" = $1`, [user.userCode]);
  if (!databaseUrl) {
    await server.stop(); // PGlite belongs to one process
    await withDatabase({ dataDir: server.dataDir }, business);
    server = await startKinora({ DATA_DIR: server.dataDir });
  } else await withDatabase({ dataDir: server.dataDir, databaseUrl }, business);
  const worker = databaseUrl ? await startWorkerProcess({ DATABASE_URL: databaseUrl, DATA_DIR: server.dataDir }) : undefined;
  const api = new Api(server.url);
  const { access } = await api.login(user.userCode, user.password);
  return { server, ...(worker ? { worker } : {}), api, access, ...(databaseUrl ? { databaseUrl } : {}) };
}

async function benchDatabase(database: string, clips: { h264: string; vp9: string; warm: string }, work: string): Promise<Result> {
  const pg = database === "postgres" ? await preparePostgres() : undefined;
  const s = await setUp(pg?.url);
  const rounds: Round[] = [];
  let stages: Stages[] = [];
  try {
    // warm-up, not measured: the first ingest of a process loads its modules and warms the database
    const warm = await upload(s.api, s.access, clips.warm);
    await untilPlayable(s.api, s.access, warm.boxId, warm.t0);
    await untilReady(s.api, s.access, warm.boxId, warm.t0);
    for (let i = 0; i < ROUNDS; i++) {
      await untilNoFfmpeg();
      const load = os.loadavg()[0]!;
      // the hand-written command before the server's ingest in even rounds, after it in odd ones
      let hand = i % 2 === 0 ? await handLadder(clips.h264, work) : undefined;
      const h = await upload(s.api, s.access, clips.h264);
      const h264Playable = (await untilPlayable(s.api, s.access, h.boxId, h.t0)).seconds;
      const h264Ready = await untilReady(s.api, s.access, h.boxId, h.t0);
      const h264ReadyCpu = serverCpu() - h.cpu0;
      const { master } = await untilPlayable(s.api, s.access, h.boxId, performance.now());
      const variants = (await fetchText(master)).match(/#EXT-X-STREAM-INF/g)?.length;
      if (variants !== 4) throw new Error(`READY with ${variants} variants, not 4`);
      hand ??= await handLadder(clips.h264, work);
      const v = await upload(s.api, s.access, clips.vp9);
      const vp9Playable = (await untilPlayable(s.api, s.access, v.boxId, v.t0)).seconds;
      // the VP9 item's ladder is not measured: deleting it cancels its ingest (and its ffmpeg)
      const del = await s.api.delete(`/api/box/${v.boxId}`, { token: s.access });
      if (del.status !== 204) throw new Error(`delete: ${del.status} ${del.text}`);
      rounds.push({ load, h264Playable, h264Ready, vp9Playable, hand: hand.wall, h264ReadyCpu, handCpu: hand.cpu, h264BoxId: h.boxId });
      console.log(
        `${database} round ${i + 1} (load ${fmt(load, 1)}): H.264 playable ${fmt(h264Playable, 2)} s, READY ${fmt(h264Ready, 1)} s (CPU ${fmt(h264ReadyCpu, 1)} s); ` +
          `VP9 playable ${fmt(vp9Playable, 2)} s; hand-written ladder ${fmt(hand.wall, 1)} s (CPU ${fmt(hand.cpu, 1)} s)`,
      );
    }
    await untilNoFfmpeg();
    if (!s.databaseUrl) await s.server.stop(); // PGlite: read the timestamps once the server is gone
    stages = await withDatabase({ dataDir: s.server.dataDir, ...(s.databaseUrl ? { databaseUrl: s.databaseUrl } : {}) }, (sql) =>
      stageTimes(sql, rounds),
    );
  } finally {
    await s.worker?.stop();
    await s.server.stop();
    rmSync(s.server.dataDir, { recursive: true, force: true });
    await pg?.drop();
  }
  return { database: database === "postgres" ? "PostgreSQL" : "PGlite", rounds, stages };
}

/** Where the server's time went, per H.264 item, from its own timestamps (differences only: no clock mixing). */
async function stageTimes(sql: Sql, rounds: Round[]): Promise<Stages[]> {
  const out: Stages[] = [];
  for (const r of rounds) {
    const [row] = await sql<Record<string, string | Date>>(
      `SELECT b."createdAt" AS created, b."playableAt" AS playable, b."readyAt" AS ready,
        (SELECT t."createdAt" FROM "Thumbnail" t WHERE t."boxItemId" = b."id") AS poster,
        (SELECT max(x."createdAt") FROM "Rendition" x WHERE x."boxItemId" = b."id" AND x."kind" = 'LADDER') AS ladder
       FROM "BoxItem" b WHERE b."id" = $1`,
      [r.h264BoxId],
    );
    const t = (k: string) => new Date(row![k]!).getTime() / 1000;
    out.push({
      fast: t("playable") - t("created"),
      poster: t("poster") - t("playable"),
      ladder: t("ladder") - t("poster"),
      preview: t("ready") - t("ladder"),
    });
  }
  return out;
}

function section(results: Result[], header: string, fixtures: string): string {
  const ok = (b: boolean) => (b ? "met" : "**not met**");
  const pct = (s: number) => (100 * s) / CLIP_SECONDS;
  const med = (r: Result, f: (x: Round, i: number) => number) => median(r.rounds.map(f));
  const lines = [
    `\`npx tsx bench/ingest.ts\` after \`npm run build\`: the production server (\`npm start\`, nginx edge), its job worker (in process on PGlite,`,
    `\`npm run worker\` on PostgreSQL), ${ROUNDS} rounds per database, medians; ${header}. Clips made by ffmpeg in the run: ${fixtures}.`,
    "Time is counted from the upload's 201 response. Playable: POST /api/box/{boxId}/play answers PLAY (polled every 100 ms), then the",
    "master playlist, its first variant and first segment are fetched through the signed URLs. READY: GET /api/box/{boxId} polled every 500 ms.",
    "The baseline is one hand-written ffmpeg command making the same 4-rung ladder from the same file (`HAND_LADDER` in the bench: split and",
    "scale to 1080/720/480/360, libx264 veryfast at the same bit rates, 4 s GOP and segments, AAC, master playlist), run in each round",
    "right before (odd rounds) or after (even rounds) the server's ingest of that file.",
    "",
    "| database | clip | time to playable | % of the clip | target | met |",
    "| --- | --- | ---: | ---: | ---: | --- |",
  ];
  for (const r of results) {
    const h = med(r, (x) => x.h264Playable);
    const v = med(r, (x) => x.vp9Playable);
    lines.push(
      `| ${r.database} | H.264/AAC, remuxed | ${fmt(h, 2)} s | ${fmt(pct(h), 1)} % | <= 10 % | ${ok(pct(h) <= 100 * TARGETS.h264)} |`,
    );
    lines.push(
      `| ${r.database} | VP9/Opus, lowest rung first | ${fmt(v, 1)} s | ${fmt(pct(v), 1)} % | <= 60 % | ${ok(pct(v) <= 100 * TARGETS.vp9)} |`,
    );
  }
  lines.push(
    "",
    "| database | hand-written ffmpeg | upload complete -> READY | ratio (target <= 1.15) | CPU: hand-written / server / ratio | ladder stage alone, its ratio | fast path / poster / preview |",
    "| --- | ---: | ---: | ---: | ---: | ---: | --- |",
  );
  for (const r of results) {
    const ratio = med(r, (x) => x.h264Ready / x.hand);
    const st = (k: keyof Stages) => fmt(median(r.stages.map((x) => x[k])), 1);
    const m = (f: (x: Round, i: number) => number, digits: number) => fmt(med(r, f), digits);
    lines.push(
      `| ${r.database} | ${m((x) => x.hand, 1)} s | ${m((x) => x.h264Ready, 1)} s | ${fmt(ratio, 2)} (${ok(ratio <= TARGETS.ladder)}) ` +
        `| ${m((x) => x.handCpu, 1)} s / ${m((x) => x.h264ReadyCpu, 1)} s / ${m((x) => x.h264ReadyCpu / x.handCpu, 2)} ` +
        `| ${st("ladder")} s, ${m((x, i) => r.stages[i]!.ladder / x.hand, 2)} | ${st("fast")} / ${st("poster")} / ${st("preview")} s |`,
    );
  }
  lines.push(
    "",
    "Ratios are medians of the per-round ratios. CPU is user + system time: of the hand-written ffmpeg, and of every process of the",
    "server side (launcher, Next, nginx, the worker, their ffmpeg runs; not PostgreSQL's own backends) from the upload's response to",
    "READY; unlike wall time it hardly depends on what else the shared machine runs. Stages come from the server's own timestamps (item",
    "created at the upload's commit, `playableAt`, the poster's row, the last ladder rung's row, `readyAt`); the ladder stage is from the",
    "poster's row to the last rung's (one ffmpeg process for the four rungs, the checks of its playlists, the moves into storage); the",
    "preview stage from there to READY (the master, the preview copied from the start of the 360p rung).",
    "Per round (1-min load average at its start):",
    "",
  );
  for (const r of results)
    for (const [i, x] of r.rounds.entries())
      lines.push(
        `- ${r.database} ${i + 1} (load ${fmt(x.load, 1)}): playable H.264 ${fmt(x.h264Playable, 2)} s, VP9 ${fmt(x.vp9Playable, 1)} s; ` +
          `READY ${fmt(x.h264Ready, 1)} s (CPU ${fmt(x.h264ReadyCpu, 1)} s), hand-written ${fmt(x.hand, 1)} s (CPU ${fmt(x.handCpu, 1)} s), ` +
          `ratio ${fmt(x.h264Ready / x.hand, 2)}; ladder stage ${fmt(r.stages[i]!.ladder, 1)} s`,
      );
  return lines.join("\n");
}

async function main(): Promise<void> {
  assertBuilt();
  const header = machine();
  delete process.env.DATABASE_URL; // PGlite is the embedded database whatever the shell says
  const work = mkdtempSync(path.join(os.tmpdir(), "kinora-bench-ingest-"));
  try {
    const size = { width: 1920, height: 1080, durationSeconds: CLIP_SECONDS };
    const clips = {
      h264: makeH264AacMp4(work, { ...size, fps: 30, keyframeSeconds: 2 }),
      vp9: makeVp9OpusWebm(work, { ...size, fps: 30, videoKbps: 4000 }),
      warm: makeH264AacMp4(work, { durationSeconds: 4 }),
    };
    const mb = (f: string) => fmt(readFileSync(f).length / 1e6);
    const fixtures =
      `testsrc2 1920x1080 30 fps ${CLIP_SECONDS} s with a sine, H.264 High (x264 ultrafast, 2 s GOP) + AAC in MP4 (${mb(clips.h264)} MB) and ` +
      `VP9 (libvpx realtime, 4 Mbit/s) + Opus in WebM (${mb(clips.vp9)} MB)`;
    const results: Result[] = [];
    for (const database of DATABASES) results.push(await benchDatabase(database, clips, work));
    const markdown = section(results, header, fixtures);
    console.log(markdown);
    await writeSection("Media ingest", markdown);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
