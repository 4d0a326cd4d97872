// The running instance's side of `npm run backup` on the embedded database (docs/operations.md
// "Backup and restore"). PGlite belongs to the web process, so only that process can take a
// consistent dump of it: the app registers how (provideDatabaseDump, from src/instrumentation.ts) and
// the launcher (scripts/start.mjs) serves it on a listener of its own, on 127.0.0.1 and a port of the
// system's choosing, to requests bearing a token made at each start. Port and token are written to
// DATA_DIR/run/backup.json (mode 0600, in a 0700 directory): only who may read DATA_DIR, and so its
// secrets and media anyway, can ask for a dump. Plain JS for the launcher; the provider lives on
// globalThis since Next bundles its own copy of this module.
import { randomBytes, timingSafeEqual } from "node:crypto";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { logger } from "../log/logger.mjs";

const slot = /** @type {{ __kinoraDatabaseDump?: () => Promise<Blob> }} */ (globalThis);

/** The app: how this process dumps its database (a gzipped tar of PGlite's data directory). */
export function provideDatabaseDump(dump) {
  slot.__kinoraDatabaseDump = dump;
}

/** Where the launcher says how to reach it: DATA_DIR/run/backup.json, {pid, port, token}. */
export const controlFile = (dataDir) => path.join(dataDir, "run", "backup.json");

/** The path the dump is served at (POST, `Authorization: Bearer <token>`). */
export const DUMP_PATH = "/database-dump";

/**
 * The launcher: serves the database dump on 127.0.0.1 (a free port) and writes the control file.
 * Returns `close()`, which stops the listener and removes the file.
 */
export async function serveBackupControl(dataDir) {
  const token = randomBytes(32).toString("base64url");
  const expected = Buffer.from(`Bearer ${token}`);
  const server = http.createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    const allowed = given.length === expected.length && timingSafeEqual(given, expected);
    if (!allowed || req.method !== "POST" || req.url !== DUMP_PATH) {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    const dump = slot.__kinoraDatabaseDump;
    if (!dump) {
      res.writeHead(503, { "Content-Type": "text/plain" }).end("The database is not open yet\n");
      return;
    }
    dump()
      .then(async (blob) => {
        const body = Buffer.from(await blob.arrayBuffer());
        res.writeHead(200, { "Content-Type": "application/gzip", "Content-Length": body.length }).end(body);
      })
      .catch((err) => {
        logger().error({ err }, "database dump failed");
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain" }).end(`The dump failed: ${err?.message ?? err}\n`);
        else res.destroy();
      });
  });
  const port = await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server.address().port));
  });
  const file = controlFile(dataDir);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, `${JSON.stringify({ pid: process.pid, port, token })}\n`, { mode: 0o600 });
  renameSync(temp, file);
  return {
    close: () =>
      new Promise((resolve) => {
        rmSync(file, { force: true });
        server.close(() => resolve(undefined));
        server.closeAllConnections();
      }),
  };
}
