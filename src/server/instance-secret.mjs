// The instance's secret (AUTH_SECRET: token signatures, the media key derived from it, sealed live
// passwords) when none is set. On the embedded database it is a random value in DATA_DIR/auth-secret.
// On PostgreSQL every node must use the same one, so it is kept in the database ("InstanceSecret",
// one row): the first node to start puts its own (its auth-secret file's, made if missing) there and
// every node takes that row's. Why in the database rather than refusing to start without AUTH_SECRET:
// `DATABASE_URL=… npm start` alone must give a working instance, nodes added later need no secret
// handed to them, and whoever can read the database can already do anything the secret allows.
// Plain JS: the launcher (scripts/start.mjs) resolves it before nginx gets the media key.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

/** An instance's own secret in `dataDir` (auth-secret, mode 0600), made the first time. */
export function localSecret(dataDir) {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, randomBytes(48).toString("base64url"), { mode: 0o600, flag: "wx" });
  } catch (err) {
    if (err.code !== "EEXIST") throw err; // another process made it first: its value counts
  }
  return readFileSync(file, "utf8").trim();
}

// nodes starting together create the table and the row one at a time
const LOCK_KEY = 7_240_112_901;

/** The secret kept in the PostgreSQL database at `databaseUrl`, put there from `dataDir` when it has none yet. */
export async function databaseSecret(databaseUrl, dataDir) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("BEGIN");
    await client.query(`SELECT pg_advisory_xact_lock(${LOCK_KEY})`);
    // the same table as its migration (prisma/migrations/*_instance_secret), which may come later
    await client.query(`CREATE TABLE IF NOT EXISTS "InstanceSecret" (
      "id" INTEGER NOT NULL,
      "value" TEXT NOT NULL,
      "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
      CONSTRAINT "InstanceSecret_pkey" PRIMARY KEY ("id")
    )`);
    const found = await client.query(`SELECT "value" FROM "InstanceSecret" WHERE "id" = 1`);
    const value = found.rows[0]?.value ?? localSecret(dataDir);
    if (!found.rows.length) await client.query(`INSERT INTO "InstanceSecret" ("id", "value") VALUES (1, $1)`, [value]);
    await client.query("COMMIT");
    return value;
  } catch (err) {
    await client.query("ROLLBACK").catch(() => {});
    throw err;
  } finally {
    await client.end();
  }
}

/**
 * On PostgreSQL, sets AUTH_SECRET in `env` (the process's own) to the database's, unless it is set.
 * Every entry point that signs or checks there (the launcher, `npm run worker`) calls it before it
 * reads its configuration (src/server/env.ts).
 */
export async function resolveInstanceSecret(env, dataDir) {
  if (env.AUTH_SECRET || !env.DATABASE_URL) return; // the embedded database: env.ts reads the file itself
  env.AUTH_SECRET = await databaseSecret(env.DATABASE_URL, dataDir);
}
