// The cost of kinora_db_query_duration_seconds: the same unique-index read through two Prisma
// clients on one migrated database, the process's own (statements timed at its driver adapter into the histogram)
// and a plain one (untimed), in rounds of alternating order (ABBA); then the raw-SQL port's read, timed,
// against the driver's read. Prints microseconds per query and the difference (not written to
// docs/perf.md). `npx tsx bench/db-query-timing.ts` (PGlite in a temporary DATA_DIR; with
// DATABASE_URL, that PostgreSQL database).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { machine } from "./report";

const QUERIES = Number(process.env.BENCH_QUERIES ?? 4000);
const ROUNDS = 8;

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "kinora-dbq-"));
  process.env.DATA_DIR = dataDir;
  const { getDbHandle, closeDb } = await import("../src/server/db/client");
  const { PrismaClient } = await import("../src/generated/prisma/client");
  const handle = await getDbHandle();
  let plain: InstanceType<typeof PrismaClient>;
  if (handle.pglite) {
    const [{ PrismaPGlite }, { pgliteForPrisma }] = await Promise.all([
      import("pglite-prisma-adapter"),
      import("../src/server/db/pglite-prisma-client"),
    ]);
    plain = new PrismaClient({ adapter: new PrismaPGlite(pgliteForPrisma(handle.pglite)) });
  } else {
    const { PrismaPg } = await import("@prisma/adapter-pg");
    plain = new PrismaClient({ adapter: new PrismaPg({ connectionString: process.env.DATABASE_URL }) });
  }
  const id = "00000000-0000-4000-8000-000000000000";
  const prismaRead = (client: typeof plain) => () => client.user.findUnique({ where: { id }, select: { id: true } });
  const sqlRead = (read: typeof handle.runner.read) => () => read(`SELECT "id" FROM "User" WHERE "id" = $1::uuid`, [id]);
  const perQuery = async (run: () => Promise<unknown>) => {
    for (let i = 0; i < 200; i++) await run();
    const start = performance.now();
    for (let i = 0; i < QUERIES; i++) await run();
    return ((performance.now() - start) * 1000) / QUERIES;
  };
  const compare = async (label: string, timed: () => Promise<unknown>, bare: () => Promise<unknown>) => {
    const a: number[] = [];
    const b: number[] = [];
    // ABBA order: neither side always runs first
    for (let r = 0; r < ROUNDS; r++) {
      if (r % 2 === 0) {
        a.push(await perQuery(timed));
        b.push(await perQuery(bare));
      } else {
        b.push(await perQuery(bare));
        a.push(await perQuery(timed));
      }
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[xs.length >> 1]!;
    const [t, p] = [median(a), median(b)];
    console.log(
      `${label}: timed ${t.toFixed(1)} µs/query, untimed ${p.toFixed(1)} µs/query, cost ${(t - p).toFixed(1)} µs (${(((t - p) / p) * 100).toFixed(1)} %)`,
    );
  };
  console.log(machine());
  console.log(`${handle.pglite ? "PGlite" : "PostgreSQL"}, ${QUERIES} queries per round, median of ${ROUNDS} rounds in ABBA order`);
  // the instrumentation alone, without the database's noise: two clock reads and one observation
  const { metrics } = await import("../src/server/metrics/registry.mjs");
  const histogram = metrics().dbQueryDuration.labels({ client: "bench" });
  const N = 1_000_000;
  const t0 = performance.now();
  for (let i = 0; i < N; i++) {
    const start = performance.now();
    histogram.observe((performance.now() - start) / 1000);
  }
  console.log(`clock reads + one observation: ${(((performance.now() - t0) * 1000) / N).toFixed(2)} µs`);
  await compare("prisma findUnique", prismaRead(handle.prisma), prismaRead(plain));
  await compare("sql port read", sqlRead(handle.access.sql.read), sqlRead(handle.runner.read));
  await plain.$disconnect();
  await closeDb();
  rmSync(dataDir, { recursive: true, force: true });
}

void main();
