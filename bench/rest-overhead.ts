// What the REST layer costs: req/s of two public endpoints and one private one (GET /api/user/me: a
// user's token, whose session is checked on every request) as a share of a bare Next route handler
// (/bench/ceiling) in the same server, measured in the same run, on PGlite and then on PostgreSQL.
// Run after `npm run build`: `npx tsx bench/rest-overhead.ts`. Writes "REST overhead" in docs/perf.md.
// Loopback only, bounded: BENCH_SECONDS (default 10) per case and round, BENCH_ROUNDS (default 3) rounds.
import { Api } from "../test/support/api";
import { startKinora } from "../test/support/server";
import { compare, fmt, machine, onBothDatabases, writeSection, type LoadCase, type LoadResult } from "./report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 16;
const TARGET = 0.6; // overview >= 60 % of the ceiling

type Results = Record<"ceiling" | "overview" | "search" | "me", LoadResult>;

async function benchDatabase(databaseUrl?: string): Promise<Results> {
  // REGISTER_MAX_PER_WINDOW: the setup registers more users from one address than the default allows.
  const server = await startKinora({
    KINORA_BENCH: "1",
    REGISTER_MAX_PER_WINDOW: "1000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const api = new Api(server.url);
    // A few dozen users with page fields, so search ranks real matches rather than an empty table.
    const users = [];
    for (let i = 0; i < 30; i++) {
      const u = await api.newUser();
      const profile = {
        ...u.user.profile,
        pageTitle: `Channel ${i} about ${i % 3 ? "mountain trains" : "city walks"}`,
        pageDescription: `Videos number ${i}: long takes, field recordings and travel notes.`,
        socialUrl1: `https://video.example.org/@${u.userCode}`,
      };
      const res = await api.post("/api/user/me", { ...u.user, profile }, { token: u.access });
      if (res.status !== 200) throw new Error(`page fields: ${res.status} ${res.text}`);
      users.push(u);
    }
    const headers = { Authorization: `Bearer ${await api.publicToken()}`, Accept: "application/json" };
    const cases: Record<keyof Results, LoadCase> = {
      ceiling: { url: `${server.url}/bench/ceiling`, connections: CONNECTIONS },
      overview: { url: `${server.url}/api/public/user/${users[0]!.userCode}/overview`, connections: CONNECTIONS, headers },
      search: {
        url: `${server.url}/api/public/search/users`,
        connections: CONNECTIONS,
        method: "POST",
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify({ pageSize: 10, pageIndex: 0, queryString: "trains" }),
      },
      me: {
        url: `${server.url}/api/user/me`,
        connections: CONNECTIONS,
        headers: { Authorization: `Bearer ${users[0]!.access}`, Accept: "application/json" },
      },
    };
    // A case that answers an error would measure the error path: check each once first.
    for (const [name, c] of Object.entries(cases)) {
      const res = await fetch(c.url, { method: c.method ?? "GET", headers: c.headers, body: c.body });
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    }
    return await compare(cases, SECONDS, ROUNDS);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const header = machine();
  const results: Record<string, Results> = await onBothDatabases(benchDatabase);

  const names: Record<keyof Results, string> = {
    ceiling: "ceiling: bare route handler, constant JSON",
    overview: "GET /api/public/user/{userCode}/overview",
    search: "POST /api/public/search/users",
    me: "GET /api/user/me (private token: session state)",
  };
  const lines = [
    `\`npx tsx bench/rest-overhead.ts\` after \`npm run build\`: the production server (\`npm start\`, nginx edge when installed), autocannon on loopback, ${CONNECTIONS} connections,`,
    `median of ${ROUNDS} interleaved rounds of ${SECONDS} s per case; ${header}.`,
    `Each endpoint as a share of the bare route handler in the same server and run (target: overview >= ${TARGET * 100} % of it).`,
    "",
    "| database | case | req/s | % of ceiling | p50 ms | p95 ms | failed |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [database, r] of Object.entries(results)) {
    for (const key of Object.keys(names) as (keyof Results)[]) {
      const x = r[key];
      lines.push(
        `| ${database} | ${names[key]} | ${fmt(x.rps)} | ${fmt((100 * x.rps) / r.ceiling.rps)} % | ${fmt(x.p50, 1)} | ${fmt(x.p95, 1)} | ${x.failures} |`,
      );
    }
  }
  await writeSection("REST overhead", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
