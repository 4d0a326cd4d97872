import type { DbOrTx } from "@/server/db/client";
import { DomainError } from "@/server/core/errors";

/**
 * Refuses what a takedown hides (issue 25 item 5): 451 with the takedown's reason when `takedownId`
 * names one, nothing otherwise. Every public read of a vod, bundle, live channel, cast channel or
 * user page calls it with the row's takedownId.
 */
export async function refuseTakenDown(db: DbOrTx, takedownId: string | null | undefined): Promise<void> {
  if (!takedownId) return;
  const takedown = await db.takedown.findUnique({ where: { id: takedownId }, select: { reason: true } });
  throw new DomainError("TAKEN_DOWN", "error.takenDown", { reason: takedown?.reason ?? "" });
}
