// Shared by the benchmarks: load generation with autocannon and writing results into docs/perf.md.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import * as prettier from "prettier";
import { descendants } from "../scripts/process-tree";
import { useRunTmpDir } from "../scripts/run-tmp";
import { preparePostgres } from "../scripts/test-postgres";
import { Api } from "../test/support/api";

const root = path.resolve(import.meta.dirname, "..");
const perfFile = path.join(root, "docs/perf.md");

export interface LoadCase {
  url: string;
  connections: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  rps: number;
  p50: number;
  p95: number;
  /** responses that were not 2xx, connection errors and timeouts: any of these spoils the figure */
  failures: number;
}

/** The LoadCase of a POST with a JSON body and a public token to a server (at `connections` clients). */
export type PublicPost = (path: string, body: Record<string, unknown>) => LoadCase;

/** A public token of the server, and the cases of POSTs carrying it. */
export async function publicPost(serverUrl: string, connections: number): Promise<PublicPost> {
  const headers = {
    Authorization: `Bearer ${await new Api(serverUrl).publicToken()}`,
    Accept: "application/json",
    "Content-Type": "application/json",
  };
  return (path, body) => ({ url: `${serverUrl}${path}`, connections, method: "POST", headers, body: JSON.stringify(body) });
}

/**
 * Sends each case once before the load: a case that answers an error (or a 200 that `accepts`
 * refuses by its body) would measure the error path. A fresh server may drop the very first
 * connection while it warms up: one retry.
 */
export async function checkCases(
  cases: Record<string, LoadCase>,
  accepts: (name: string, body: string) => boolean = () => true,
): Promise<void> {
  const send = (c: LoadCase) => fetch(c.url, { method: c.method ?? "GET", headers: c.headers, body: c.body });
  for (const [name, c] of Object.entries(cases)) {
    const res = await send(c).catch(async () => {
      await new Promise((r) => setTimeout(r, 1000));
      return send(c);
    });
    const text = await res.text();
    if (res.status !== 200 || !accepts(name, text)) throw new Error(`${name}: ${res.status} ${text}`);
  }
}

/** One bounded autocannon run on loopback; latencies are collected per response (autocannon reports no p95). */
export async function load(c: LoadCase, seconds: number): Promise<LoadResult> {
  if (!/^http:\/\/127\.0\.0\.1:/.test(c.url)) throw new Error(`benchmarks only target loopback: ${c.url}`);
  const latencies: number[] = [];
  const r = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon({ ...c, duration: seconds, timeout: 10 }, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on("response", (_client, _status, _bytes, ms) => latencies.push(ms));
  });
  latencies.sort((a, b) => a - b);
  if (r.non2xx + r.errors)
    console.warn(`${c.method ?? "GET"} ${c.url}: ${r.errors} connection errors, statuses ${JSON.stringify(r.statusCodeStats)}`);
  return {
    rps: r.requests.total / r.duration,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    failures: r.non2xx + r.errors, // errors include timeouts
  };
}

/**
 * Measures every case `rounds` times, interleaved, the order reversed every other round (a, b, c,
 * c, b, a, a, b, c, ...), after a warm-up of each (`warmUpSeconds`, default 2), and keeps the median
 * of each figure, and every round's results in `runs`. Interleaving matters on a shared 2-core
 * machine: a burst of outside load then hits every case alike instead of skewing one of them
 * against its baseline; reversing the order cancels a steady drift (a server still warming up, a
 * machine slowly getting busier), which would otherwise favour whichever case runs second.
 */
export async function compare<K extends string>(
  cases: Record<K, LoadCase>,
  seconds: number,
  rounds: number,
  warmUpSeconds = 2,
): Promise<Record<K, LoadResult & { runs: LoadResult[] }>> {
  const names = Object.keys(cases) as K[];
  for (const name of names) await load(cases[name], warmUpSeconds); // JIT, caches, connection pools
  const runs = new Map<K, LoadResult[]>(names.map((n) => [n, []]));
  for (let i = 0; i < rounds; i++) {
    for (const name of i % 2 ? [...names].reverse() : names) runs.get(name)!.push(await load(cases[name], seconds));
  }
  const median = (rs: LoadResult[], key: keyof LoadResult) =>
    quantile(
      rs.map((r) => r[key]).sort((a, b) => a - b),
      0.5,
    );
  return Object.fromEntries(
    names.map((n) => {
      const rs = runs.get(n)!;
      return [
        n,
        {
          rps: median(rs, "rps"),
          p50: median(rs, "p50"),
          p95: median(rs, "p95"),
          failures: rs.reduce((s, r) => s + r.failures, 0),
          runs: rs,
        },
      ];
    }),
  ) as Record<K, LoadResult & { runs: LoadResult[] }>;
}

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

/** The machine, and its load when the run started: figures from a busy machine are only comparable within the run. */
export function machine(): string {
  const load1 = os.loadavg()[0]!.toFixed(1);
  return `${os.cpus().length} x ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load average ${load1} at start, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`;
}

/**
 * Replaces (or appends) the `## title` section of docs/perf.md, up to the next `## ` heading, and
 * formats the file with the project's Prettier settings so `npm run format:check` stays green.
 */
export async function writeSection(title: string, markdown: string): Promise<void> {
  const text = existsSync(perfFile) ? readFileSync(perfFile, "utf8") : "# Performance\n";
  const heading = `## ${title}\n`;
  const start = text.indexOf(heading);
  const section = `${heading}\n${markdown.trim()}\n\n`;
  const next = start < 0 ? -1 : text.indexOf("\n## ", start + heading.length);
  const updated = start < 0 ? `${text.trimEnd()}\n\n${section}` : text.slice(0, start) + section + (next < 0 ? "" : text.slice(next + 1));
  const options = { ...(await prettier.resolveConfig(perfFile)), filepath: perfFile };
  writeFileSync(perfFile, await prettier.format(updated, options));
}

export const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });

/**
 * Pins the server under test (the launcher `pid` and every process below it: its nginx edge) to CPU
 * 0 and this process, the load generator, to CPU 1, on a machine of 2 CPUs or more with taskset
 * (util-linux); PostgreSQL stays free. On 2 cores shared by Node, nginx, PostgreSQL and autocannon,
 * which of them the scheduler favoured in a round moved a server's throughput by 10-20 %; pinned,
 * the server has a core of its own, as a node of its own would (the machine's other tenants still
 * move the rounds). BENCH_PIN=0 leaves them unpinned. Returns whether it pinned.
 */
export function pinServer(pid: number): boolean {
  if (os.cpus().length < 2 || process.env.BENCH_PIN === "0") return false;
  const pids = [pid, ...descendants(pid)];
  try {
    for (const p of pids) execFileSync("taskset", ["-a", "-pc", "0", String(p)], { stdio: "ignore" });
    execFileSync("taskset", ["-a", "-pc", "1", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false; // no taskset: the figures are taken unpinned
  }
}

/** CPU seconds used so far by `pid` and every process under it (ended children included, through their parent's counters). */
export function processTreeCpuSeconds(pid: number): number {
  let total = 0;
  for (const p of [pid, ...descendants(pid)]) {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, "utf8");
      // fields from the state on: [11] utime, [12] stime, [13] cutime, [14] cstime (clock ticks, USER_HZ 100)
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / 100;
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/** The machine's CPU counters (/proc/stat's first line): busy and all clock ticks so far. */
function machineTicks(): { busy: number; all: number } {
  const [user, nice, system, idle, iowait, ...rest] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]!
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user! + nice! + system! + rest.slice(0, 3).reduce((a, b) => a + b, 0); // irq, softirq, steal
  return { busy, all: busy + idle! + iowait! };
}

/**
 * Waits until the machine is quiet (its cores under `busyShare` busy over 250 ms, whatever runs: a
 * server working off what the last load left, its database, nginx), at least `minMs`, at most
 * `maxMs`; returns how long it waited. What one load left is not charged to the next.
 */
export async function machineSettled(busyShare = 0.2, minMs = 1000, maxMs = 30_000): Promise<number> {
  const start = performance.now();
  await new Promise((r) => setTimeout(r, minMs));
  for (;;) {
    const a = machineTicks();
    await new Promise((r) => setTimeout(r, 250));
    const b = machineTicks();
    if ((b.busy - a.busy) / Math.max(1, b.all - a.all) < busyShare || performance.now() - start > maxMs) return performance.now() - start;
  }
}

/** Whether wrk (Debian's) is installed: a load generator whose client reads large bodies at memory speed. */
export const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;

/** One wrk run of GETs of `url` (one thread: the machine has two cores and the servers need them). */
export function wrk(url: string, seconds: number, connections: number): { rps: number; p50: number; p99: number; failures: number } {
  const r = spawnSync("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "--timeout", "10s", url], { encoding: "utf8" });
  if (r.status !== 0) throw new Error(`wrk failed: ${r.stderr}`);
  const out = r.stdout;
  const ms = (label: string) => {
    const m = new RegExp(`^\\s*${label}\\s+([\\d.]+)(us|ms|s)\\s*$`, "m").exec(out);
    if (!m) return NaN;
    return Number(m[1]) * (m[2] === "us" ? 0.001 : m[2] === "s" ? 1000 : 1);
  };
  const failures =
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
    (/Socket errors:.*?(\d+)/.test(out) ? Number(/timeout (\d+)/.exec(out)?.[1] ?? 0) : 0);
  return { rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? NaN), p50: ms("50%"), p99: ms("99%"), failures };
}

/** Benchmarks measure the production build: stop at once when there is none. */
export function assertBuilt(): void {
  if (!existsSync(path.join(root, ".next/BUILD_ID"))) throw new Error("run `npm run build` first");
}

/**
 * Runs a benchmark on a production build, first on the embedded database (whatever DATABASE_URL the
 * shell has), then on a throwaway PostgreSQL database; its results by database label.
 */
export async function onBothDatabases<T>(bench: (databaseUrl?: string) => Promise<T>): Promise<{ PGlite: T; PostgreSQL: T }> {
  assertBuilt();
  delete process.env.DATABASE_URL;
  const removeRunTmp = useRunTmpDir(); // the catalogues and data directories go with the run
  try {
    const PGlite = await bench();
    const pg = await preparePostgres();
    try {
      return { PGlite, PostgreSQL: await bench(pg.url) };
    } finally {
      await pg.drop();
    }
  } finally {
    removeRunTmp();
  }
}
