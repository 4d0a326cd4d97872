// Database round trips per request on a web node of a cluster (KINORA_ROLES=web) against a one-box
// instance (every role), in the same run (issue 24: "no more than single-node"). Each server on a
// PostgreSQL database of its own; the statements are those the process counted itself
// (kinora_db_query_duration_seconds_count on /metrics: every Prisma and raw-SQL statement). What the
// background loops run meanwhile (the one box's job worker polling, heartbeats) is measured over an idle
// stretch of the same length and taken off. Run after `npm run build`: `npx tsx bench/cluster-round-trips.ts`.
// Writes "Cluster round trips" in docs/perf.md. Bounded: BENCH_REQUESTS (default 300) per case.
import { Api } from "../test/support/api";
import { startOwnKinora, type Kinora } from "../test/support/server";
import { preparePostgres } from "../scripts/test-postgres";
import { assertBuilt, fmt, machine, writeSection } from "./report";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);

/** The statements the server has counted so far (all labels). */
async function statements(server: Kinora): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  let total = 0;
  for (const m of text.matchAll(/^kinora_db_query_duration_seconds_count\{[^}]*\} (\d+(?:\.\d+)?)$/gm)) total += Number(m[1]);
  return total;
}

interface Case {
  name: string;
  request: () => Promise<Response>;
}

async function perRequest(server: Kinora, c: Case): Promise<number> {
  for (let i = 0; i < 30; i++) await (await c.request()).arrayBuffer(); // warm: caches, compiled code
  const started = performance.now();
  const before = await statements(server);
  for (let i = 0; i < REQUESTS; i++) {
    const res = await c.request();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${c.name}: ${res.status}`);
  }
  const during = (await statements(server)) - before;
  // the background's statements over as long a stretch with no request, between two reads of /metrics
  // as well (a read runs the scrape-time gauges' statements: the same in both, they cancel out)
  const elapsed = performance.now() - started;
  const idleBefore = await statements(server);
  await new Promise((r) => setTimeout(r, elapsed));
  const background = (await statements(server)) - idleBefore;
  return (during - background) / REQUESTS;
}

async function measure(server: Kinora): Promise<Record<string, number>> {
  const api = new Api(server.url);
  const u = await api.newUser();
  const publicToken = await api.publicToken();
  const cases: Case[] = [
    {
      name: "GET /api/public/user/{userCode}/overview (public token)",
      request: () => fetch(`${server.url}/api/public/user/${u.userCode}/overview`, { headers: { Authorization: `Bearer ${publicToken}` } }),
    },
    {
      name: "GET /api/user/me (private token)",
      request: () => fetch(`${server.url}/api/user/me`, { headers: { Authorization: `Bearer ${u.access}` } }),
    },
  ];
  const out: Record<string, number> = {};
  for (const c of cases) out[c.name] = await perRequest(server, c);
  return out;
}

async function main(): Promise<void> {
  assertBuilt();
  const header = machine();
  const db = await preparePostgres(); // the database server both own databases are made on
  const env = { DATABASE_URL: db.url, KINORA_BENCH: "1", SMTP_URL: "" };
  const oneBox = await startOwnKinora({ ...env });
  const webNode = await startOwnKinora({ ...env, KINORA_ROLES: "web" });
  try {
    const single = await measure(oneBox);
    const web = await measure(webNode);
    const lines = [
      "`npx tsx bench/cluster-round-trips.ts` after `npm run build`: statements to PostgreSQL per request, as each server counted them",
      `(kinora_db_query_duration_seconds_count), ${REQUESTS} requests one after another per case, the background's statements over as long an`,
      `idle stretch taken off; ${header}. Baseline: a one-box instance (every role) in the same run; target: the web node no more.`,
      "",
      "| case | one box (baseline) | web node (KINORA_ROLES=web) | web / one box |",
      "| --- | ---: | ---: | ---: |",
      ...Object.keys(single).map(
        (k) => `| ${k} | ${fmt(single[k]!, 2)} | ${fmt(web[k]!, 2)} | ${fmt(web[k]! / Math.max(single[k]!, 0.01), 2)}x |`,
      ),
      "",
      `Verdict: ${Object.keys(single).every((k) => web[k]! <= single[k]! + 0.05) ? "met" : "NOT met"} (a web node runs no more statements per request than one box, within 0.05: what the background subtraction leaves).`,
    ];
    await writeSection("Cluster round trips", lines.join("\n"));
    console.log(lines.join("\n"));
  } finally {
    await webNode.stop();
    await oneBox.stop();
    await db.drop();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
