// The public marketplace search over MARKET_LISTINGS listings (default 100,000) of CORPUS_CREATORS
// creators (default 10,000) on PostgreSQL: p50/p95 at 8 concurrent clients, with the bare route
// handler (/bench/ceiling) of the same server and run as the baseline. Target: p95 <= 30 ms.
// Run after `npm run build`: `npx tsx bench/market-search.ts`. Writes "Marketplace search" in
// docs/perf.md. The catalogue is written by bench/market-corpus.ts; BENCH_SECONDS (default 10) per
// case and round, BENCH_ROUNDS (default 3) rounds. The PostgreSQL time of each case's statement is
// measured after the load by EXPLAIN ANALYZE (BENCH_PLANS=1 prints the plans).
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { withDatabase, type Sql } from "../test/support/database";
import { startKinora } from "../test/support/server";
import { preparePostgres } from "../scripts/test-postgres";
import { assertBuilt, checkCases, compare, fmt, machine, publicPost, writeSection, type LoadCase } from "./report";
import { writeMarketCorpus } from "./market-corpus";
import { marketSearchStatement, MARKET_PAGE_JOINS } from "../src/server/domain/marketplace/market-search";
import { MARKET_COLUMNS } from "../src/server/domain/marketplace/market-item-view";
import { searchPublicMarketItemsInput } from "../src/server/domain/marketplace/search-market-items";
import { pageSql } from "../src/server/domain/shared/term-search";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SIZE = { vods: Number(process.env.MARKET_LISTINGS ?? 100_000), creators: Number(process.env.CORPUS_CREATORS ?? 10_000) };
const CONNECTIONS = 8;
const SEARCH_P95_MS = 30;

interface Fixture {
  /** Words of the catalogue by how many listings have them: the commonest, a middling one, a rare one. */
  words: { word: string; listings: number }[];
  /** A seller with listings. */
  userCode: string;
}

async function prepare(sql: Sql): Promise<Fixture> {
  const started = Date.now();
  await writeMarketCorpus(sql, SIZE);
  console.log(`marketplace of ${SIZE.vods} listings written in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const byFrequency = await sql<{ word: string; listings: number }>(
    `SELECT w AS word, count(*)::int AS listings FROM "BoxItem" b, unnest(string_to_array(lower(b."title"), ' ')) w
     WHERE b."contentId" LIKE 'urn:bench:%' AND w ~ '^[a-z]{6}$' GROUP BY 1 ORDER BY 2 DESC`,
  );
  const at = (share: number) => byFrequency[Math.floor(share * (byFrequency.length - 1))]!;
  const [seller] = await sql<{ userCode: string }>(
    `SELECT u."userCode" FROM "MarketplaceItem" m JOIN "User" u ON u."id" = m."ownerId" ORDER BY m."createdAt" DESC LIMIT 1`,
  );
  return { words: [byFrequency[0]!, at(0.01), at(0.2)], userCode: seller!.userCode };
}

/** A parameter as an SQL literal (EXECUTE takes literals). */
const literal = (v: unknown): string =>
  typeof v === "number" || typeof v === "boolean" ? String(v) : `'${String(v).replaceAll("'", "''")}'`;

/**
 * The database's own time for a case's one statement (the page's listings with the total counted,
 * and with it remembered: large-totals.ts), as the server runs it: a named statement planned once,
 * generically (plan_cache_mode force_generic_plan, src/server/db/client.ts). Median of 5 EXPLAIN
 * ANALYZE runs after a warm-up; planning is paid once per connection and statement, so only
 * execution counts.
 */
async function statementTimes(sql: Sql, body: Record<string, unknown>): Promise<{ counted: number; remembered: number; plan: string }> {
  const request = searchPublicMarketItemsInput.parse({ pageSize: 10, pageIndex: 0, ...body });
  const idOf = async (code: string | undefined) =>
    code === undefined
      ? undefined
      : (await sql<{ id: string }>(`SELECT "id"::text AS id FROM "User" WHERE lower("userCode") = lower($1)`, [code]))[0]?.id;
  const { st, p } = marketSearchStatement(request, {
    kind: "listed",
    sellerId: await idOf(request.userCode),
    excludeSellerId: await idOf(request.excludeUserCode),
  });
  await sql(`SET plan_cache_mode = force_generic_plan`);
  const run = async (counted: boolean) => {
    await sql(`DEALLOCATE ALL`);
    await sql(`PREPARE bench_case AS ${pageSql(st, counted, MARKET_COLUMNS, MARKET_PAGE_JOINS)}`);
    const execute = `EXECUTE bench_case(${p.values.map(literal).join(", ")})`;
    await sql(execute);
    const times: number[] = [];
    let plan = "";
    for (let i = 0; i < 5; i++) {
      plan = (await sql<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`)).map((r) => r["QUERY PLAN"]).join("\n");
      times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)![1]));
    }
    times.sort((a, b) => a - b);
    return { ms: times[2]!, plan };
  };
  const counted = await run(true);
  const remembered = await run(false);
  return { counted: counted.ms, remembered: remembered.ms, plan: counted.plan };
}

async function main(): Promise<void> {
  assertBuilt();
  const header = machine();
  const pg = await preparePostgres();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-market-bench-"));
  const env = { KINORA_BENCH: "1", DATABASE_URL: pg.url, DATA_DIR: dataDir };
  try {
    await (await startKinora(env)).stop(); // migrates and seeds
    const f = await withDatabase({ dataDir, databaseUrl: pg.url }, prepare);
    const server = await startKinora(env);
    try {
      const post = await publicPost(server.url, CONNECTIONS);
      const search = (body: Record<string, unknown>) =>
        post("/api/public/search/marketplace/contents", { pageSize: 10, pageIndex: 0, ...body });
      const [common, middling, rare] = f.words as [Fixture["words"][0], Fixture["words"][0], Fixture["words"][0]];
      const cases: Record<string, LoadCase> = {
        ceiling: { url: `${server.url}/bench/ceiling`, connections: CONNECTIONS },
        rare: search({ queryString: rare.word }),
        middling: search({ queryString: middling.word }),
        common: search({ queryString: common.word }),
        prefix: search({ queryString: `${middling.word.slice(0, 4)}*` }),
        conditions: search({ queryString: middling.word, conditions: { licenseType: "CREATIVE_COMMONS", ccType: "BY" } }),
        exclude: search({ queryString: middling.word, excludeUserCode: f.userCode }),
        userCode: search({ queryString: middling.word, userCode: f.userCode }),
        recent: search({ excludeUserCode: f.userCode }),
      };
      const labels: Record<string, string> = {
        ceiling: "ceiling: bare route handler, constant JSON (baseline)",
        rare: `one rare title word (${fmt(rare.listings)} listings)`,
        middling: `one title word (${fmt(middling.listings)} listings)`,
        common: `the commonest title word (${fmt(common.listings)} listings)`,
        prefix: `prefix \`${middling.word.slice(0, 4)}*\``,
        conditions: "one word + conditions {CREATIVE_COMMONS, BY}",
        exclude: "one word + excludeUserCode",
        userCode: "one word + userCode",
        recent: "no query + excludeUserCode (newest first, as the portal's browse)",
      };
      await checkCases(cases);
      const results = await compare(cases, SECONDS, ROUNDS);
      const bodies = Object.fromEntries(
        Object.entries(cases).flatMap(([key, c]) => (c.body ? [[key, JSON.parse(c.body) as Record<string, unknown>]] : [])),
      );
      const dbMs: Record<string, { counted: number; remembered: number }> = {};
      await withDatabase({ dataDir, databaseUrl: pg.url }, async (sql) => {
        for (const [key, body] of Object.entries(bodies)) {
          const { plan, ...times } = await statementTimes(sql, body);
          dbMs[key] = times;
          if (process.env.BENCH_PLANS) console.log(`--- ${key}\n${plan}`);
        }
      });
      const ceiling = results.ceiling!;
      const lines = [
        `\`npx tsx bench/market-search.ts\` after \`npm run build\`: ${fmt(SIZE.vods)} listings of ${fmt(SIZE.creators)} sellers on PostgreSQL`,
        `(bench/market-corpus.ts over bench/vod-corpus.ts), the production server, autocannon on loopback, ${CONNECTIONS} connections,`,
        `median of ${ROUNDS} interleaved rounds of ${SECONDS} s per case; ${header}. Target: p95 <= ${SEARCH_P95_MS} ms.`,
        "",
        "| case | req/s | % of ceiling | p50 ms | p95 ms | p95 / ceiling p95 | PostgreSQL ms, total counted | total remembered | failed |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
        ...Object.entries(results).map(
          ([key, r]) =>
            `| ${labels[key]} | ${fmt(r.rps)} | ${fmt((100 * r.rps) / ceiling.rps)} % | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${fmt(r.p95 / ceiling.p95, 1)} | ${dbMs[key] ? fmt(dbMs[key].counted, 2) : ""} | ${dbMs[key] ? fmt(dbMs[key].remembered, 2) : ""} | ${r.failures} |`,
        ),
        "",
        "PostgreSQL ms: the execution time of the case's one statement (the page's listings, with the total counted, or remembered as",
        "large-totals.ts keeps totals of 1,000 or more for 5 s), planned once and generically as the server plans it, by EXPLAIN ANALYZE",
        "on the same database after the load (median of 5).",
      ];
      await writeSection("Marketplace search", lines.join("\n"));
      console.log(lines.join("\n"));
    } finally {
      await server.stop();
    }
  } finally {
    await pg.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
