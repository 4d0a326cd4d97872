import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { extractTar, readTarMember } from "./archive";
import {
  FORMAT,
  libpqConnection,
  MANIFEST,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  SECRET_ENV,
  SECRET_FILE,
  STORAGE,
  type BackupManifest,
} from "./layout";

export interface RestoreReport {
  manifest: BackupManifest;
  dataDir: string;
  /** What the operator must still do (set a variable, restore the bucket). */
  notes: string[];
}

/** A refusal the script prints as it is (no stack): the target is not empty, the archive does not fit. */
export class RestoreRefused extends Error {}

/**
 * Fills an empty DATA_DIR (and, with DATABASE_URL, an empty PostgreSQL database) from an archive of
 * `npm run backup`. Reads the environment itself, not env(): that would create DATA_DIR's secret file
 * before the archive's is restored.
 */
export async function restore(file: string, environment: NodeJS.ProcessEnv = process.env): Promise<RestoreReport> {
  const archive = path.resolve(file);
  if (!existsSync(archive)) throw new RestoreRefused(`${archive} does not exist`);
  const dataDir = path.resolve(environment.DATA_DIR ?? "./data");
  const databaseUrl = environment.DATABASE_URL || undefined;
  const manifest = await readManifest(archive);
  if (manifest.database === "pglite" && databaseUrl)
    throw new RestoreRefused("this archive holds an embedded (PGlite) database: restore it without DATABASE_URL");
  if (manifest.database === "postgresql" && !databaseUrl)
    throw new RestoreRefused("this archive holds a PostgreSQL database: set DATABASE_URL to an empty database to restore it into");
  if (existsSync(dataDir) && (await readdir(dataDir)).length)
    throw new RestoreRefused(`DATA_DIR ${dataDir} is not empty: restore into a new, empty directory`);
  if (databaseUrl) await assertEmptyDatabase(databaseUrl);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const stage = await mkdtemp(path.join(dataDir, ".restore-"));
  let done = false;
  try {
    await extractTar(archive, stage);
    const notes = await restoreSecrets(stage, dataDir, environment, manifest);
    if (manifest.database === "pglite") await loadPglite(path.join(stage, PGLITE_DUMP), path.join(dataDir, "pglite"));
    else await pgRestore(databaseUrl!, path.join(stage, POSTGRES_DUMP));
    if (existsSync(path.join(stage, STORAGE))) await rename(path.join(stage, STORAGE), path.join(dataDir, "storage"));
    if (manifest.storage === "s3")
      notes.push(
        "the media are in the S3 bucket, not in the archive: point S3_* at it (s3-manifest.jsonl in the archive lists the objects of the backup's time; with versioning, restore missing ones from their versions)",
      );
    done = true;
    return { manifest, dataDir, notes };
  } finally {
    await rm(stage, { recursive: true, force: true });
    // a failed restore leaves DATA_DIR as it found it: empty
    if (!done)
      for (const entry of await readdir(dataDir).catch(() => [])) await rm(path.join(dataDir, entry), { recursive: true, force: true });
  }
}

async function readManifest(archive: string): Promise<BackupManifest> {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse((await readTarMember(archive, MANIFEST)) ?? "");
  } catch {
    throw new RestoreRefused(`not a Kinora backup archive (no ${MANIFEST})`);
  }
  if (manifest.format !== FORMAT) throw new RestoreRefused(`archive format ${manifest.format}: this Kinora reads format ${FORMAT}`);
  return manifest;
}

/**
 * The instance's AUTH_SECRET (given or its own file) signs tokens and seals live passwords: the
 * restored DATA_DIR gets it as its secret file, which the instance reads when AUTH_SECRET is unset. An
 * AUTH_SECRET set here that differs is refused (the restored data would not open with it).
 */
async function restoreSecrets(stage: string, dataDir: string, environment: NodeJS.ProcessEnv, manifest: BackupManifest): Promise<string[]> {
  const given = Object.fromEntries(
    (await readFile(path.join(stage, SECRET_ENV), "utf8").catch(() => ""))
      .split("\n")
      .filter((line) => line.includes("="))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  const ownFile = path.join(stage, SECRET_FILE);
  const authSecret: string | undefined = given.AUTH_SECRET ?? (existsSync(ownFile) ? (await readFile(ownFile, "utf8")).trim() : undefined);
  if (environment.AUTH_SECRET && authSecret && environment.AUTH_SECRET !== authSecret)
    throw new RestoreRefused(
      "AUTH_SECRET differs from the backed-up instance's (the archive's secrets/environment or secrets/auth-secret): unset it, or set it to that value",
    );
  if (authSecret) await writeFile(path.join(dataDir, "auth-secret"), `${authSecret}\n`, { mode: 0o600 });
  const notes: string[] = [];
  if (given.MEDIA_SECRET && environment.MEDIA_SECRET !== given.MEDIA_SECRET)
    notes.push(
      "the instance had MEDIA_SECRET set: set it to the archive's value (secrets/environment), or media URLs signed before the backup stop working",
    );
  if (manifest.secretVariables.includes("AUTH_SECRET") && !environment.AUTH_SECRET)
    notes.push(
      `AUTH_SECRET was set on the instance; its value is now ${path.join(dataDir, "auth-secret")}, used while AUTH_SECRET is unset`,
    );
  return notes;
}

/** Tables, sequences or views outside the system schemas: the database is in use. */
async function assertEmptyDatabase(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'v', 'm', 'S', 'f')
          AND s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg_toast%' AND s.nspname NOT LIKE 'pg_temp%'`,
    );
    const n = rows[0]?.n ?? 0;
    if (n > 0)
      throw new RestoreRefused(`the database of DATABASE_URL is not empty (${n} tables or sequences): restore into a new, empty database`);
  } finally {
    await client.end();
  }
}

async function loadPglite(dump: string, dir: string): Promise<void> {
  const [{ PGlite }, { pg_trgm }] = await Promise.all([import("@electric-sql/pglite"), import("@electric-sql/pglite/contrib/pg_trgm")]);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const db = await PGlite.create(dir, { loadDataDir: new Blob([await readFile(dump)]), extensions: { pg_trgm } });
  try {
    await db.query("SELECT 1");
  } finally {
    await db.close();
  }
  await chmod(dir, 0o700);
}

function pgRestore(url: string, dump: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const { dbname, env } = libpqConnection(url);
    const child = spawn("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", dbname, dump], {
      stdio: ["ignore", "inherit", "pipe"],
      env,
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.once("error", (err) => reject(new Error(`pg_restore could not run (Debian: apt-get install postgresql-client): ${err.message}`)));
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`pg_restore failed (${code}): ${stderr.trim()}`))));
  });
}
