// What seeing inside Kinora costs (issue 23): the REST overview with logs, request ids and metrics on
// against the same build with them off, and one Prometheus scrape of /metrics with every route warmed
// against a /healthz request, each pair measured in the same run, on PGlite and then on PostgreSQL.
// Run after `npm run build`: `npx tsx bench/operations-overhead.ts`. Writes "Operations overhead" in
// docs/perf.md. Loopback only, bounded: BENCH_WARMUP (default 15) seconds of warm-up per server,
// BENCH_SECONDS (default 8) per case and round, BENCH_ROUNDS (default 9) interleaved rounds, the
// order reversed every other round, BENCH_SCRAPES (default 50) scrapes. The verdict is the median of
// the rounds' own on/off ratios: each pair ran back to back, so the machine's drift over the run
// (these 2 cores are shared by nginx, Node, PostgreSQL and the load generator) falls out of it.
// Each server under test is pinned to CPU 0 and the load generator to CPU 1 (pinServer; BENCH_PIN=0: not).
//
// "Off" is the same build started with KINORA_BENCH_TELEMETRY=off (honoured only with KINORA_BENCH=1:
// no request context, request id, request line, request metrics or statement timing in the app),
// EDGE_ACCESS_LOG=off (no JSON access log at the edge) and LOG_LEVEL=warn; the edge still maps and
// returns X-Request-Id (one header).
import os from "node:os";
import path from "node:path";
import { Api } from "../test/support/api";
import { startKinora, startOwnKinora, type Kinora } from "../test/support/server";
import { documentedEndpoints } from "../test/support/spec-endpoints";
import { checkCases, compare, fmt, machine, onBothDatabases, pinServer, writeSection, type LoadCase, type LoadResult } from "./report";

const WARMUP = Number(process.env.BENCH_WARMUP ?? 15);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 9);
const SCRAPES = Number(process.env.BENCH_SCRAPES ?? 50);
const CONNECTIONS = 16;
const TARGET = 0.95; // on >= 95 % of off
const SCRAPE_TARGET_MS = 50;
let pinned = false;

interface Results {
  on: LoadResult;
  off: LoadResult;
  /** the median of the rounds' on/off throughput ratios, and their range */
  ratio: { median: number; low: number; high: number };
  scrape: { p50: number; p95: number; kb: number; samples: number };
  healthz: { p50: number; p95: number };
}

/** A user with page fields on `server`, and the overview's load case (public token). */
async function overviewCase(server: Kinora): Promise<LoadCase> {
  const api = new Api(server.url);
  const u = await api.newUser();
  const profile = { ...u.user.profile, pageTitle: "Mountain trains", pageDescription: "Long takes and field recordings." };
  const res = await api.post("/api/user/me", { ...u.user, profile }, { token: u.access });
  if (res.status !== 200) throw new Error(`page fields: ${res.status} ${res.text}`);
  const headers = { Authorization: `Bearer ${await api.publicToken()}`, Accept: "application/json" };
  return { url: `${server.url}/api/public/user/${u.userCode}/overview`, connections: CONNECTIONS, headers };
}

/** Every documented operation requested signed out and with a bad token, and the fixed route groups: each a series of the histogram. */
async function warmEveryRoute(server: Kinora): Promise<void> {
  const concrete = (template: string) => template.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
  const paths = documentedEndpoints().map((e) => ({ method: e.method, path: concrete(e.path) }));
  for (const extra of ["/", "/terms", "/healthz", "/readyz", "/bench/fail", "/media/x", "/_next/static/x.js", "/api/trpc/x.y", "/no-such"])
    paths.push({ method: "GET", path: extra });
  for (const { method, path } of paths)
    for (const auth of [undefined, "Bearer not-a-token"]) {
      const res = await fetch(server.url + path, {
        method,
        headers: { ...(auth ? { Authorization: auth } : {}), ...(method === "GET" ? {} : { "Content-Type": "application/json" }) },
        ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
      });
      await res.arrayBuffer();
    }
}

/** Times `count` GETs of each path, alternating, one at a time; p50 and p95 in ms per path. */
async function timeAlternating(urls: string[], count: number): Promise<{ p50: number; p95: number; text: string }[]> {
  const times = urls.map(() => [] as number[]);
  const texts = urls.map(() => "");
  for (let i = 0; i < count; i++)
    for (const [k, url] of urls.entries()) {
      const started = performance.now();
      const res = await fetch(url);
      texts[k] = await res.text();
      times[k]!.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    }
  return times.map((t, k) => {
    t.sort((a, b) => a - b);
    const at = (q: number) => t[Math.min(t.length - 1, Math.floor(q * t.length))]!;
    return { p50: at(0.5), p95: at(0.95), text: texts[k]! };
  });
}

async function benchDatabase(databaseUrl?: string): Promise<Results> {
  const db = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  // their logs go to files, as a service's go to its journal: not through a pipe into this process,
  // which generates the load and would pay for reading them
  const on = await startKinora({ KINORA_BENCH: "1", ...db }, { logFile: path.join(os.tmpdir(), `kinora-bench-on-${process.pid}.log`) });
  // PostgreSQL: the off server is an instance of its own (its own database: nodes of one database
  // share their storage), on the same PostgreSQL server
  const off = await startOwnKinora(
    // the same roles as the on one (web and ingest on PostgreSQL: no worker)
    {
      KINORA_BENCH: "1",
      KINORA_BENCH_TELEMETRY: "off",
      EDGE_ACCESS_LOG: "off",
      LOG_LEVEL: "warn",
      ...db,
      ...(databaseUrl ? { KINORA_ROLES: "web,ingest" } : {}),
    },
    { logFile: path.join(os.tmpdir(), `kinora-bench-off-${process.pid}.log`) },
  );
  try {
    pinned = pinServer(on.pid!) && pinServer(off.pid!);
    const cases = { on: await overviewCase(on), off: await overviewCase(off) };
    await checkCases(cases);
    const offId = (await fetch(cases.off.url, { headers: cases.off.headers })).headers.get("x-request-id");
    const onMetrics = await (await fetch(`${on.url}/metrics`)).text();
    if (!/http_request_duration_seconds_count\{[^}]*route="\/api\/public\/user\/\{userCode\}\/overview"/.test(onMetrics))
      throw new Error("the on server does not observe its requests");
    const offMetrics = await (await fetch(`${off.url}/metrics`)).text();
    if (/route="\/api\/public\/user\/\{userCode\}\/overview"/.test(offMetrics))
      throw new Error("the off server still observes its requests");
    console.log(`off server: X-Request-Id from the edge only (${offId ? "present" : "absent"})`);
    const load = await compare(cases, SECONDS, ROUNDS, WARMUP);
    const ratios = load.on.runs.map((r, i) => r.rps / load.off.runs[i]!.rps).sort((a, b) => a - b);
    await warmEveryRoute(on);
    const [scrape, healthz] = await timeAlternating([`${on.url}/metrics`, `${on.url}/healthz`], SCRAPES);
    return {
      ...load,
      ratio: { median: ratios[Math.floor(ratios.length / 2)]!, low: ratios[0]!, high: ratios.at(-1)! },
      scrape: {
        p50: scrape!.p50,
        p95: scrape!.p95,
        kb: Buffer.byteLength(scrape!.text) / 1024,
        samples: scrape!.text.split("\n").filter((l) => l && !l.startsWith("#")).length,
      },
      healthz: { p50: healthz!.p50, p95: healthz!.p95 },
    };
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
}

async function main(): Promise<void> {
  const header = machine();
  const results: Record<string, Results> = await onBothDatabases(benchDatabase);
  const lines = [
    `\`npx tsx bench/operations-overhead.ts\` after \`npm run build\`: two production servers of the same build (\`npm start\` behind its nginx edge), one with logs, request ids and metrics on, one with them off (KINORA_BENCH_TELEMETRY=off, EDGE_ACCESS_LOG=off, LOG_LEVEL=warn);`,
    `autocannon on loopback, ${CONNECTIONS} connections, GET /api/public/user/{userCode}/overview with a public token, ${WARMUP} s of warm-up per server, then ${ROUNDS} rounds of ${SECONDS} s, on and off back to back, the order reversed every other round; ${header}.`,
    pinned
      ? "Each server (Node and its nginx) pinned to CPU 0, the load generator to CPU 1, PostgreSQL free (taskset: see pinServer in bench/report.ts)."
      : "Unpinned (BENCH_PIN=0, no taskset or a single CPU): the scheduler's choices move each round by 10-20 %.",
    `"on / off" is the median of the rounds' own ratios (their range beside it); the req/s and latencies are each case's median over the rounds.`,
    `Then every documented operation requested twice (signed out, bad token) and the fixed route groups, so /metrics carries every route's series, and ${SCRAPES} scrapes timed one after another, each followed by a GET /healthz as the baseline.`,
    `Targets: on >= ${TARGET * 100} % of off; a scrape under ${SCRAPE_TARGET_MS} ms.`,
    "",
    "| database | overview on req/s | off req/s | on / off (range) | on p50 / p95 ms | off p50 / p95 ms | failed | scrape p50 / p95 ms | /healthz p50 / p95 ms | scrape size |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [database, r] of Object.entries(results))
    lines.push(
      `| ${database} | ${fmt(r.on.rps)} | ${fmt(r.off.rps)} | ${fmt(r.ratio.median, 3)} (${fmt(r.ratio.low, 2)}-${fmt(r.ratio.high, 2)}) | ${fmt(r.on.p50, 1)} / ${fmt(r.on.p95, 1)} | ${fmt(r.off.p50, 1)} / ${fmt(r.off.p95, 1)} | ${r.on.failures + r.off.failures} | ${fmt(r.scrape.p50, 1)} / ${fmt(r.scrape.p95, 1)} | ${fmt(r.healthz.p50, 1)} / ${fmt(r.healthz.p95, 1)} | ${fmt(r.scrape.kb, 1)} KB, ${r.scrape.samples} samples |`,
    );
  await writeSection("Operations overhead", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
