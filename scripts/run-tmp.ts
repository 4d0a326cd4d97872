// One temporary directory per run of the tests or the benches: every file and process of the run
// makes its temporary files under it (TMPDIR, which os.tmpdir() and the tools it starts read), and
// it is removed when the run ends, so runs do not fill the disk with servers' data directories.
// A run that was killed leaves its directory: the next run removes those older than a day.
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const PREFIX = "kinora-run-";
const STALE_MS = 24 * 3600_000;

/** Points TMPDIR at a new directory of this run; returns what removes it (call once, at the end). */
export function useRunTmpDir(): () => void {
  const base = os.tmpdir();
  for (const name of readdirSync(base)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(base, name);
    try {
      if (Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // another run removed it meanwhile
    }
  }
  const dir = mkdtempSync(path.join(base, PREFIX));
  process.env.TMPDIR = dir;
  return () => {
    process.env.TMPDIR = base;
    rmSync(dir, { recursive: true, force: true });
  };
}
