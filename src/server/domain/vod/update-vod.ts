import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { claimBundle, placeInBundle } from "@/server/domain/bundles/vod-membership";
import { assertVodUseAllowed } from "@/server/domain/marketplace/acquired-use";
import { licenseColumns, licenseOf, vodFields } from "./vod-fields";
import { loadOwnVod, type VodItemView } from "./vod-item-view";

export const updateVodInput = vodFields.safeExtend({ vodId: z.string() });

// POST /api/vod/{vodId} - changes how a vod is published: the same fields as publish. Clients post
// back the object they read: an absent expirationDate clears it (responses leave it out when
// empty), an absent `public` keeps it (responses always carry it). Read-only fields in the body
// (vodId, boxId, title, publisher, ...) are ignored; the content's own fields change through the box item.
export async function updateVod(ctx: Ctx, input: z.output<typeof updateVodInput>): Promise<VodItemView> {
  const ownerId = requireUserId(ctx);
  const current = await loadOwnVod(ctx, ownerId, input.vodId);
  const license = licenseColumns(licenseOf(input));
  await assertVodUseAllowed(ctx.db, current.view.boxId, license);
  const vod = { vodId: current.view.vodId, boxItemId: current.view.boxId, ownerId };
  await ctx.db.$transaction(async (tx) => {
    // CONTENT_BUNDLE: a vod moved into a bundle joins it at the end; one leaving its bundle leaves its items
    if (license.bundleId) await claimBundle(tx, vod, license.bundleId);
    await tx.vodItem.update({
      where: { id: vod.vodId },
      data: { ...license, public: input.public ?? current.view.public, expirationDate: input.expirationDate ?? null },
    });
    await placeInBundle(tx, { ...vod, bundleId: license.bundleId });
  });
  return (await loadOwnVod(ctx, ownerId, current.view.vodId, ctx.baseUrl)).view;
}
