// Applies prisma/migrations/<name>/migration.sql at start-up, recording them in `_prisma_migrations`
// exactly like `prisma migrate deploy` (same table, checksum and advisory lock), so either tool can
// take over a database the other one migrated. Prisma's own CLI cannot run here (no native engine).
import { createHash, randomUUID } from "node:crypto";
import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import type { SqlRunner } from "./sql-runner";

// The key `prisma migrate deploy` locks on PostgreSQL: our runs and Prisma's exclude each other.
const PRISMA_ADVISORY_LOCK_KEY = 72707369;

// Prisma's own DDL for the table (schema-engine, postgres flavour).
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    id                      VARCHAR(36) PRIMARY KEY NOT NULL,
    checksum                VARCHAR(64) NOT NULL,
    finished_at             TIMESTAMPTZ,
    migration_name          VARCHAR(255) NOT NULL,
    logs                    TEXT,
    rolled_back_at          TIMESTAMPTZ,
    started_at              TIMESTAMPTZ NOT NULL DEFAULT now(),
    applied_steps_count     INTEGER NOT NULL DEFAULT 0
)`;

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
  rolled_back_at: Date | string | null;
}

interface LocalMigration {
  name: string;
  script: string;
}

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

// Prisma accepts a checksum computed with either line ending (git may convert them on checkout).
function checksumMatches(script: string, checksum: string): boolean {
  const variants = [script, script.replace(/\r\n/g, "\n"), script.replace(/\r?\n/g, "\r\n")];
  return variants.some((s) => sha256(s) === checksum);
}

/** The names of the migrations under `migrationsDir`, in the order they apply. */
export async function localMigrationNames(migrationsDir: string): Promise<string[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    throw new Error(`migrations directory not readable: ${migrationsDir} (${e.code ?? e.message})`);
  });
  // Names start with a UTC timestamp; plain code-unit order, independent of the locale.
  return entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

async function readLocalMigrations(migrationsDir: string): Promise<LocalMigration[]> {
  const names = await localMigrationNames(migrationsDir);
  return Promise.all(
    names.map(async (name) => ({ name, script: await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8") })),
  );
}

/** Applies the migrations not yet recorded, in name order; returns the names applied. */
export async function applyMigrations(runner: SqlRunner, migrationsDir: string): Promise<string[]> {
  const local = await readLocalMigrations(migrationsDir);
  const run = runner.withConnection ? runner.withConnection.bind(runner) : <R>(fn: (c: SqlRunner) => Promise<R>) => fn(runner);
  return run(async (conn) => {
    // Several processes may start at once: one applies, the others wait, then find nothing to do.
    await conn.query(`SELECT pg_advisory_lock(${PRISMA_ADVISORY_LOCK_KEY})`);
    try {
      await conn.exec(CREATE_MIGRATIONS_TABLE);
      const rows = await conn.query<MigrationRow>(
        `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" WHERE rolled_back_at IS NULL`,
      );
      checkHistory(local, rows);
      const done = new Set(rows.filter((r) => r.finished_at !== null).map((r) => r.migration_name));
      const applied: string[] = [];
      for (const migration of local) {
        if (done.has(migration.name)) continue;
        await applyOne(conn, migration);
        applied.push(migration.name);
      }
      return applied;
    } finally {
      await conn.query(`SELECT pg_advisory_unlock(${PRISMA_ADVISORY_LOCK_KEY})`);
    }
  });
}

// Refuse to touch a database whose history we cannot trust (same checks as Prisma's diagnostics).
function checkHistory(local: LocalMigration[], rows: MigrationRow[]): void {
  const failed = rows.filter((r) => r.finished_at === null).map((r) => r.migration_name);
  if (failed.length) {
    throw new Error(
      `_prisma_migrations records failed (unfinished) migration(s): ${failed.join(", ")}. ` +
        `Repair the database by hand, then mark them rolled back ` +
        `(UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE finished_at IS NULL AND rolled_back_at IS NULL) before starting again.`,
    );
  }
  const byName = new Map(local.map((m) => [m.name, m.script]));
  const edited = rows.filter((r) => {
    const script = byName.get(r.migration_name);
    return script !== undefined && !checksumMatches(script, r.checksum);
  });
  if (edited.length) {
    throw new Error(
      `migration(s) changed after being applied (checksum differs from _prisma_migrations): ` +
        `${edited.map((r) => r.migration_name).join(", ")}. Restore the applied migration.sql and put changes in a new migration.`,
    );
  }
  // Rows without a local directory (a newer build migrated this database) are left alone, as Prisma does.
}

// Script and record share one transaction: a failing script leaves neither changes nor a record.
// (So a migration must not contain its own BEGIN/COMMIT nor statements that refuse to run in a
// transaction block, such as CREATE INDEX CONCURRENTLY.)
async function applyOne(conn: SqlRunner, migration: LocalMigration): Promise<void> {
  await conn.exec("BEGIN");
  try {
    await conn.exec(migration.script);
    await conn.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
       VALUES ($1, $2, clock_timestamp(), $3, NULL, NULL, now(), 1)`,
      [randomUUID(), sha256(migration.script), migration.name],
    );
    await conn.exec("COMMIT");
  } catch (e) {
    await conn.exec("ROLLBACK").catch(() => undefined);
    const reason = e instanceof Error ? e.message : String(e);
    throw new Error(`migration ${migration.name} failed, nothing of it was applied: ${reason}`, { cause: e });
  }
}
