import path from "node:path";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { env } from "@/server/env";
import { CLUSTER_EVENTS_CHANNEL, clusterEventsMissed, deliverClusterEvent } from "./cluster-events";
import { applyMigrations } from "./migrate";
import { holdPglite } from "./pglite-owner";
import type { DirectRead, SqlPort, StatementRunner } from "./sql-runner";
import type { PGlite } from "@electric-sql/pglite";
import type { CommitCaches } from "./commit-cache";
import { telemetryOff } from "@/server/http/request-context.mjs";
import { metrics } from "@/server/metrics/registry.mjs";
import { timedAdapter, timedCall } from "./timed-adapter";

export type Db = PrismaClient;

/** The client, or the transaction a statement runs in: what a function that may run in either takes. */
export type DbOrTx = Db | Prisma.TransactionClient;

interface DbHandle {
  prisma: PrismaClient;
  runner: StatementRunner;
  /** The client and the raw-SQL port handed out (getDbAccess), once the caches are installed. */
  access: DbAccess;
  /** Embedded only: the one session every write of the database goes through. */
  pglite?: PGlite;
  /** Starts LISTENing on `channel` (cluster-events.ts); returns the stop. */
  listen(channel: string, onMessage: (payload: string) => void, onReconnected: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** The database as code above it reaches it: Prisma (db) and raw SQL (sql), on every context (Ctx). */
export interface DbAccess {
  db: Db;
  sql: SqlPort;
}

// One handle per process: Next bundles this module into several chunks, and PGlite must never be
// opened twice, so the handle lives on globalThis.
const slot = globalThis as unknown as { __kinoraDb?: Promise<DbHandle> };

export function getDbHandle(): Promise<DbHandle> {
  slot.__kinoraDb ??= open().catch((err: unknown) => {
    slot.__kinoraDb = undefined;
    throw err;
  });
  return slot.__kinoraDb;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).prisma;
}

/** The process's database: its Prisma client and its raw-SQL port (driver statements, caches on PGlite). */
export async function getDbAccess(): Promise<DbAccess> {
  return (await getDbHandle()).access;
}

/** SQL of the direct kind through a Prisma client or transaction ($queryRawUnsafe): one way to write a statement for both. */
export const queryOf =
  (db: DbOrTx): DirectRead =>
  async <T>(sql: string, params: unknown[]) =>
    db.$queryRawUnsafe<T[]>(sql, ...params);

export async function closeDb(): Promise<void> {
  const handle = slot.__kinoraDb;
  slot.__kinoraDb = undefined;
  if (handle) await (await handle).close();
}

/** A database opened, before its migrations and caches. */
type Opened = Omit<DbHandle, "access">;

/** The migrations this build carries (prisma/migrations). */
export const migrationsDir = () => path.join(process.cwd(), "prisma", "migrations");

async function open(): Promise<DbHandle> {
  const handle = env().DATABASE_URL ? await openPostgres(env().DATABASE_URL!) : await openPglite();
  await applyMigrations(handle.runner, migrationsDir());
  let caches: CommitCaches | undefined;
  if (handle.pglite) {
    const { CommitCaches } = await import("./commit-cache");
    caches = new CommitCaches(handle.pglite);
    await caches.install();
  }
  // the events of the other nodes (and this one's): cluster-events.ts
  const unlisten = await handle.listen(CLUSTER_EVENTS_CHANNEL, deliverClusterEvent, clusterEventsMissed);
  const close = async () => {
    await unlisten();
    await handle.close();
  };
  const { read, transaction } = timedStatements(handle.runner);
  const sql: SqlPort = {
    read,
    transaction,
    cached: (spec, key, load) => {
      const cache = caches?.of(spec);
      return cache ? cache.get(key, load) : load();
    },
  };
  return { ...handle, close, access: { db: handle.prisma, sql } };
}

async function openPostgres(url: string): Promise<Opened> {
  const [{ PrismaPg }, pg, { pgStatements }, { listenPostgres }] = await Promise.all([
    import("@prisma/adapter-pg"),
    import("pg"),
    import("./sql-runner"),
    import("./pg-listener"),
  ]);
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // direct reads on connections of their own, where a named statement is planned once (pgDirectRead)
  const readPool = new pg.default.Pool({ connectionString: url, max: 10, options: "-c plan_cache_mode=force_generic_plan" });
  const prisma = new PrismaClient({ adapter: timedPrismaAdapter(new PrismaPg(pool)) });
  return {
    prisma,
    runner: pgStatements(pool, readPool),
    listen: (channel, onMessage, onReconnected) => listenPostgres(url, channel, onMessage, onReconnected),
    close: async () => {
      await prisma.$disconnect();
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}

async function openPglite(): Promise<Opened> {
  const [{ PGlite }, { pg_trgm }, { PrismaPGlite }, { pgliteStatements }, { pgliteForPrisma }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("pglite-prisma-adapter"),
    import("./sql-runner"),
    import("./pglite-prisma-client"),
  ]);
  const dir = path.join(env().dataDir, "pglite");
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
  const release = holdPglite(env().dataDir); // for `npm run jobs` and the like: this process has it open
  // Prisma's adapter gets PGlite with a faster query path (prepared statements, one engine call)
  const fast = pgliteForPrisma(pglite);
  const prisma = new PrismaClient({ adapter: timedPrismaAdapter(new PrismaPGlite(fast)) });
  return {
    prisma,
    runner: pgliteStatements(pglite, fast),
    pglite,
    // one process: nothing can be missed
    listen: (channel, onMessage) => pglite.listen(channel, onMessage),
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
      release();
    },
  };
}

// kinora_db_query_duration_seconds (docs/operations.md "Metrics"): every SQL statement Prisma runs
// (timed at its driver adapter: timed-adapter.ts), and every statement of the raw-SQL port. Measured
// cost: docs/perf.md "Operations overhead".
function timedPrismaAdapter<F extends Parameters<typeof timedAdapter>[0]>(factory: F): F {
  if (telemetryOff) return factory;
  const histogram = metrics().dbQueryDuration.labels({ client: "prisma" });
  return timedAdapter(factory, (seconds) => histogram.observe(seconds));
}

/** The runner's reads and the statements of its transactions, timed. */
function timedStatements(runner: StatementRunner): Pick<StatementRunner, "read" | "transaction"> {
  if (telemetryOff) return runner;
  const histogram = metrics().dbQueryDuration.labels({ client: "sql" });
  const observe = (seconds: number) => histogram.observe(seconds);
  const timed = (query: DirectRead): DirectRead => timedCall(query, observe) as DirectRead;
  return { read: timed(runner.read), transaction: (work) => runner.transaction((query) => work(timed(query))) };
}
