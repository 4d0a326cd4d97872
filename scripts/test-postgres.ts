// A fresh PostgreSQL database for one test run: TEST_DATABASE_URL's server when given, otherwise the
// local Debian cluster (started if needed; root can act as the postgres user).
import { execFileSync } from "node:child_process";
import pg from "pg";

export async function preparePostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `kinora_test_${Date.now()}`;
  const adminUrl = process.env.TEST_DATABASE_URL ?? (await localCluster());
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function localCluster(): Promise<string> {
  const password = "kinora-test";
  try {
    execFileSync("pg_ctlcluster", ["15", "main", "start"], { stdio: "ignore" });
  } catch {
    // already running, or started otherwise; the connection below tells
  }
  const sql = `DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'kinora') THEN CREATE ROLE kinora LOGIN CREATEDB PASSWORD '${password}'; END IF; END $$;`;
  try {
    execFileSync("runuser", ["-u", "postgres", "--", "psql", "-q", "-c", sql], { stdio: ["ignore", "ignore", "inherit"] });
  } catch (err) {
    throw new Error(
      `PostgreSQL is needed for the second half of the suite: install it (apt-get install postgresql) or set TEST_DATABASE_URL. ${String(err)}`,
    );
  }
  return `postgres://kinora:${password}@127.0.0.1:5432/postgres`;
}
