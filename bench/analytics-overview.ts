// The creator's analytics overview at scale (issue 28, performance item 2: "a creator with 1,000 vods and
// 10 million rolled-up view events: the 90-day overview answers in under 100 ms p95 on PostgreSQL").
// PostgreSQL only: a throwaway database, one production server (a web node), a creator registered
// through the API, BENCH_VODS (default 1,000) READY box items published as FREE vods written by SQL (as
// bench/vod-corpus.ts does), BENCH_EVENTS (default 10,000,000) raw view events over the last 90 UTC days
// across the vods (INSERT ... SELECT FROM generate_series, in order of time as the intake appends them),
// VACUUM ANALYZE, then rolled up into their days by the statements the intake's writes run on their own
// events (src/server/domain/analytics/rollup.ts rollUpEvents, here over the whole id range in one
// transaction through a pg connection, each statement timed).
// GET /api/analytics/overview over the last 90 days with autocannon (8 connections, and 1), beside the
// bare route handler (/bench/ceiling) and GET /api/user/me (a cheap authenticated read: the baseline), in
// interleaved rounds (report.ts compare); then the overview's statement by EXPLAIN ANALYZE with the
// server's generic plan (its reads force generic plans) and for its values; the tables' sizes.
// Run after `npm run build`: `npx tsx bench/analytics-overview.ts`. Writes "Analytics overview" in
// docs/perf.md. Loopback only, bounded: BENCH_SECONDS (default 10) per case and round, BENCH_ROUNDS
// (default 3). BENCH_PLANS=1 prints the plans.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { preparePostgres } from "../scripts/test-postgres";
import type { DbAccess } from "../src/server/db/client";
import { pgStatements } from "../src/server/db/sql-runner";
import { dayRangeOf, ownerAudience } from "../src/server/domain/analytics/audience-reads";
import { rollUpEvents } from "../src/server/domain/analytics/rollup";
import { Api } from "../test/support/api";
import { startKinora, type Kinora } from "../test/support/server";
import { assertBuilt, checkCases, compare, fmt, machine, writeSection, type LoadCase, type LoadResult } from "./report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const VODS = Number(process.env.BENCH_VODS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000_000);
const CHUNK = 1_000_000;
const CONNECTIONS = 8;
const RANGE_DAYS = 90;
const TARGET_P95_MS = 100;
/** An overview slower than this alone is not put under load. */
const PROBE_LIMIT_MS = Number(process.env.BENCH_PROBE_LIMIT_MS ?? 2000);
const TITLE = "Analytics overview";
/** What the figures say beyond the verdict (written from the runs). */
const READING: string[] = [
  "",
  "What it reads: the owner's 90 rows of AnalyticsOwnerDaily (a fraction of a millisecond, above) and the revenue by day from the",
  "owner's payments; the 10 M events are not read at all. Each intake write rolls its own events up into their days in its",
  'transaction (docs/analytics.md "Storage"), so no raw part is left for reads to add. Before (2026-11-30 09:40, a periodic rollup',
  "every 30 s and reads adding the up to 60,000 raw events past its mark): p95 1.3 s at 8 connections, 252 ms at 1.",
];

type Query = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

/**
 * The rollup of events `fromId` to `toId` in one transaction, through the server's own driver
 * transaction (sql-runner.ts pgStatements) on a pool of one connection to `url`, its statements timed
 * into `timings`.
 */
async function rollUp(url: string, fromId: string, toId: string, timings: Array<{ statement: string; ms: number }>): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await pgStatements(pool, pool).transaction((query) =>
      rollUpEvents(
        async <T extends Record<string, unknown>>(text: string, params: unknown[]) => {
          const t0 = performance.now();
          const rows = await query<T>(text, params);
          timings.push({ statement: text.trim().replace(/\s+/g, " ").slice(0, 48), ms: performance.now() - t0 });
          return rows;
        },
        { fromId, toId },
      ),
    );
  } finally {
    await pool.end();
  }
}

/** The overview's audience statement and its parameters, as audience-reads.ts sends them (caught instead of run). */
async function overviewStatement(ownerId: string, from: string, to: string): Promise<{ text: string; params: unknown[] }> {
  let caught: { text: string; params: unknown[] } | undefined;
  const catcher = { sql: { read: async (text: string, params: unknown[]) => ((caught = { text, params }), []) } } as unknown as DbAccess;
  await ownerAudience(catcher, ownerId, dayRangeOf({ from, to }));
  return caught!;
}

const literal = (v: unknown) => (typeof v === "number" ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/** EXPLAIN (ANALYZE, BUFFERS) of a statement prepared, planned generically (as the server's reads are) or for its values, with this connection's JIT setting: the median execution time of 5, and the last plan. */
async function explain(sql: Query, text: string, params: unknown[], generic: boolean): Promise<{ ms: number; plan: string }> {
  await sql(`SET plan_cache_mode = ${generic ? "force_generic_plan" : "force_custom_plan"}`);
  await sql(`DEALLOCATE ALL`);
  await sql(`PREPARE bench_overview AS ${text}`);
  const execute = `EXECUTE bench_overview(${params.map(literal).join(", ")})`;
  await sql(execute);
  const times: number[] = [];
  let plan = "";
  for (let i = 0; i < 5; i++) {
    plan = (await sql<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${execute}`)).map((r) => r["QUERY PLAN"]).join("\n");
    times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)![1]));
  }
  await sql(`DEALLOCATE bench_overview`);
  await sql(`RESET plan_cache_mode`);
  times.sort((a, b) => a - b);
  return { ms: times[2]!, plan };
}

const seconds = (t0: number) => (performance.now() - t0) / 1000;

async function main(): Promise<void> {
  assertBuilt();
  const header = machine();
  const db = await preparePostgres();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-analytics-overview-"));
  const logFile = path.join(dataDir, "server.log");
  const client = new pg.Client({ connectionString: db.url });
  try {
    const env = { KINORA_BENCH: "1", DATABASE_URL: db.url, DATA_DIR: dataDir };
    const server = await startKinora(env, { logFile });
    try {
      await client.connect();
      const sql: Query = async (text, params) => (await client.query(text, params)).rows;
      const api = new Api(server.url);
      const creator = await api.newUser();
      const [{ id: ownerId }] = (await sql<{ id: string }>(`SELECT "id"::text AS id FROM "User" WHERE "userCode" = $1`, [
        creator.userCode,
      ])) as [{ id: string }];

      // the catalogue: READY box items published as FREE vods (bench/vod-corpus.ts's shape)
      let t0 = performance.now();
      await sql(
        `INSERT INTO "BoxItem" ("id", "resourceId", "ownerId", "contentId", "title", "description", "tags", "status", "durationSeconds",
           "playableAt", "readyAt", "createdAt", "updatedAt")
         SELECT gen_random_uuid(), gen_random_uuid(), $1::uuid, 'urn:analytics-bench:' || i, 'Analytics bench vod ' || i, 'A vod of the analytics bench',
           ARRAY['bench'], 'READY', 60 + (i % 20) * 30, now(), now(), now() - (i || ' hours')::interval, now()
         FROM generate_series(1, $2::int) i`,
        [ownerId, VODS],
      );
      await sql(
        `INSERT INTO "VodItem" ("id", "boxItemId", "ownerId", "licenseType", "public", "createdAt", "updatedAt")
         SELECT gen_random_uuid(), b."id", b."ownerId", 'FREE', true, b."createdAt", now() FROM "BoxItem" b WHERE b."ownerId" = $1::uuid`,
        [ownerId],
      );
      const vodIds = (
        await sql<{ id: string }>(`SELECT "id"::text AS id FROM "VodItem" WHERE "ownerId" = $1::uuid ORDER BY "createdAt"`, [ownerId])
      ).map((r) => r.id);
      if (vodIds.length !== VODS) throw new Error(`${vodIds.length} vods written, ${VODS} wanted`);
      console.log(`${VODS} vods in ${seconds(t0).toFixed(1)} s`);

      // the raw view events, in order of time over the last 90 UTC days (today's up to 5 minutes ago), as the intake appends them
      t0 = performance.now();
      for (let start = 1; start <= EVENTS; start += CHUNK) {
        const end = Math.min(EVENTS, start + CHUNK - 1);
        await sql(
          `INSERT INTO "AnalyticsEvent" ("at", "sessionId", "kind", "itemId", "ownerId", "ownerPlay", "viewerHash", "source", "embedHost",
             "type", "position", "watched", "buckets", "firsts")
           SELECT w.first + (i - 1)::float8 / $3::float8 * (w.last - w.first), gen_random_uuid(), 'vod', ($4::text[])[1 + ((i::bigint * 7919) % $5::int)::int],
             $6, false, substr(md5(i::text), 1, 32), CASE WHEN i % 10 = 0 THEN 'embed' ELSE 'watch' END,
             CASE WHEN i % 10 = 0 THEN 'blog.example.org' END, 'view', 30, 0, (1 << (1 + (i % 20))) - 1, CASE WHEN i % 3 = 0 THEN 3 ELSE 1 END
           FROM generate_series($1::int, $2::int) i,
             (SELECT date_trunc('day', now() AT TIME ZONE 'UTC') - interval '${RANGE_DAYS - 1} days' AS first,
                     (now() AT TIME ZONE 'UTC') - interval '5 minutes' AS last) w`,
          [start, end, EVENTS, vodIds, VODS, ownerId],
        );
        console.log(`events up to ${fmt(end)}: ${seconds(t0).toFixed(0)} s`);
      }
      const insertSeconds = seconds(t0);
      t0 = performance.now();
      await sql(`VACUUM ANALYZE "AnalyticsEvent"`);
      const vacuumSeconds = seconds(t0);

      // the intake's rollup statements over all of them (one transaction)
      const [ids] = (await sql<{ fromId: string; toId: string; n: number }>(
        `SELECT min("id")::text AS "fromId", max("id")::text AS "toId", count(*)::int AS n FROM "AnalyticsEvent"`,
      )) as [{ fromId: string; toId: string; n: number }];
      if (Number(ids.n) !== EVENTS) throw new Error(`${ids.n} events written, ${EVENTS} wanted`);
      const timings: Array<{ statement: string; ms: number }> = [];
      t0 = performance.now();
      await rollUp(db.url, ids.fromId, ids.toId, timings);
      const rollupSeconds = seconds(t0);
      console.log(`rolled up ${fmt(EVENTS)} events in ${rollupSeconds.toFixed(1)} s`, timings);
      const [counts] = (await sql<{ views: number }>(
        `SELECT count(*) FILTER (WHERE "type" = 'view' AND NOT "ownerPlay")::int AS views FROM "AnalyticsEvent" WHERE "ownerId" = $1`,
        [ownerId],
      )) as [{ views: number }];
      // the tables' sizes, their rows counted
      const sizes: Array<{ name: string; rows: number; total: string; indexes: string }> = [];
      for (const name of ["AnalyticsEvent", "AnalyticsDaily", "AnalyticsOwnerDaily"]) {
        const [row] = (await sql<{ rows: number; total: string; indexes: string }>(
          `SELECT (SELECT count(*) FROM "${name}")::int AS rows, pg_size_pretty(pg_total_relation_size('"${name}"')) AS total,
             pg_size_pretty(pg_indexes_size('"${name}"')) AS indexes`,
        )) as [{ rows: number; total: string; indexes: string }];
        sizes.push({ name, ...row });
      }
      const [daily, ownerDaily] = [sizes[1]!.rows, sizes[2]!.rows];

      const to = new Date().toISOString().slice(0, 10);
      const from = new Date(Date.now() - (RANGE_DAYS - 1) * 86_400_000).toISOString().slice(0, 10);
      const measured = await measure(server, creator.access, from, to, Number(counts.views));

      // the statement as the server plans it (generic) and planned for its values (custom)
      const statement = await overviewStatement(ownerId, from, to);
      const explained = await explain(sql, statement.text, statement.params, true);
      const custom = await explain(sql, statement.text, statement.params, false);
      if (process.env.BENCH_PLANS) console.log(`--- generic\n${explained.plan}\n--- custom\n${custom.plan}`);

      const labels: Record<string, string> = {
        ceiling: "ceiling: bare route handler, constant JSON",
        me: "GET /api/user/me (the baseline: a cheap authenticated read)",
        overview: `GET /api/analytics/overview, ${RANGE_DAYS} days`,
        overview1: `GET /api/analytics/overview, ${RANGE_DAYS} days, 1 connection`,
      };
      const table = (m: Measured) => [
        ...Object.entries(m.results).map(
          ([key, r]) =>
            `| ${labels[key]} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p95, 1)} | ${fmt(r.p95 / m.results.me!.p95, 2)} | ${r.failures} |`,
        ),
        ...(m.loaded
          ? []
          : [`| ${labels.overview}: one request alone (over ${fmt(PROBE_LIMIT_MS)} ms: not loaded) | | ${fmt(m.probeMs, 0)} | | | |`]),
      ];
      const p95 = measured.loaded ? measured.results.overview!.p95 : measured.probeMs;
      const p95One = measured.loaded ? measured.results.overview1!.p95 : measured.probeMs;
      const lines = [
        `\`npx tsx bench/analytics-overview.ts\` after \`npm run build\`: PostgreSQL, one production server (a web node),`,
        `a creator with ${fmt(VODS)} vods (written by SQL) and ${fmt(EVENTS)} raw view events over the last ${RANGE_DAYS} UTC days across them,`,
        `rolled up by the statements each intake write runs on its own events (rollup.ts rollUpEvents; here all at once, one transaction);`,
        `autocannon on loopback, ${CONNECTIONS} connections (and 1), median of ${ROUNDS} interleaved rounds of ${SECONDS} s per case; unpinned;`,
        `${header}. Baseline: GET /api/user/me on the same server and run. Target: the ${RANGE_DAYS}-day overview's p95 < ${TARGET_P95_MS} ms.`,
        "",
        "| case | req/s | p50 ms | p95 ms | p95 / baseline p95 | failed |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
        ...table(measured),
        "",
        "The overview's audience statement (the owner's days, audience-reads.ts) by EXPLAIN ANALYZE on the same database after the load,",
        `median of 5: ${fmt(explained.ms, 2)} ms planned generically as the server's reads are (plan_cache_mode=force_generic_plan),`,
        `${fmt(custom.ms, 2)} ms planned for its values.`,
        `Setup: the ${fmt(EVENTS)} events inserted in ${fmt(insertSeconds)} s, VACUUM ANALYZE ${fmt(vacuumSeconds)} s; their rollup`,
        `${fmt(rollupSeconds, 1)} s (${timings
          .filter((t) => t.ms >= 100)
          .map((t) => `${t.statement.replace(/"/g, "")}... ${fmt(t.ms / 1000, 1)} s`)
          .join("; ")}) into ${fmt(daily)} content days and ${fmt(ownerDaily)} owner days.`,
        "",
        "| table | rows | total size | of which indexes |",
        "| --- | ---: | ---: | ---: |",
        ...sizes.map((s) => `| ${s.name} | ${fmt(Number(s.rows))} | ${s.total} | ${s.indexes} |`),
        "",
        `Reading: the ${RANGE_DAYS}-day overview's p95 is ${fmt(p95, 1)} ms${measured.loaded ? ` at ${CONNECTIONS} connections, ${fmt(p95One, 1)} ms at 1` : " for one request alone"}: ` +
          `target ${Math.max(p95, p95One) < TARGET_P95_MS ? "met" : "missed"}.`,
        ...READING,
      ];
      console.log(lines.join("\n"));
      await writeSection(TITLE, lines.join("\n"));
    } finally {
      await server.stop();
    }
  } finally {
    await client.end().catch(() => undefined);
    await db.drop();
  }
}

interface Measured {
  results: Record<string, LoadResult>;
  /** one overview alone (the median of up to 3) */
  probeMs: number;
  /** false: the overview alone was slower than PROBE_LIMIT_MS and not put under load */
  loaded: boolean;
}

/** The cases on `server`: the overview alone first (checked), then the load. */
async function measure(server: Kinora, access: string, from: string, to: string, views: number): Promise<Measured> {
  const auth = { Authorization: `Bearer ${access}`, Accept: "application/json" };
  const overview = `${server.url}/api/analytics/overview?from=${from}&to=${to}`;
  // an overview of seconds is not put under load (its requests would time out and pile up in PostgreSQL); the
  // answers checked: the overview counts every view once, the rolled-up days adding up to the rows
  const probes: number[] = [];
  for (let i = 0; i < 3 && !(probes[0]! > PROBE_LIMIT_MS); i++) {
    const t = performance.now();
    const res = await fetch(overview, { headers: auth });
    const body = await res.text();
    probes.push(performance.now() - t);
    const o = (res.status === 200 ? JSON.parse(body) : {}) as { views?: number; series?: unknown[] };
    if (o.views !== views || o.series?.length !== RANGE_DAYS)
      throw new Error(`overview: ${res.status} ${o.views} views over ${o.series?.length} days, ${views} view rows: ${body.slice(0, 300)}`);
  }
  const probeMs = [...probes].sort((a, b) => a - b)[Math.floor(probes.length / 2)]!;
  console.log(`the overview alone: ${probes.map((p) => `${fmt(p)} ms`).join(", ")}`);
  const loaded = probeMs <= PROBE_LIMIT_MS;
  const cases: Record<string, LoadCase> = {
    ceiling: { url: `${server.url}/bench/ceiling`, connections: CONNECTIONS },
    me: { url: `${server.url}/api/user/me`, connections: CONNECTIONS, headers: auth },
    ...(loaded
      ? {
          overview: { url: overview, connections: CONNECTIONS, headers: auth },
          overview1: { url: overview, connections: 1, headers: auth },
        }
      : {}),
  };
  await checkCases(cases);
  return { results: await compare(cases, SECONDS, ROUNDS), probeMs, loaded };
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
