// What an operator's command (npm run jobs, npm run admin) does before opening the database: on the
// embedded one (PGlite), which belongs to the one process that has it open, it stops at once when the
// running instance holds it (src/server/db/pglite-owner.ts), saying `advice`.
import { pgliteOwner } from "../src/server/db/pglite-owner";
import { env } from "../src/server/env";

/** Exits 1 with `<command>: the embedded database in … is open in process … (the running Kinora): <advice>` when so. */
export function refuseWhilePgliteHeld(command: string, advice: string): void {
  if (env().DATABASE_URL) return;
  const owner = pgliteOwner(env().dataDir);
  if (!owner) return;
  console.error(`${command}: the embedded database in ${env().dataDir} is open in process ${owner} (the running Kinora): ${advice}`);
  process.exit(1);
}
