import type { Db } from "@/server/db/client";
import { failOrphanedUploadBars } from "./upload-progress";
import type { Storage } from "@/server/media/storage";
import { processId } from "@/server/lease/process-id";

/**
 * Removes what uploads of dead processes left behind: their storage temp files (`.tmp/<process>/`,
 * the part of a multipart upload being received) and their progress bars stuck below 100 (they read
 * failed from now on). Alive are this process and, unless it is the sole one (PGlite), every process
 * whose lease has not expired; expired leases are deleted after their leftovers.
 */
export async function sweepDeadWriters(db: Db, storage: Storage, opts: { sole: boolean }): Promise<{ tempDirs: number; bars: number }> {
  const me = processId();
  const tempDirs = await storage.sweepTemp(async () => new Set(opts.sole ? [me] : await liveLeases(db)));
  const bars = await failOrphanedUploadBars(db, { me, sole: opts.sole });
  if (!opts.sole) await db.$executeRaw`DELETE FROM "ProcessLease" WHERE "expiresAt" <= now()`;
  return { tempDirs, bars };
}

async function liveLeases(db: Db): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`SELECT "id"::text AS "id" FROM "ProcessLease" WHERE "expiresAt" > now()`;
  return rows.map((r) => r.id);
}
