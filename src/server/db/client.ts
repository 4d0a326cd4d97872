import path from "node:path";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { env } from "@/server/env";
import { applyMigrations } from "./migrate";
import type { DirectRead, DirectTransaction, StatementRunner } from "./sql-runner";
import type { PGlite } from "@electric-sql/pglite";
import type { CommitCaches, CommitCacheSpec } from "./commit-cache";

export type Db = PrismaClient;

interface DbHandle {
  prisma: PrismaClient;
  runner: StatementRunner;
  /** Embedded only: the one session every write of the database goes through. */
  pglite?: PGlite;
  close(): Promise<void>;
}

/** What hot reads of the process's client use besides Prisma. */
interface Direct {
  prisma: PrismaClient;
  read: DirectRead;
  transaction: DirectTransaction;
  /** The commit-watched caches the reads above declared (commit-cache.ts); PGlite only. */
  caches?: CommitCaches;
}

// One handle per process: Next bundles this module into several chunks, and PGlite must never be
// opened twice, so the handle lives on globalThis.
const slot = globalThis as unknown as { __kinoraDb?: Promise<DbHandle>; __kinoraDirect?: Direct };

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

/**
 * The direct reader of `db` when it is the process's client (getDb()); for any other client (a
 * transaction, a test's own) the same SQL through Prisma's $queryRawUnsafe.
 */
export function directRead(db: Db): DirectRead {
  const direct = slot.__kinoraDirect;
  if (direct && direct.prisma === db) return direct.read;
  return queryOf(db);
}

/** SQL of the direct kind through a Prisma client or transaction ($queryRawUnsafe): one way to write a statement for both. */
export const queryOf =
  (db: Db | Prisma.TransactionClient): DirectRead =>
  async <T>(sql: string, params: unknown[]) =>
    db.$queryRawUnsafe<T[]>(sql, ...params);

/** The driver's transaction of `db` when it is the process's client; for any other client, Prisma's. */
export function directTransaction(db: Db): DirectTransaction {
  const direct = slot.__kinoraDirect;
  if (direct && direct.prisma === db) return direct.transaction;
  return (work) => db.$transaction((tx) => work(queryOf(tx)));
}

/**
 * `load`'s value for `key`, from the commit-watched cache `spec` when `db` is the process's client on
 * PGlite (emptied by every commit changing what the cache watches); otherwise read every time.
 */
export function cachedRead<T>(db: Db, spec: CommitCacheSpec<T>, key: string, load: () => Promise<T | null>): Promise<T | null> {
  const direct = slot.__kinoraDirect;
  const cache = direct && direct.prisma === db ? direct.caches?.of(spec) : undefined;
  return cache ? cache.get(key, load) : load();
}

export async function closeDb(): Promise<void> {
  const handle = slot.__kinoraDb;
  slot.__kinoraDb = undefined;
  slot.__kinoraDirect = undefined;
  if (handle) await (await handle).close();
}

const migrationsDir = () => path.join(process.cwd(), "prisma", "migrations");

async function open(): Promise<DbHandle> {
  const handle = env().DATABASE_URL ? await openPostgres(env().DATABASE_URL!) : await openPglite();
  await applyMigrations(handle.runner, migrationsDir());
  let caches: CommitCaches | undefined;
  if (handle.pglite) {
    const { CommitCaches } = await import("./commit-cache");
    caches = new CommitCaches(handle.pglite);
    await caches.install();
  }
  slot.__kinoraDirect = { prisma: handle.prisma, read: handle.runner.read, transaction: handle.runner.transaction, caches };
  return handle;
}

async function openPostgres(url: string): Promise<DbHandle> {
  const [{ PrismaPg }, pg, { pgStatements }] = await Promise.all([import("@prisma/adapter-pg"), import("pg"), import("./sql-runner")]);
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // direct reads on connections of their own, where a named statement is planned once (pgDirectRead)
  const readPool = new pg.default.Pool({ connectionString: url, max: 10, options: "-c plan_cache_mode=force_generic_plan" });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    runner: pgStatements(pool, readPool),
    close: async () => {
      await prisma.$disconnect();
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}

async function openPglite(): Promise<DbHandle> {
  const [{ PGlite }, { pg_trgm }, { PrismaPGlite }, { pgliteStatements }, { pgliteForPrisma }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("pglite-prisma-adapter"),
    import("./sql-runner"),
    import("./pglite-prisma-client"),
  ]);
  const dir = path.join(env().dataDir, "pglite");
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
  // Prisma's adapter gets PGlite with a faster query path (prepared statements, one engine call)
  const fast = pgliteForPrisma(pglite);
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(fast) });
  return {
    prisma,
    runner: pgliteStatements(pglite, fast),
    pglite,
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
