import path from "node:path";
import { PrismaClient } from "@/generated/prisma/client";
import { env } from "@/server/env";
import { applyMigrations } from "./migrate";
import { seedReferenceData } from "./seed";
import type { SqlRunner } from "./sql-runner";

export type Db = PrismaClient;

interface DbHandle {
  prisma: PrismaClient;
  runner: SqlRunner;
  close(): Promise<void>;
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

export async function closeDb(): Promise<void> {
  const handle = slot.__kinoraDb;
  slot.__kinoraDb = undefined;
  if (handle) await (await handle).close();
}

const migrationsDir = () => path.join(process.cwd(), "prisma", "migrations");

async function open(): Promise<DbHandle> {
  const handle = env().DATABASE_URL ? await openPostgres(env().DATABASE_URL!) : await openPglite();
  await applyMigrations(handle.runner, migrationsDir());
  await seedReferenceData(handle.prisma);
  return handle;
}

async function openPostgres(url: string): Promise<DbHandle> {
  const [{ PrismaPg }, pg, { pgRunner }] = await Promise.all([import("@prisma/adapter-pg"), import("pg"), import("./sql-runner")]);
  const pool = new pg.default.Pool({ connectionString: url, max: 10 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    prisma,
    runner: pgRunner(pool),
    close: async () => {
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

async function openPglite(): Promise<DbHandle> {
  const [{ PGlite }, { pg_trgm }, { PrismaPGlite }, { pgliteRunner }] = await Promise.all([
    import("@electric-sql/pglite"),
    import("@electric-sql/pglite/contrib/pg_trgm"),
    import("pglite-prisma-adapter"),
    import("./sql-runner"),
  ]);
  const dir = path.join(env().dataDir, "pglite");
  const pglite = await PGlite.create(dir, { extensions: { pg_trgm } });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  return {
    prisma,
    runner: pgliteRunner(pglite),
    close: async () => {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}
