// Box upload: a 1 GiB multipart POST /api/box through the real path (the launcher: nginx edge when
// installed, the Next route handler, busboy, local storage) against a bare Node http server that
// streams the same body to disk, interleaved in the same run. Reports throughput (MiB/s) and how much
// the server's resident memory grew during the upload (peak VmRSS minus the value just before).
// Targets (issue 3): RSS growth < 100 MB, throughput >= 60 % of the bare server.
// Run after `npm run build`: `npx tsx bench/box-upload.ts`. Writes "Box upload" in docs/perf.md.
// BENCH_UPLOAD_MB (default 1024) per upload, BENCH_ROUNDS (default 3) rounds; loopback only.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { Api } from "../test/support/api";
import { withDatabase } from "../test/support/database";
import { freePort, startKinora, type Kinora } from "../test/support/server";
import { fmt, machine, writeSection } from "./report";

const MB = 1024 * 1024;
const SIZE_MB = Number(process.env.BENCH_UPLOAD_MB ?? 1024);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CHUNK = randomBytes(MB);
/** NGINX=0 measures the Node path alone (the launcher without its nginx edge). */
const EDGE_ENV: Record<string, string> = process.env.NGINX ? { NGINX: process.env.NGINX } : {};

interface Run {
  mibps: number;
  rssGrowthMb: number;
  /** Peak resident memory during the upload. */
  peakMb: number;
  /** CPU time (user + system) the server process spent on the upload: a figure the machine's load disturbs little. */
  cpuSeconds: number;
  status: number;
  body: string;
}

/** utime + stime of a process, in seconds (clock ticks of 1/100 s on Linux). */
function cpuOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssOf(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Sends a multipart body of SIZE_MB to url while sampling the RSS of `pid`. */
async function upload(url: string, pid: number, headers: Record<string, string>, sizeMb = SIZE_MB): Promise<Run> {
  const boundary = `----kinora-bench-${randomBytes(6).toString("hex")}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nBench upload\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.bin"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const u = new URL(url);
  const base = rssOf(pid);
  const cpu0 = cpuOf(pid);
  let peak = base;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(pid))), 50);
  const started = process.hrtime.bigint();
  try {
    return await new Promise<Run>((resolve, reject) => {
      const req = http.request({
        host: u.hostname,
        port: u.port,
        path: u.pathname,
        method: "POST",
        headers: {
          ...headers,
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": String(head.length + sizeMb * MB + tail.length),
        },
      });
      req.on("error", reject);
      req.on("response", (res) => {
        let body = "";
        res.on("data", (d: Buffer) => (body += d.toString()));
        res.on("end", () => {
          const seconds = Number(process.hrtime.bigint() - started) / 1e9;
          resolve({
            mibps: sizeMb / seconds,
            rssGrowthMb: (peak - base) / MB,
            peakMb: peak / MB,
            cpuSeconds: cpuOf(pid) - cpu0,
            status: res.statusCode ?? 0,
            body,
          });
        });
      });
      let sent = 0;
      const pump = () => {
        while (sent < sizeMb) {
          sent++;
          if (!req.write(CHUNK)) return void req.once("drain", pump);
        }
        req.end(tail);
      };
      req.write(head);
      pump();
    });
  } finally {
    clearInterval(sampler);
  }
}

/** The baseline: a bare Node http server piping the request body into a file, in its own process. */
async function startBare(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const script = `
    const http = require("node:http"), fs = require("node:fs"), { pipeline } = require("node:stream/promises");
    http.createServer(async (req, res) => {
      await pipeline(req, fs.createWriteStream(${JSON.stringify(path.join(dir, "bare.bin"))}));
      res.statusCode = 201; res.end("{}");
    }).listen(${port}, "127.0.0.1", () => console.log("ready"));`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
  return { url: `http://127.0.0.1:${port}/upload`, child };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const started = machine();
  // A Business license (8 GB files, 200 GB storage): the Free one stops at 500 MB per file.
  let server: Kinora = await startKinora(EDGE_ENV);
  const api0 = new Api(server.url);
  const user = await api0.newUser();
  await server.stop();
  await withDatabase({ dataDir: server.dataDir }, (sql) => sql(`UPDATE "User" SET "licenseId" = 5 WHERE "userCode" = $1`, [user.userCode]));
  server = await startKinora({ ...EDGE_ENV, DATA_DIR: server.dataDir });
  const api = new Api(server.url);
  const { access } = await api.login(user.userCode, user.password);
  const bareDir = mkdtempSync(path.join(os.tmpdir(), "kinora-bench-bare-"));
  const bare = await startBare(bareDir);
  const runs = { bare: [] as Run[], kinora: [] as Run[] };
  let idle = 0;
  let warmPeak = 0;
  const kinoraHeaders = { Authorization: `Bearer ${access}`, Accept: "application/json" };
  try {
    const idleMb = rssOf(server.pid!) / MB; // the server after start and login, before any upload
    idle = idleMb;
    // warm-up (JIT, first writes of the storage and the database), not measured
    await upload(bare.url, bare.child.pid!, {}, 64);
    const warm = await upload(`${server.url}/api/box`, server.pid!, kinoraHeaders, 64);
    await api.delete(`/api/box/${JSON.parse(warm.body).boxId}`, { token: access });
    warmPeak = warm.peakMb;
    for (let i = 0; i < ROUNDS; i++) {
      runs.bare.push(await upload(bare.url, bare.child.pid!, {}));
      const k = await upload(`${server.url}/api/box`, server.pid!, kinoraHeaders);
      if (k.status !== 201) throw new Error(`upload: ${k.status} ${k.body}`);
      runs.kinora.push(k);
      await api.delete(`/api/box/${JSON.parse(k.body).boxId}`, { token: access }); // frees the disk (and cancels the ingest of noise)
      console.log(`round ${i + 1}: bare ${fmt(runs.bare[i]!.mibps)} MiB/s, kinora ${fmt(k.mibps)} MiB/s, RSS +${fmt(k.rssGrowthMb)} MB`);
    }
  } finally {
    bare.child.kill();
    rmSync(bareDir, { recursive: true, force: true });
    await server.stop();
  }
  const bareMibps = median(runs.bare.map((r) => r.mibps));
  const kinoraMibps = median(runs.kinora.map((r) => r.mibps));
  // growth over the idle server, the warm-up included: the figure that bounds a first upload too
  const growth = Math.max(warmPeak, ...runs.kinora.map((r) => r.peakMb)) - idle;
  const ratio = kinoraMibps / bareMibps;
  const cpuPerGib = (rs: Run[]) => median(rs.map((r) => (r.cpuSeconds * 1024) / SIZE_MB));
  const ok = (b: boolean) => (b ? "met" : "**not met**");
  const markdown = `
Run: ${started}. ${SIZE_MB} MiB multipart body, ${ROUNDS} interleaved rounds, medians; \`npx tsx bench/box-upload.ts\`.

| path | throughput | server CPU per GiB | server RSS growth |
|---|---|---|---|
| bare Node http, body piped to a file | ${fmt(bareMibps)} MiB/s | ${fmt(cpuPerGib(runs.bare), 2)} s | ${fmt(Math.max(...runs.bare.map((r) => r.rssGrowthMb)))} MB (peak over the round before) |
| POST /api/box (${process.env.NGINX === "0" ? "no edge" : "nginx edge"}, Next route handler on the Node request, busboy, local storage with background flushes and fsync) | ${fmt(kinoraMibps)} MiB/s | ${fmt(cpuPerGib(runs.kinora), 2)} s (Node process only) | ${fmt(growth)} MB (peak over the idle server, ${fmt(idle)} MB; a 64 MiB warm-up upload first) |

Throughput ratio ${fmt(ratio * 100)} % (target >= 60 %: ${ok(ratio >= 0.6)}); RSS growth ${fmt(growth)} MB (target < 100 MB: ${ok(growth < 100)}).
Per round (bare / kinora MiB/s, ratio): ${runs.bare.map((b, i) => `${fmt(b.mibps)} / ${fmt(runs.kinora[i]!.mibps)} (${fmt((100 * runs.kinora[i]!.mibps) / b.mibps)} %)`).join(", ")}.
`;
  console.log(markdown);
  await writeSection(process.env.NGINX === "0" ? "Box upload (NGINX=0, Node alone)" : "Box upload", markdown);
}

void main();
