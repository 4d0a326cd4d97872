// The statement runners of the two databases Kinora runs on, embedded PGlite and PostgreSQL (pg):
// the one place SQL reaches a driver. A database's StatementRunner runs the migrations' scripts
// (SqlRunner), the hot reads (DirectRead) and the driver transactions (DirectTransaction); the
// client (client.ts) opens one per database and hands its reads and transactions out.
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { Pool } from "pg";
import type { CommitCacheSpec } from "./commit-cache";

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

/**
 * The one way code above the database reaches raw SQL, handed to it on the context (Ctx.sql):
 * reads, driver transactions, and the commit-watched caches the reads declared (commit-cache.ts).
 * The process's port (client.ts, getDbAccess) runs them on the driver, with caches on PGlite; inside a
 * Prisma transaction the same SQL runs through it instead (client.ts, queryOf).
 */
export interface SqlPort {
  read: DirectRead;
  transaction: DirectTransaction;
  /** `load`'s value for `key`, kept in the cache `spec` until a commit changes what it watches, where the port has caches; else read every time. */
  cached<T>(spec: CommitCacheSpec<T>, key: string, load: () => Promise<T | null>): Promise<T | null>;
}

export interface SqlRunner {
  /** Runs a script of one or more statements, without parameters. */
  exec(script: string): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /**
   * Runs `fn` on one dedicated connection. Pools need it: BEGIN/COMMIT and session advisory locks
   * only work when every statement goes to the same connection. Absent = already one connection.
   */
  withConnection?<R>(fn: (conn: SqlRunner) => Promise<R>): Promise<R>;
}

/** A database's runner: scripts and statements (SqlRunner), and the hot reads and transactions through the driver. */
export interface StatementRunner extends SqlRunner {
  read: DirectRead;
  transaction: DirectTransaction;
}

/** PGlite is a single connection already: no withConnection needed. For scripts (migrations). */
export function pgliteRunner(db: Pick<PGlite, "exec" | "query">): SqlRunner {
  return {
    async exec(script) {
      await db.exec(script);
    },
    async query<T = Record<string, unknown>>(text: string, params?: unknown[]) {
      return (await db.query<T>(text, params)).rows;
    },
  };
}

type Queryable = pg.Client | pg.PoolClient | pg.Pool;

function runnerOn(q: Queryable): SqlRunner {
  return {
    async exec(script) {
      await q.query(script); // no parameters: simple query protocol, several statements allowed
    },
    async query<T = Record<string, unknown>>(text: string, params?: unknown[]) {
      return (await q.query(text, params)).rows as T[];
    },
  };
}

const isPool = (c: pg.Client | pg.Pool): c is pg.Pool => "totalCount" in c;

/**
 * A runner on a pg Client or Pool. With a Pool, exec/query may each use another connection;
 * withConnection checks one out for work that needs a session (transactions, advisory locks).
 */
export function pgRunner(client: pg.Client | pg.Pool): SqlRunner {
  const runner = runnerOn(client);
  if (!isPool(client)) return { ...runner, withConnection: (fn) => fn(runner) };
  return {
    ...runner,
    async withConnection(fn) {
      const conn = await client.connect();
      let broken: unknown;
      try {
        return await fn(runnerOn(conn));
      } catch (e) {
        broken = e; // do not hand a connection in an unknown state back to the pool
        throw e;
      } finally {
        conn.release(broken instanceof Error ? broken : undefined);
      }
    },
  };
}

/**
 * The StatementRunner of PGlite: scripts through `pglite`, reads and transactions through `fast`
 * (the same session with prepared statements in one engine call: pglite-prisma-client.ts).
 */
export function pgliteStatements(pglite: PGlite, fast: PGlite): StatementRunner {
  return {
    ...pgliteRunner(pglite),
    read: async <T>(sql: string, params: unknown[]) => (await fast.query<T>(sql, params)).rows,
    transaction: (work) =>
      fast.transaction((tx) => work(async <T>(sql: string, params: unknown[]) => (await tx.query<T>(sql, params)).rows)),
  };
}

/**
 * The StatementRunner of PostgreSQL: scripts and transactions on `pool`, reads on `readPool`, whose
 * connections force generic plans (pgDirectRead).
 */
export function pgStatements(pool: Pool, readPool: Pool): StatementRunner {
  return { ...pgRunner(pool), read: pgDirectRead(readPool), transaction: pgTransaction(pool) };
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
