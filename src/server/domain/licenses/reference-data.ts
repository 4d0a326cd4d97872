import type { Db } from "@/server/db/client";
import { seedReferenceData } from "@/server/db/seed";
import { LICENSE_CATALOGUE } from "./catalogue";

const seeded = new WeakSet<Db>();

/**
 * Writes the reference data (the license catalogue, the public OAuth client) into `db`, once per
 * client: whoever opens the database for a process runs it first (instrumentation.ts, the worker
 * and scripts, the integration tests), since the database layer does not know the domain's data.
 */
export async function seedReference(db: Db): Promise<void> {
  if (seeded.has(db)) return;
  await seedReferenceData(db, { licenses: LICENSE_CATALOGUE });
  seeded.add(db);
}
