import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, copyFile, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/server/env";
import { storageConfigFromEnv } from "@/server/media/storage";
import { writeTar } from "./archive";
import { controlFile, DUMP_PATH } from "./control.mjs";
import {
  FORMAT,
  libpqConnection,
  MANIFEST,
  PGLITE_DUMP,
  POSTGRES_DUMP,
  S3_MANIFEST,
  SECRET_ENV,
  SECRET_FILE,
  SECRET_VARIABLES,
  STORAGE,
  type BackupManifest,
} from "./layout";
import { writeS3Manifest } from "./s3-manifest";

export interface BackupReport {
  file: string;
  bytes: number;
  manifest: BackupManifest;
  /** What tar said of files that changed or vanished while they were read. */
  warnings: string;
  /** Advice printed with the result (S3: versioning). */
  notes: string[];
}

/**
 * Writes one archive of the running instance that this process's environment describes (DATA_DIR,
 * DATABASE_URL, STORAGE_DRIVER/S3_*, AUTH_SECRET, MEDIA_SECRET) to `file` (mode 0600: it holds the
 * secrets; it must not exist yet). The database is dumped first, the media files copied after
 * (docs/operations.md "Backup and restore" says why that is consistent).
 */
export async function backup(file: string): Promise<BackupReport> {
  const target = path.resolve(file);
  if (existsSync(target)) throw new Error(`${target} exists: give a new file name`);
  const e = env();
  const storage = storageConfigFromEnv(e);
  await mkdir(path.join(e.dataDir, "tmp"), { recursive: true });
  const stage = await mkdtemp(path.join(e.dataDir, "tmp", "backup-"));
  await chmod(stage, 0o700);
  const partial = `${target}.partial-${process.pid}`;
  try {
    await mkdir(path.join(stage, "database"));
    await mkdir(path.join(stage, "secrets"), { mode: 0o700 });
    // 1. the database, at one instant
    if (e.DATABASE_URL) await pgDump(e.DATABASE_URL, path.join(stage, POSTGRES_DUMP));
    else await writeFile(path.join(stage, PGLITE_DUMP), await pgliteDump(e.dataDir), { mode: 0o600 });
    // 2. the secrets
    const secretVariables = SECRET_VARIABLES.filter((name) => e[name]);
    await writeFile(path.join(stage, SECRET_ENV), secretVariables.map((name) => `${name}=${e[name]}\n`).join(""), { mode: 0o600 });
    const ownSecret = path.join(e.dataDir, "auth-secret");
    if (existsSync(ownSecret)) await copyFile(ownSecret, path.join(stage, SECRET_FILE));
    // 3. the media: files after the dump (local disk), or the bucket's list (S3)
    const notes: string[] = [];
    if (storage.driver === "s3") notes.push(...(await writeS3Manifest(storage, path.join(stage, S3_MANIFEST))));
    const manifest: BackupManifest = {
      format: FORMAT,
      createdAt: new Date().toISOString(),
      database: e.DATABASE_URL ? "postgresql" : "pglite",
      storage: storage.driver,
      secretVariables,
    };
    await writeFile(path.join(stage, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    // DATA_DIR/storage is the archive's storage/
    const media = storage.driver === "local" && existsSync(storage.root) ? [{ dir: path.dirname(storage.root), members: [STORAGE] }] : [];
    const { warnings } = await writeTar(partial, [
      { dir: stage, members: [MANIFEST, "database", "secrets", ...(storage.driver === "s3" ? [S3_MANIFEST] : [])] },
      ...media,
    ]);
    await chmod(partial, 0o600);
    await rename(partial, target);
    return { file: target, bytes: (await stat(target)).size, manifest, warnings, notes };
  } finally {
    await rm(stage, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/**
 * pg_dump's custom format: one snapshot of the whole database (a repeatable-read transaction), but
 * the rows of the nodes running now (ClusterNode): a restored instance starts with none.
 */
function pgDump(url: string, out: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const { dbname, env } = libpqConnection(url);
    const args = ["--format=custom", "--no-owner", "--no-privileges", '--exclude-table-data="ClusterNode"', `--file=${out}`, dbname];
    const child = spawn("pg_dump", args, {
      stdio: ["ignore", "inherit", "pipe"],
      env,
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.once("error", (err) => reject(new Error(`pg_dump could not run (Debian: apt-get install postgresql-client): ${err.message}`)));
    child.once("close", (code) => (code === 0 ? resolve() : reject(new Error(`pg_dump failed (${code}): ${stderr.trim()}`))));
  });
}

/** Asks the running launcher of DATA_DIR for its PGlite dump (control.mjs). */
async function pgliteDump(dataDir: string): Promise<Buffer> {
  const file = controlFile(dataDir);
  let control: { pid: number; port: number; token: string };
  try {
    control = JSON.parse(await readFile(file, "utf8"));
  } catch {
    throw new Error(`no running Kinora on ${dataDir} (its launcher writes ${file}): start it (npm start), then back it up`);
  }
  for (let attempt = 1; ; attempt++) {
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${control.port}${DUMP_PATH}`, {
        method: "POST",
        headers: { Authorization: `Bearer ${control.token}` },
      });
    } catch {
      throw new Error(`the Kinora of ${dataDir} (pid ${control.pid}) does not answer on 127.0.0.1:${control.port}: is it running?`);
    }
    // 503: the launcher listens, the database is not open yet
    if (res.status === 503 && attempt < 30) {
      await res.arrayBuffer();
      await new Promise((r) => setTimeout(r, 1000));
      continue;
    }
    if (!res.ok) throw new Error(`the database dump failed: ${res.status} ${(await res.text()).trim()}`);
    return Buffer.from(await res.arrayBuffer());
  }
}
