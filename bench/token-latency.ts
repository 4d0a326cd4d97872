// Latency of POST /oauth/token with the password grant (argon2id verify, a refresh token written)
// against the client_credentials grant on the same endpoint in the same run: the difference is what
// the password check costs. Run after `npm run build`: `npx tsx bench/token-latency.ts`.
// Writes "Token latency" in docs/perf.md. Loopback only, bounded: BENCH_SECONDS (default 10) per case
// and round, BENCH_ROUNDS (default 3) rounds.
import { Api } from "../test/support/api";
import { startKinora } from "../test/support/server";
import { compare, fmt, machine, onBothDatabases, writeSection, type LoadCase, type LoadResult } from "./report";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
// 1: what a lone user waits; 10: a burst of logins (2 cores share argon2, the server and the load generator).
const CONCURRENCY = [1, 10];
const GRANTS = ["client_credentials", "password"] as const;
const TARGET_P50_MS = 150;

async function benchDatabase(databaseUrl?: string): Promise<Record<string, LoadResult>> {
  // The login limiter counts every attempt until its password is checked, so 10 parallel logins of one
  // user trip it (429 in microseconds): lift it, this measures the credential check, not the limiter.
  const server = await startKinora({
    LOGIN_MAX_FAILURES: "1000000",
    LOGIN_USER_MAX_FAILURES: "1000000",
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  try {
    const user = await new Api(server.url).newUser();
    const forms = {
      client_credentials: { grant_type: "client_credentials" },
      password: { grant_type: "password", username: user.userCode, password: user.password },
    };
    const cases: Record<string, LoadCase> = {};
    for (const connections of CONCURRENCY) {
      for (const grant of GRANTS) {
        cases[`${grant} x${connections}`] = {
          url: `${server.url}/oauth/token`,
          connections,
          method: "POST",
          headers: {
            Authorization: `Basic ${Buffer.from("www:").toString("base64")}`, // the public client has no secret
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: "application/json",
          },
          body: new URLSearchParams(forms[grant]).toString(),
        };
      }
    }
    return await compare(cases, SECONDS, ROUNDS);
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  const header = machine();
  const results: Record<string, Record<string, LoadResult>> = await onBothDatabases(benchDatabase);

  const lines = [
    "`npx tsx bench/token-latency.ts` after `npm run build`: the production server (`npm start`, nginx edge when installed), autocannon on loopback,",
    `median of ${ROUNDS} interleaved rounds of ${SECONDS} s per case; ${header}; argon2id m=19 MiB t=2 p=1.`,
    `Baseline: the client_credentials grant on the same endpoint in the same run (target: password p50 < ${TARGET_P50_MS} ms).`,
    "",
    "| database | connections | grant | p50 ms | p95 ms | req/s | p50 vs baseline | failed |",
    "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const [database, r] of Object.entries(results)) {
    for (const connections of CONCURRENCY) {
      const base = r[`client_credentials x${connections}`]!;
      for (const grant of GRANTS) {
        const x = r[`${grant} x${connections}`]!;
        lines.push(
          `| ${database} | ${connections} | ${grant} | ${fmt(x.p50, 1)} | ${fmt(x.p95, 1)} | ${fmt(x.rps)} | ${fmt(x.p50 / base.p50, 1)}x | ${x.failures} |`,
        );
      }
    }
  }
  await writeSection("Token latency", lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
