// Direct SQL on a test server's database, for states the API cannot reach (an expired license, a
// nearly full quota) and for checks of rows the API does not show. PostgreSQL: while the server
// runs (DATABASE_URL). PGlite belongs to one process: stop the server first, start it again after.
import path from "node:path";
import pg from "pg";

export type Sql = <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;

export async function withDatabase<T>(target: { dataDir: string; databaseUrl?: string }, fn: (sql: Sql) => Promise<T>): Promise<T> {
  const url = target.databaseUrl ?? process.env.DATABASE_URL;
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return await fn(async (text, params) => (await client.query(text, params)).rows);
    } finally {
      await client.end();
    }
  }
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm")]);
  const db = await PGlite.create(path.join(target.dataDir, "pglite"), { extensions: { pg_trgm } });
  try {
    return await fn(async <R>(text: string, params?: unknown[]) => (await db.query<R>(text, params)).rows);
  } finally {
    await db.close();
  }
}
