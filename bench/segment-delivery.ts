// Segment delivery through the real path: a 2 MiB HLS segment fetched by its signed URL from the
// launcher's nginx edge (njs HMAC check, band log line, sendfile), as a share of a plain nginx
// serving the same file without any check (same binary, same worker count, sendfile), measured in the
// same run with the same concurrency. The Node media server (NGINX=0) is measured too, for reference.
// Run after `npm run build`: `npx tsx bench/segment-delivery.ts`. Writes "Segment delivery" in docs/perf.md.
// Loopback only, bounded: BENCH_SECONDS (default 8) per case and round, BENCH_ROUNDS (default 3)
// interleaved rounds, BENCH_CONNECTIONS (default 16). Load generator: wrk (Debian), else autocannon.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startKinora, type Kinora } from "../test/support/server";
import { resolveMediaKey } from "../src/server/media/edge/media-node.mjs";
import { signedMediaBase } from "../src/server/media/edge/media-url.mjs";
import { findNginx } from "../src/server/media/edge/nginx.mjs";
import { assertBuilt, compare, fmt, hasWrk, machine, wrk, writeSection, type LoadResult } from "./report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SEGMENT_BYTES = 2 * 1024 * 1024;
const TARGET = 0.9;

type CaseName = "plain" | "signed" | "node";
interface Measured {
  rps: number;
  p50: number;
  p99: number;
  failures: number;
}

/** Puts one 2 MiB segment into a server's storage and returns its signed URL. */
function placeSegment(server: Kinora, owner: string, box: string, data: Buffer): string {
  const dir = path.join(server.dataDir, "storage", "box", owner, box, "hls", "720p");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, "seg_00000.ts"), data);
  const item = { bandOwnerId: owner, ownerId: owner, boxId: box };
  const base = signedMediaBase(resolveMediaKey(process.env, server.dataDir), "hls", item, Math.floor(Date.now() / 1000) + 3600);
  return `${server.url}${base}720p/seg_00000.ts`;
}

/** A plain nginx serving `root` as it is: the baseline without signature checks or band log. */
async function startPlainNginx(binary: string, root: string): Promise<{ url: string; child: ChildProcess }> {
  const prefix = mkdtempSync(path.join(os.tmpdir(), "kinora-plain-nginx-"));
  mkdirSync(path.join(prefix, "tmp"), { recursive: true });
  const port = await freePort();
  writeFileSync(
    path.join(prefix, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root root;" : ""}
daemon off;
worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 4096; }
http {
  types { video/mp2t ts; }
  sendfile on;
  tcp_nopush on;
  tcp_nodelay on;
  keepalive_timeout 65s;
  access_log off;
  client_body_temp_path ${prefix}/tmp;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = spawn(binary, ["-c", path.join(prefix, "nginx.conf"), "-p", `${prefix}/`], { stdio: ["ignore", "inherit", "inherit"] });
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/`);
      return { url: `http://127.0.0.1:${port}`, child };
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  child.kill("SIGTERM");
  throw new Error("plain nginx did not start");
}

async function measure(urls: Record<CaseName, string>): Promise<Record<CaseName, Measured>> {
  const names = Object.keys(urls) as CaseName[];
  if (!hasWrk) {
    const cases = Object.fromEntries(names.map((n) => [n, { url: urls[n], connections: CONNECTIONS }]));
    const r = (await compare(cases, SECONDS, ROUNDS)) as Record<CaseName, LoadResult>;
    return Object.fromEntries(names.map((n) => [n, { rps: r[n].rps, p50: r[n].p50, p99: r[n].p95, failures: r[n].failures }])) as Record<
      CaseName,
      Measured
    >;
  }
  for (const n of names) wrk(urls[n], 2, CONNECTIONS); // warm-up: caches, JIT, connections
  const runs = new Map<CaseName, Measured[]>(names.map((n) => [n, []]));
  for (let i = 0; i < ROUNDS; i++) for (const n of names) runs.get(n)!.push(wrk(urls[n], SECONDS, CONNECTIONS));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return Object.fromEntries(
    names.map((n) => {
      const rs = runs.get(n)!;
      return [
        n,
        {
          rps: median(rs.map((r) => r.rps)),
          p50: median(rs.map((r) => r.p50)),
          p99: median(rs.map((r) => r.p99)),
          failures: rs.reduce((s, r) => s + r.failures, 0),
        },
      ];
    }),
  ) as Record<CaseName, Measured>;
}

async function main(): Promise<void> {
  assertBuilt();
  const nginx = findNginx(process.env);
  if (!nginx.ok) throw new Error(`the real path needs nginx: ${nginx.reason}`);
  const header = machine();
  delete process.env.DATABASE_URL; // delivery does not touch the database; keep the embedded one
  const data = randomBytes(SEGMENT_BYTES);
  const owner = randomUUID();
  const box = randomUUID();
  const edge = await startKinora({});
  const nodeOnly = await startKinora({ NGINX: "0" });
  let plain: { url: string; child: ChildProcess } | undefined;
  try {
    const signedUrl = placeSegment(edge, owner, box, data);
    const nodeUrl = placeSegment(nodeOnly, owner, box, data);
    plain = await startPlainNginx(nginx.binary, path.join(edge.dataDir, "storage"));
    const urls: Record<CaseName, string> = {
      plain: `${plain.url}/box/${owner}/${box}/hls/720p/seg_00000.ts`,
      signed: signedUrl,
      node: nodeUrl,
    };
    for (const [name, url] of Object.entries(urls)) {
      const res = await fetch(url);
      const body = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200 || !body.equals(data)) throw new Error(`${name}: ${res.status}, ${body.length} bytes`);
    }
    const r = await measure(urls);
    const gbps = (x: Measured) => (x.rps * SEGMENT_BYTES) / 1e9;
    const names: Record<CaseName, string> = {
      plain: "plain nginx, no check (baseline)",
      signed: "signed URL through the edge: njs HMAC check, band log, sendfile",
      node: "signed URL, NGINX=0: Node media server in the launcher",
    };
    const lines = [
      `\`npx tsx bench/segment-delivery.ts\` after \`npm run build\`: one 2 MiB segment, ${hasWrk ? "wrk (1 thread)" : "autocannon"} on loopback,`,
      `${CONNECTIONS} connections, median of ${ROUNDS} interleaved rounds of ${SECONDS} s per case; nginx ${nginxVersion(nginx.binary)}, worker_processes auto; ${header}.`,
      `Each case as a share of the plain nginx in the same run (target: the signed edge >= ${TARGET * 100} % of it).`,
      "",
      "| case | req/s | GB/s | % of plain nginx | p50 ms | p99 ms | failed |",
      "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
      ...(Object.keys(names) as CaseName[]).map(
        (n) =>
          `| ${names[n]} | ${fmt(r[n].rps)} | ${fmt(gbps(r[n]), 2)} | ${fmt((100 * r[n].rps) / r.plain.rps)} % | ${fmt(r[n].p50, 1)} | ${fmt(r[n].p99, 1)} | ${r[n].failures} |`,
      ),
    ];
    writeSection("Segment delivery", lines.join("\n"));
    console.log(lines.join("\n"));
  } finally {
    plain?.child.kill("SIGTERM");
    await Promise.all([edge.stop(), nodeOnly.stop()]);
  }
}

function nginxVersion(binary: string): string {
  return /nginx\/([\d.]+)/.exec(spawnSync(binary, ["-v"], { encoding: "utf8" }).stderr)?.[1] ?? "?";
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
