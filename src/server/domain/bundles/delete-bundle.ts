import { z } from "zod";
import { queryOf } from "@/server/db/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { normalizeUuid } from "@/server/core/uuid";
import { lockOwnBundle } from "./bundle-items";

export const deleteBundleInput = z.object({ bundleId: z.string() });

const hasDependants = (vods: number, subscriptions: number) =>
  new DomainError("DEPENDANTS", "error.bundleHasDependants", { vods, subscriptions });

// DELETE /api/contentbundle/{bundleId} - removes an empty bundle nobody is subscribed to. Refused
// with 409 DEPENDANTS (the supplement's `exception`) while vods are published in it (remove its
// items first) or a subscription to it runs (wait for the last to expire); expired subscriptions
// go with it (the payments stay in the buyers' and the seller's records).
export async function deleteBundle(ctx: Ctx, input: z.output<typeof deleteBundleInput>): Promise<void> {
  const ownerId = requireUserId(ctx);
  await ctx.db
    .$transaction(async (tx) => {
      // locked: an insert, a publish or an activation of this bundle waits for the outcome
      const bundleId = await lockOwnBundle(queryOf(tx), ownerId, normalizeUuid(input.bundleId));
      const vods = await tx.vodItem.count({ where: { bundleId } });
      const subscriptions = await tx.bundleSubscription.count({ where: { bundleId, expiresAt: { gt: new Date() } } });
      if (vods > 0 || subscriptions > 0) throw hasDependants(vods, subscriptions);
      await tx.bundle.delete({ where: { id: bundleId } });
    })
    .catch((err: unknown) => {
      // a vod published between the check and the delete: its foreign key (NO ACTION) refused the delete
      if ((err as { code?: string }).code === "P2003") throw hasDependants(1, 0);
      throw err;
    });
}
