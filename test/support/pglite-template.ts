// A fresh PGlite database cluster for a test, copied from one made once per test run. PGlite's
// initdb (in WebAssembly) takes 6 s of CPU on a quiet machine and twice that under the suite's load,
// and the PGlite half opens some seventy fresh clusters (test servers with a data directory of their
// own, integration test files). The copy is the cluster initdb left, before any migration: a server
// opens it as it would a fresh one (PGlite finds PG_VERSION and skips initdb), migrates it, seeds it
// and makes its own secrets.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PGLITE_DIR = "pglite"; // where a server keeps its cluster in DATA_DIR (src/server/db/client.ts)

// Run in a child process, so that the callers may stay synchronous: initdb in argv[1], with the
// PGlite of the checkout argv[2] and the extension the server loads, then a clean shutdown (the
// copies need no recovery).
const INITDB = `
const [dir, root] = process.argv.slice(1);
const { pathToFileURL } = await import("node:url");
const dist = (file) => pathToFileURL(root + "/node_modules/@electric-sql/pglite/dist/" + file).href;
const [{ PGlite }, { pg_trgm }] = await Promise.all([import(dist("index.js")), import(dist("contrib/pg_trgm.js"))]);
const db = await PGlite.create(dir, { extensions: { pg_trgm } });
await db.close();
`;

/** The run's template for the checkout `root` (a bench may run an older build's PGlite), made at first use. */
function template(root: string): string {
  const version = JSON.parse(readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json"), "utf8")).version;
  // os.tmpdir(): the run's directory (scripts/run-tmp.ts), shared by its test files and removed with it
  const target = path.join(os.tmpdir(), `kinora-pglite-initdb-${version}`);
  if (existsSync(target)) return target;
  const staging = mkdtempSync(`${target}.staging-`);
  const made = spawnSync(process.execPath, ["--input-type=module", "-e", INITDB, path.join(staging, PGLITE_DIR), root], {
    encoding: "utf8",
  });
  if (made.status !== 0) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(`PGlite initdb for the test template failed (${made.status}): ${made.stderr}`);
  }
  try {
    renameSync(staging, target);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // test files raced for it: the first one's is in place
  }
  return target;
}

/** Puts a freshly initialised PGlite cluster at `<dataDir>/pglite`, where a server (or getDb) opens it. */
export function seedPgliteCluster(dataDir: string, root = process.cwd()): void {
  cpSync(path.join(template(root), PGLITE_DIR), path.join(dataDir, PGLITE_DIR), { recursive: true });
}

/** A new directory holding a freshly initialised PGlite cluster, for a test's own `PGlite.create(dir)`. */
export function freshPgliteDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "kinora-pglite-"));
  seedPgliteCluster(dir);
  return path.join(dir, PGLITE_DIR);
}
