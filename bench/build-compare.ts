// Before and after the layers (issue 22): the previous build (BENCH_PREVIOUS_ROOT, a built checkout
// of the commit before the refactor) and this one, on the same data, in one run. The data is set up
// once per database (on the previous build, as an upgrade finds it): a small vod catalogue
// (bench/vod-corpus.ts), a pay-per-view vod paid for by a public-token viewer, a creator with a
// bundle of a few hundred items (as bench/bundle-move.ts), users with page fields (as
// bench/rest-overhead.ts). Then the same data directory is served by the previous build and by this
// one in turn, BENCH_ROUNDS times each (A B A B ...), and each server measures every case: REST
// overhead (bench/rest-overhead.ts), vod search and play (bench/vod-search.ts), bundle moves one at
// a time (bench/bundle-move.ts), token latency (bench/token-latency.ts); autocannon cases through
// compare() (1 s warm-up each), moves timed one by one. Per build, each figure is the median of its
// rounds; a row is worse when this build's req/s is below 0.95 x the previous build's or its p50
// above 1.05 x (p95 shown, not judged: the tail of a few seconds' load is noise).
// Run after `npm run build` here and there:
//   BENCH_PREVIOUS_ROOT=/path/to/old/checkout npx tsx bench/build-compare.ts
// (BENCH_PREVIOUS_ROOT=. compares this build with itself: the run's noise). Writes "Before and after
// the layers (issue 22)" in docs/perf.md. BENCH_SECONDS (default 5) per case and round, BENCH_ROUNDS
// (default 2) rounds per build; PGlite, then PostgreSQL.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Api } from "../test/support/api";
import { withDatabase, type Sql } from "../test/support/database";
import { startKinora } from "../test/support/server";
import { fillBundle, writeBundleContents } from "./bench-bundle";
import { checkCases, compare, fmt, machine, onBothDatabases, writeSection, type LoadCase, type LoadResult } from "./report";
import { paidPayPerView, writeCorpus } from "./vod-corpus";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const PREVIOUS_ROOT = process.env.BENCH_PREVIOUS_ROOT ? path.resolve(process.env.BENCH_PREVIOUS_ROOT) : undefined;
const CATALOGUE = { creators: 50, vods: 500 };
const BUNDLE_ITEMS = 300;
const SEARCH_USERS = 30;
const TOLERANCE = 0.05;
const WARM_UP_SECONDS = 1; // per case and server: 2 s (compare()'s default) would put the run over 10 minutes

/** The cases, in the order they are measured, with their clients (autocannon connections; 1: one at a time). */
const CASES = {
  ceiling: { label: "reference: bare route handler (/bench/ceiling)", clients: 16 },
  me: { label: "GET /api/user/me (user token)", clients: 16 },
  overview: { label: "GET /api/public/user/{userCode}/overview", clients: 16 },
  searchUsers: { label: "POST /api/public/search/users", clients: 16 },
  vodWord: { label: "vod search: one word", clients: 8 },
  vodPrefix: { label: "vod search: prefix", clients: 8 },
  play: { label: "vod play: pay-per-view, entitled viewer", clients: 8 },
  move: { label: `bundle move, random indexes (${BUNDLE_ITEMS} items)`, clients: 1 },
  tokenClient: { label: "POST /oauth/token client_credentials", clients: 1 },
  tokenPassword: { label: "POST /oauth/token password", clients: 1 },
} as const;
type Case = keyof typeof CASES;
type Figures = Record<Case, LoadResult>;

interface Fixture {
  creator: { userCode: string; password: string };
  bundleId: string;
  word: string;
  vodId: string;
  trackingId: string;
}

/** The catalogue, the users of the user search, the bundle's contents and the paid vod, by SQL (server stopped). */
async function writeData(sql: Sql, creatorCode: string): Promise<Omit<Fixture, "creator" | "bundleId">> {
  await writeCorpus(sql, CATALOGUE);
  await sql(`VACUUM ANALYZE "VodSearchTerm"`);
  await sql(`VACUUM ANALYZE "VodItem"`);
  // the user search ranks real matches (bench/rest-overhead.ts's page fields; the creator is the first)
  await sql(`UPDATE "User" SET "pageTitle" = 'Channel 0 about city walks', "pageDescription" = $2 WHERE "userCode" = $1`, [
    creatorCode,
    "Videos number 0: long takes, field recordings and travel notes.",
  ]);
  await sql(
    `INSERT INTO "User" ("id", "userCode", "email", "passwordHash", "firstName", "lastName", "birthDate", "language",
       "pageTitle", "pageDescription", "updatedAt")
     SELECT gen_random_uuid(), 'searched' || i, 'searched' || i || '@bench.test', 'x', 'Test', 'User', DATE '1990-06-15', 'en',
       'Channel ' || i || ' about ' || CASE WHEN i % 3 = 0 THEN 'city walks' ELSE 'mountain trains' END,
       'Videos number ' || i || ': long takes, field recordings and travel notes.', now()
     FROM generate_series(1, $1::int) i`,
    [SEARCH_USERS - 1],
  );
  await writeBundleContents(sql, creatorCode, BUNDLE_ITEMS);
  // a word of the catalogue in a few dozen listed vods (the commonest 6-letter words are in most of them)
  const byFrequency = await sql<{ lexeme: string }>(
    `SELECT "lexeme" FROM "VodSearchTerm" WHERE "lexeme" ~ '^[a-z]{6}$' GROUP BY 1 ORDER BY count(*) DESC, 1`,
  );
  const word = byFrequency[Math.min(byFrequency.length - 1, 10)]!.lexeme;
  const { vodId, trackingId } = await paidPayPerView(sql);
  return { word, vodId, trackingId };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** Random moves (each moves something), one at a time, for `seconds` after a warm-up; timed to the last byte of the answer. */
async function moves(url: string, token: string, bundleId: string, seconds: number): Promise<LoadResult> {
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json", "Content-Type": "application/json" };
  const move = async (): Promise<number> => {
    const fromIndex = Math.floor(Math.random() * BUNDLE_ITEMS);
    let toIndex = fromIndex;
    while (toIndex === fromIndex || toIndex === fromIndex + 1) toIndex = Math.floor(Math.random() * (BUNDLE_ITEMS + 1));
    const started = performance.now();
    const res = await fetch(`${url}/api/contentbundle/${bundleId}/items/move`, {
      method: "POST",
      headers,
      body: JSON.stringify({ fromIndex, toIndex }),
    });
    await res.arrayBuffer();
    return res.status === 200 ? performance.now() - started : -1;
  };
  const run = async (ms: number) => {
    const times: number[] = [];
    for (const until = performance.now() + ms; performance.now() < until;) times.push(await move());
    return times;
  };
  await run(WARM_UP_SECONDS * 1000);
  const started = performance.now();
  const times = await run(seconds * 1000);
  const elapsed = (performance.now() - started) / 1000;
  const ok = times.filter((t) => t >= 0).sort((a, b) => a - b);
  return { rps: times.length / elapsed, p50: quantile(ok, 0.5), p95: quantile(ok, 0.95), failures: times.length - ok.length };
}

/** One server of the build in `root` (undefined: this one) on the prepared data: every case, once. */
async function measure(root: string | undefined, env: Record<string, string>, f: Fixture): Promise<Figures> {
  const server = await startKinora(env, { root });
  try {
    const api = new Api(server.url);
    const { access } = await api.login(f.creator.userCode, f.creator.password);
    const publicHeaders = { Authorization: `Bearer ${await api.publicToken()}`, Accept: "application/json" };
    const post = (path: string, body: Record<string, unknown>, connections: number): LoadCase => ({
      url: `${server.url}${path}`,
      connections,
      method: "POST",
      headers: { ...publicHeaders, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const vodSearch = (queryString: string) =>
      post("/api/public/search/vod/contents", { pageSize: 10, pageIndex: 0, queryString }, CASES.vodWord.clients);
    const token = (form: Record<string, string>): LoadCase => ({
      url: `${server.url}/oauth/token`,
      connections: 1,
      method: "POST",
      headers: {
        Authorization: `Basic ${Buffer.from("www:").toString("base64")}`, // the public client has no secret
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams(form).toString(),
    });
    const cases: Record<Exclude<Case, "move">, LoadCase> = {
      ceiling: { url: `${server.url}/bench/ceiling`, connections: CASES.ceiling.clients },
      me: {
        url: `${server.url}/api/user/me`,
        connections: CASES.me.clients,
        headers: { Authorization: `Bearer ${access}`, Accept: "application/json" },
      },
      overview: {
        url: `${server.url}/api/public/user/${f.creator.userCode}/overview`,
        connections: CASES.overview.clients,
        headers: publicHeaders,
      },
      searchUsers: post("/api/public/search/users", { pageSize: 10, pageIndex: 0, queryString: "trains" }, CASES.searchUsers.clients),
      vodWord: vodSearch(f.word),
      vodPrefix: vodSearch(`${f.word.slice(0, 4)}*`),
      play: post(`/api/public/vod/${f.vodId}/play`, { trackingId: f.trackingId }, CASES.play.clients),
      tokenClient: token({ grant_type: "client_credentials" }),
      tokenPassword: token({ grant_type: "password", username: f.creator.userCode, password: f.creator.password }),
    };
    await checkCases(cases, (name, body) => name !== "play" || JSON.parse(body).result === "PLAY");
    const loaded = await compare(cases, SECONDS, 1, WARM_UP_SECONDS);
    return { ...loaded, move: await moves(server.url, access, f.bundleId, SECONDS) };
  } finally {
    await server.stop();
  }
}

/** Sets the data up once, then measures the previous build and this one in turn, ROUNDS times each. */
async function benchDatabase(databaseUrl?: string): Promise<{ previous: Figures[]; current: Figures[] }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-build-compare-"));
  const started = Date.now();
  const base = {
    KINORA_BENCH: "1",
    SMTP_URL: "",
    // the password grant's load logs one user in again and again: lift the login limiter
    LOGIN_MAX_FAILURES: "1000000",
    LOGIN_USER_MAX_FAILURES: "1000000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  const setup = await startKinora({ ...base, DATA_DIR: dataDir }, { root: PREVIOUS_ROOT });
  // every later server: the same data directory, database and ports
  const env = { ...base, DATA_DIR: dataDir, PORT: new URL(setup.url).port, RTMP_PORT: String(setup.rtmpPort) };
  const creator = await new Api(setup.url).newUser().finally(() => setup.stop()); // PGlite is one process's: SQL with the server stopped
  const data = await withDatabase({ dataDir, databaseUrl }, (sql) => writeData(sql, creator.userCode));
  const filling = await startKinora(env, { root: PREVIOUS_ROOT });
  const fillingApi = new Api(filling.url);
  const bundleId = await fillingApi
    .login(creator.userCode, creator.password)
    .then(({ access }) => fillBundle(fillingApi, access, BUNDLE_ITEMS))
    .finally(() => filling.stop());
  console.log(`${databaseUrl ? "PostgreSQL" : "PGlite"}: data set up in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  const f: Fixture = { creator: { userCode: creator.userCode, password: creator.password }, bundleId, ...data };
  const runs = { previous: [] as Figures[], current: [] as Figures[] };
  for (let round = 0; round < ROUNDS; round++) {
    // A B B A ...: each round swaps which build goes first, so what the data gains over the run
    // (sessions, refresh tokens, moves) weighs on both builds alike
    const order = round % 2 === 0 ? (["previous", "current"] as const) : (["current", "previous"] as const);
    for (const build of order) {
      const t = Date.now();
      runs[build].push(await measure(build === "previous" ? PREVIOUS_ROOT : undefined, env, f));
      console.log(`round ${round + 1}, ${build} build: ${((Date.now() - t) / 1000).toFixed(0)} s`);
    }
  }
  return runs;
}

/** The median of each figure over a build's rounds (the mean of the middle two for an even count); failures added up. */
function median(runs: Figures[], key: Case): LoadResult {
  const mid = (values: number[]) => {
    const s = [...values].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
  };
  const rs = runs.map((r) => r[key]);
  return {
    rps: mid(rs.map((r) => r.rps)),
    p50: mid(rs.map((r) => r.p50)),
    p95: mid(rs.map((r) => r.p95)),
    failures: rs.reduce((n, r) => n + r.failures, 0),
  };
}

/** "within", or what is worse by more than the tolerance (req/s lower, p50 higher), or failed requests. */
function verdict(old: LoadResult, now: LoadResult): string {
  const worse: string[] = [];
  if (old.failures + now.failures) worse.push(`${old.failures} / ${now.failures} failed`);
  if (now.rps < old.rps * (1 - TOLERANCE)) worse.push(`req/s ${fmt(100 * (now.rps / old.rps - 1))} %`);
  if (now.p50 > old.p50 * (1 + TOLERANCE)) worse.push(`p50 +${fmt(100 * (now.p50 / old.p50 - 1))} %`);
  return worse.length ? `**worse**: ${worse.join(", ")}` : "within";
}

const commit = (root: string) => {
  const git = (...args: string[]) => execFileSync("git", ["-C", root, ...args], { encoding: "utf8" }).trim();
  return `${git("rev-parse", "--short", "HEAD")}${git("status", "--porcelain", "--untracked-files=no") ? " with uncommitted changes" : ""}`;
};

async function main(): Promise<void> {
  if (!PREVIOUS_ROOT || !existsSync(path.join(PREVIOUS_ROOT, ".next/BUILD_ID")))
    throw new Error("BENCH_PREVIOUS_ROOT: a checkout of the previous commit, built (`npm run build` there)");
  const header = machine();
  const started = Date.now();
  const runs = await onBothDatabases(benchDatabase);
  const minutes = (Date.now() - started) / 60_000;
  const ratio = (now: number, old: number) => `${fmt(now / old, 2)} x`;
  const lines = [
    `\`BENCH_PREVIOUS_ROOT=… npx tsx bench/build-compare.ts\` after \`npm run build\` in both checkouts: the previous build (${commit(PREVIOUS_ROOT)})`,
    `against this one (${commit(process.cwd())}), each figure old → new. The same data directory (a catalogue of ${fmt(CATALOGUE.vods)} vods, a bundle of`,
    `${BUNDLE_ITEMS} items, ${SEARCH_USERS} users with page fields) is served by one build, then the other, in turn (A B B A ..., each round swapping which goes first; ${ROUNDS} round${ROUNDS === 1 ? "" : "s"} per build);`,
    `each server measures every case after a ${WARM_UP_SECONDS} s warm-up, for ${SECONDS} s (autocannon on loopback at the clients shown; moves and tokens one`,
    `at a time); per build, the median of its rounds. ${header}; the run took ${fmt(minutes, 1)} min.`,
    `A row is worse when the new req/s is more than ${TOLERANCE * 100} % lower or the new p50 more than ${TOLERANCE * 100} % higher (p95 shown, not judged).`,
    "The reference row is code the refactor does not touch: its ratio is the run's noise.",
    "",
    "| database | case | clients | req/s | ratio | p50 ms | ratio | p95 ms | ratio | verdict |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  const rounds: string[] = [];
  let [rows, worse] = [0, 0];
  for (const [database, run] of Object.entries(runs)) {
    const perRound: string[] = [];
    for (const key of Object.keys(CASES) as Case[]) {
      const [old, now] = [median(run.previous, key), median(run.current, key)];
      const v = verdict(old, now);
      [rows, worse] = [rows + 1, worse + (v === "within" ? 0 : 1)];
      lines.push(
        `| ${database} | ${CASES[key].label} | ${CASES[key].clients} | ${fmt(old.rps)} → ${fmt(now.rps)} | ${ratio(now.rps, old.rps)} | ${fmt(old.p50, 1)} → ${fmt(now.p50, 1)} | ${ratio(now.p50, old.p50)} | ${fmt(old.p95, 1)} → ${fmt(now.p95, 1)} | ${ratio(now.p95, old.p95)} | ${v} |`,
      );
      const rps = (fs: Figures[]) => fs.map((r) => fmt(r[key].rps)).join(", ");
      perRound.push(`${key} ${rps(run.previous)} / ${rps(run.current)}`);
    }
    rounds.push(`${database}: ${perRound.join("; ")}.`);
  }
  lines.push(
    "",
    `${rows - worse} of ${rows} rows within ${TOLERANCE * 100} %. Req/s of each round, previous / this build:`,
    "",
    ...rounds.map((r) => `- ${r}`),
  );
  await writeSection("Before and after the layers (issue 22)", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
