// The public vod search over a catalogue of CORPUS_VODS vods (default 100,000) of CORPUS_CREATORS
// creators (default 10,000), and the play of a pay-per-view vod by an entitled viewer: p50/p95 at 8
// concurrent clients, with the bare route handler (/bench/ceiling) of the same server and run as the
// baseline, on PGlite and then on PostgreSQL. Targets: search p95 <= 30 ms on PostgreSQL for one-word,
// prefix and filtered queries; play >= 50 % of the ceiling's req/s.
// Run after `npm run build`: `npx tsx bench/vod-search.ts`. Writes "Vod search and play" in docs/perf.md.
// The catalogue is written by bench/vod-corpus.ts (minutes on PGlite); BENCH_SECONDS (default 10) per
// case and round, BENCH_ROUNDS (default 3) rounds.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { withDatabase, type Sql } from "../test/support/database";
import { startKinora } from "../test/support/server";
import { checkCases, compare, fmt, machine, onBothDatabases, publicPost, writeSection, type LoadCase, type LoadResult } from "./report";
import { paidPayPerView, writeCorpus } from "./vod-corpus";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SIZE = { vods: Number(process.env.CORPUS_VODS ?? 100_000), creators: Number(process.env.CORPUS_CREATORS ?? 10_000) };
const CONNECTIONS = 8;
const SEARCH_P95_MS = 30;
const PLAY_SHARE = 0.5;

interface Fixture {
  /** Words of the catalogue by how many listed vods have them: a common one, a middling one, a rare one. */
  words: { word: string; vods: number }[];
  /** A creator with listed vods. */
  userCode: string;
  /** A listed PAY_PER_VIEW vod and the trackingId of a paid, public-token purchase of it. */
  vodId: string;
  trackingId: string;
}

/** The catalogue, then what the cases need from it. */
async function prepare(sql: Sql): Promise<Fixture> {
  const started = Date.now();
  await writeCorpus(sql, SIZE);
  await sql(`VACUUM ANALYZE "VodSearchTerm"`); // index-only scans need the visibility map
  await sql(`VACUUM ANALYZE "VodItem"`);
  console.log(`catalogue of ${SIZE.vods} vods written in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const byFrequency = await sql<{ lexeme: string; vods: number }>(
    `SELECT "lexeme", count(*)::int AS vods FROM "VodSearchTerm" WHERE "lexeme" ~ '^[a-z]{6}$' GROUP BY 1 ORDER BY 2 DESC`,
  );
  const at = (share: number) => byFrequency[Math.floor(share * (byFrequency.length - 1))]!;
  const words = [byFrequency[0]!, at(0.01), at(0.2)].map((w) => ({ word: w.lexeme, vods: w.vods }));
  return { words, ...(await paidPayPerView(sql)) };
}

type Results = Record<string, LoadResult>;

async function benchDatabase(databaseUrl?: string): Promise<{ results: Results; labels: Record<string, string> }> {
  const env = { KINORA_BENCH: "1", ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-vod-bench-"));
  // a first start migrates and seeds the database; the catalogue is written with the server stopped (PGlite is one process's)
  await (await startKinora({ ...env, DATA_DIR: dataDir })).stop();
  const f = await withDatabase({ dataDir, databaseUrl }, prepare);
  const server = await startKinora({ ...env, DATA_DIR: dataDir });
  try {
    const post = await publicPost(server.url, CONNECTIONS);
    const search = (body: Record<string, unknown>) => post("/api/public/search/vod/contents", { pageSize: 10, pageIndex: 0, ...body });
    const [common, middling, rare] = f.words as [Fixture["words"][0], Fixture["words"][0], Fixture["words"][0]];
    const cases: Record<string, LoadCase> = {
      ceiling: { url: `${server.url}/bench/ceiling`, connections: CONNECTIONS },
      rare: search({ queryString: rare.word }),
      middling: search({ queryString: middling.word }),
      common: search({ queryString: common.word }),
      prefix: search({ queryString: `${middling.word.slice(0, 4)}*` }),
      licenseType: search({ queryString: middling.word, conditions: { licenseType: "CREATIVE_COMMONS", ccType: "BY" } }),
      userCode: search({ queryString: middling.word, userCode: f.userCode }),
      recent: search({}),
      play: post(`/api/public/vod/${f.vodId}/play`, { trackingId: f.trackingId }),
    };
    const labels: Record<string, string> = {
      ceiling: "ceiling: bare route handler, constant JSON",
      rare: `search: one rare word (${fmt(rare.vods)} vods)`,
      middling: `search: one word (${fmt(middling.vods)} vods)`,
      common: `search: the commonest word (${fmt(common.vods)} vods)`,
      prefix: `search: prefix \`${middling.word.slice(0, 4)}*\``,
      licenseType: "search: one word + conditions {CREATIVE_COMMONS, BY}",
      userCode: "search: one word + userCode",
      recent: "search: no query (newest first, as the home page)",
      play: "play: pay-per-view, entitled viewer {trackingId}",
    };
    await checkCases(cases, (name, body) => name !== "play" || JSON.parse(body).result === "PLAY");
    return { results: await compare(cases, SECONDS, ROUNDS), labels };
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const header = machine();
  const runs = await onBothDatabases(benchDatabase);
  const lines = [
    `\`npx tsx bench/vod-search.ts\` after \`npm run build\`: ${fmt(SIZE.vods)} vods of ${fmt(SIZE.creators)} creators (bench/vod-corpus.ts: made-up words drawn with a Zipf law),`,
    `the production server, autocannon on loopback, ${CONNECTIONS} connections, median of ${ROUNDS} interleaved rounds of ${SECONDS} s per case; ${header}.`,
    `Targets: search p95 <= ${SEARCH_P95_MS} ms on PostgreSQL; play >= ${PLAY_SHARE * 100} % of the ceiling's req/s.`,
    "",
    "| database | case | req/s | % of ceiling | p50 ms | p95 ms | failed |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [database, { results, labels }] of Object.entries(runs)) {
    for (const [key, r] of Object.entries(results)) {
      lines.push(
        `| ${database} | ${labels[key]} | ${fmt(r.rps)} | ${fmt((100 * r.rps) / results.ceiling!.rps)} % | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${r.failures} |`,
      );
    }
  }
  await writeSection("Vod search and play", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
