// A real database for integration tests (test/integration): embedded PGlite in a directory of the test
// file's own, or the suite's PostgreSQL when DATABASE_URL is set, opened through the process's own
// client (src/server/db/client.ts), migrations included.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after } from "node:test";
import { seedPgliteCluster } from "./pglite-template";
import type { Prisma } from "../../src/generated/prisma/client";
import type { Db, DbAccess } from "../../src/server/db/client";

/**
 * Points DATA_DIR at a new directory (PGlite lives there when DATABASE_URL is unset) and closes the
 * client after the file's tests. Call it at the top of the test file, before anything reads env().
 */
export function useIntegrationDatabase(prefix: string): string {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), prefix));
  if (!process.env.DATABASE_URL) seedPgliteCluster(dataDir); // the run's initdb, copied (pglite-template.ts)
  process.env.DATA_DIR = dataDir;
  after(async () => (await import("../../src/server/db/client")).closeDb());
  return dataDir;
}

/** The process's database client (opened, migrated, seeded at first use). */
export async function integrationDb(): Promise<Db> {
  return (await integrationDbAccess()).db;
}

/** The process's database as contexts carry it: its client and its raw-SQL port (Ctx.db, Ctx.sql). */
export async function integrationDbAccess(): Promise<DbAccess> {
  const access = await (await import("../../src/server/db/client")).getDbAccess();
  await (await import("../../src/server/domain/licenses/reference-data")).seedReference(access.db);
  return access;
}

/** Inserts an active user with throwaway personal data (and `data` on top); returns its id. */
export async function insertUser(db: Db, data: Partial<Prisma.UserCreateInput> = {}): Promise<string> {
  const code = `i${crypto.randomUUID().slice(0, 8)}`;
  const user = await db.user.create({
    data: {
      userCode: code,
      email: `${code}@example.test`,
      passwordHash: "x",
      firstName: "Test",
      lastName: "User",
      birthDate: new Date("1990-01-01"),
      language: "en",
      ...data,
    },
    select: { id: true },
  });
  return user.id;
}
