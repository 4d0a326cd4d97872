import { getDbHandle } from "@/server/db/client";
import { provideDatabaseDump } from "./control.mjs";

/**
 * Lets the launcher serve a dump of this process's PGlite database (control.mjs). The dump is taken
 * while no transaction is open and no statement runs (PGlite's transaction mutex, then its query
 * mutex inside dumpDataDir), after a CHECKPOINT: a copy of the data directory at one commit, which the
 * restore opens without recovery work.
 */
export function providePgliteDump(): void {
  provideDatabaseDump(async () => {
    const { pglite } = await getDbHandle();
    if (!pglite) throw new Error("this instance's database is not the embedded one");
    await pglite.exec("CHECKPOINT");
    return pglite._runExclusiveTransaction(() => pglite.dumpDataDir("gzip"));
  });
}
