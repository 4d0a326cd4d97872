// SqlRunner implementations for the two databases Kinora runs on: embedded PGlite and PostgreSQL (pg).
import type { PGlite } from "@electric-sql/pglite";
import type pg from "pg";
import type { SqlRunner } from "./migrate";

export type { SqlRunner } from "./migrate";

/** PGlite is a single connection already: no withConnection needed. */
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
