// What authenticating by API key costs against the OAuth bearer path (issue 27: "no more"): the same
// operation (POST /api/search/box/contents, the user's empty box) with a user's access token and with
// an API key of the same user (scope box:read), interleaved on one server, on PGlite and PostgreSQL.
// Run after `npm run build`: `npx tsx bench/api-key-auth.ts`. Writes "API key authentication" in
// docs/perf.md. Loopback only, bounded: BENCH_SECONDS (default 8) per case and round, BENCH_ROUNDS
// (default 5) rounds, 16 connections; the server pinned to CPU 0 and the load generator to CPU 1.
import { Api } from "../test/support/api";
import { startKinora } from "../test/support/server";
import { checkCases, compare, fmt, machine, onBothDatabases, pinServer, writeSection, type LoadCase, type LoadResult } from "./report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = 16;
const TARGET = 1; // key throughput >= OAuth bearer throughput (within the rounds' scatter)

type Results = Record<"bearer" | "key", LoadResult & { runs: LoadResult[] }>;

async function benchDatabase(databaseUrl?: string): Promise<Results> {
  const server = await startKinora(databaseUrl ? { DATABASE_URL: databaseUrl } : {});
  try {
    pinServer(server.pid!);
    const api = new Api(server.url);
    const user = await api.newUser();
    const made = await api.post("/api/user/me/api-keys", { name: "bench", scopes: ["box:read"] }, { token: user.access });
    if (made.status !== 201) throw new Error(`api key: ${made.status} ${made.text}`);
    const search = (credential: string): LoadCase => ({
      url: `${server.url}/api/search/box/contents`,
      connections: CONNECTIONS,
      method: "POST",
      headers: { Authorization: `Bearer ${credential}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ pageSize: 10 }),
    });
    const cases = { bearer: search(user.access), key: search(made.body.key) };
    await checkCases(cases);
    return await compare(cases, SECONDS, ROUNDS, 5);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const header = machine();
  const results = await onBothDatabases(benchDatabase);
  const lines = [
    "`npx tsx bench/api-key-auth.ts` after `npm run build`: one production server (`npm start` behind its nginx edge), POST /api/search/box/contents",
    `(a user's empty box) with the user's OAuth access token (the baseline) and with an API key of the user (box:read), autocannon on loopback,`,
    `${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s after 5 s of warm-up each; the server pinned to CPU 0, the load generator to CPU 1; ${header}.`,
    `"key / bearer" is the median of the rounds' own ratios (their range beside it). Target: key >= ${TARGET} x bearer, within the rounds' scatter.`,
    "",
    "| database | bearer req/s | key req/s | key / bearer (range) | bearer p50 / p95 ms | key p50 / p95 ms | failed |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [database, r] of Object.entries(results)) {
    const ratios = r.key.runs.map((run, i) => run.rps / r.bearer.runs[i]!.rps).sort((a, b) => a - b);
    const median = ratios[Math.floor(ratios.length / 2)]!;
    lines.push(
      `| ${database} | ${fmt(r.bearer.rps)} | ${fmt(r.key.rps)} | ${fmt(median, 3)} (${fmt(ratios[0]!, 2)}-${fmt(ratios.at(-1)!, 2)}) | ${fmt(r.bearer.p50, 1)} / ${fmt(r.bearer.p95, 1)} | ${fmt(r.key.p50, 1)} / ${fmt(r.key.p95, 1)} | ${r.bearer.failures + r.key.failures} |`,
    );
  }
  await writeSection("API key authentication", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
