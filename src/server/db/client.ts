import path from "node:path";
import { PrismaClient, type Prisma } from "@/generated/prisma/client";
import { env } from "@/server/env";
import { applyMigrations } from "./migrate";
import type { SqlRunner } from "./sql-runner";
import type { Pool } from "pg";
import type { PGlite } from "@electric-sql/pglite";
import type { CommitCaches, CommitCacheSpec } from "./commit-cache";

export type Db = PrismaClient;

/**
 * A parameterized SQL read ($1, $2, ...) straight through the database driver, bypassing Prisma's
 * per-call cost; rows as the driver parses them (text, uuid: string; float8, int4: number; bool).
 * For the few hot reads where that cost dominates (docs/perf.md); everything else goes through Prisma.
 */
export type DirectRead = <T extends Record<string, unknown>>(sql: string, params: unknown[]) => Promise<T[]>;

/**
 * A transaction through the database driver: `work`'s statements run on one session, committed when
 * it resolves and rolled back when it throws. For short hot writes where Prisma's interactive
 * transaction costs more than the statements (a bundle move: docs/perf.md).
 */
export type DirectTransaction = <T>(work: (query: DirectRead) => Promise<T>) => Promise<T>;

interface DbHandle {
  prisma: PrismaClient;
  runner: SqlRunner;
  read: DirectRead;
  transaction: DirectTransaction;
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
  slot.__kinoraDirect = { prisma: handle.prisma, read: handle.read, transaction: handle.transaction, caches };
  return handle;
}

async function openPostgres(url: string): Promise<DbHandle> {
  const [{ PrismaPg }, pg, { pgRunner }] = await Promise.all([import("@prisma/adapter-pg"), import("pg"), import("./sql-runner")]);
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  // direct reads on connections of their own, where a named statement is planned once (pgDirectRead)
  const readPool = new pg.default.Pool({ connectionString: url, max: 10, options: "-c plan_cache_mode=force_generic_plan" });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    runner: pgRunner(pool),
    read: pgDirectRead(readPool),
    transaction: pgTransaction(pool),
    close: async () => {
      await prisma.$disconnect();
      await Promise.all([pool.end(), readPool.end()]);
    },
  };
}

/**
 * Names for the SQL texts of direct statements on PostgreSQL: each text (constants of the code, so
 * few; at most `max` named) is a named statement, which pg parses and plans once per connection
 * instead of on every call. "cached plan must not change result type" (0A000) means a table changed
 * under a statement prepared on that connection.
 */
function statementNames(prefix: string, max = 100): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  return (sql) => {
    let name = names.get(sql);
    if (!name && names.size < max) names.set(sql, (name = `${prefix}_${names.size}`));
    return name;
  };
}

const isStalePlan = (err: unknown) => (err as { code?: string }).code === "0A000";

/**
 * Direct reads on PostgreSQL, named statements (statementNames). Once: `pool`'s connections force
 * generic plans, since PostgreSQL's default replans a statement for its parameters whenever its
 * generic plan looks costlier than the average of such custom plans, and planning the search
 * statements costs more than running them (docs/perf.md, vod search). Every statement read this way
 * is written for the indexes it uses, whatever its parameters.
 */
function pgDirectRead(pool: Pool): DirectRead {
  const nameOf = statementNames("kinora_read");
  return async <T>(sql: string, params: unknown[]) => {
    const name = nameOf(sql);
    try {
      return (await pool.query({ name, text: sql, values: params })).rows as T[];
    } catch (err) {
      if (name && isStalePlan(err)) return (await pool.query(sql, params)).rows as T[];
      throw err;
    }
  };
}

/**
 * DirectTransaction on PostgreSQL: one pooled connection from BEGIN to COMMIT, its statements named
 * (statementNames: a bundle's items statement costs a couple of milliseconds to plan). A connection
 * a failed ROLLBACK leaves unsure, or whose prepared statement went stale (the transaction fails;
 * the next one gets a fresh connection), is dropped.
 */
function pgTransaction(pool: Pool): DirectTransaction {
  const nameOf = statementNames("kinora_tx");
  return async (work) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    try {
      await client.query("BEGIN");
      const result = await work(async <T>(sql: string, params: unknown[]) => {
        try {
          return (await client.query({ name: nameOf(sql), text: sql, values: params })).rows as T[];
        } catch (err) {
          if (isStalePlan(err)) broken = err as Error;
          throw err;
        }
      });
      await client.query("COMMIT");
      return result;
    } catch (err) {
      await client.query("ROLLBACK").catch((rollback: Error) => (broken ??= rollback));
      throw err;
    } finally {
      client.release(broken);
    }
  };
}

async function openPglite(): Promise<DbHandle> {
  const [{ PGlite }, { pg_trgm }, { PrismaPGlite }, { pgliteRunner }, { pgliteForPrisma }] = await Promise.all([
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
    runner: pgliteRunner(pglite),
    pglite,
    read: async <T>(sql: string, params: unknown[]) => (await fast.query<T>(sql, params)).rows,
    transaction: (work) =>
      fast.transaction((tx) => work(async <T>(sql: string, params: unknown[]) => (await tx.query<T>(sql, params)).rows)),
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
