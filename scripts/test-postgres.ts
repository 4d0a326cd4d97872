// A fresh PostgreSQL database for one test run: TEST_DATABASE_URL's server when given, otherwise the
// local Debian cluster (started if needed; root can act as the postgres user).
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";

export async function preparePostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  // Test files start their servers side by side: a time alone can name two databases alike.
  const name = `kinora_test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const adminUrl = process.env.TEST_DATABASE_URL ?? (await localCluster());
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabase(adminUrl, name),
  };
}

/**
 * Drops a test database, also while its last connections close. FORCE terminates the connections
 * left, which needs pg_signal_backend when one of them is not ours (an autovacuum worker): the role
 * made below has it, and without it a refusal is retried a few times. The admin connection is
 * always closed, so a failed drop never keeps a test file's process alive.
 */
async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const c = new pg.Client({ connectionString: adminUrl });
    try {
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (err) {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    } finally {
      await c.end().catch(() => undefined);
    }
  }
}

async function localCluster(): Promise<string> {
  const password = "kinora-test";
  try {
    execFileSync("pg_ctlcluster", ["15", "main", "start"], { stdio: "ignore" });
  } catch {
    // already running, or started otherwise; the connection below tells
  }
  const sql = `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kinora') THEN CREATE ROLE kinora LOGIN CREATEDB PASSWORD '${password}'; END IF; IF NOT pg_has_role('kinora', 'pg_signal_backend', 'MEMBER') THEN GRANT pg_signal_backend TO kinora; END IF; END $$;`;
  try {
    execFileSync("runuser", ["-u", "postgres", "--", "psql", "-q", "-c", sql], { stdio: ["ignore", "ignore", "inherit"] });
  } catch (err) {
    throw new Error(
      `PostgreSQL is needed for the second half of the suite: install it (apt-get install postgresql) or set TEST_DATABASE_URL. ${String(err)}`,
    );
  }
  return `postgres://kinora:${password}@127.0.0.1:5432/postgres`;
}
