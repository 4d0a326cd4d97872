// The process that has the embedded database (PGlite) of a DATA_DIR open: PGlite belongs to one
// process, and a second one opening the same directory would damage it. The opener writes its PID
// in DATA_DIR/pglite.pid (removed when it closes the database); a command that would open it too
// (`npm run jobs`) asks first. Advisory: a PID file left by a killed process names a dead process.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const pidFile = (dataDir: string) => path.join(dataDir, "pglite.pid");

/** The PID of another live process holding the embedded database of `dataDir`, if any. */
export function pgliteOwner(dataDir: string): number | undefined {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), "utf8").trim());
  } catch {
    return undefined;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM" ? pid : undefined; // EPERM: alive, another user's
  }
}

/** Notes this process as the holder of the embedded database; returns what gives it back. */
export function holdPglite(dataDir: string): () => void {
  try {
    writeFileSync(pidFile(dataDir), `${process.pid}\n`);
  } catch {
    return () => {}; // advisory only
  }
  return () => {
    if (readFileSafe(pidFile(dataDir)) === String(process.pid)) rmSync(pidFile(dataDir), { force: true });
  };
}

function readFileSafe(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
}
