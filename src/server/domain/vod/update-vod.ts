import { z } from "zod";
import type { Ctx } from "@/server/domain/context";
import { requireUserId } from "@/server/domain/context";
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
  const current = await loadOwnVod(ctx.db, ownerId, input.vodId);
  await assertVodUseAllowed(ctx.db, current.view.boxId, input.licenseType);
  await ctx.db.vodItem.update({
    where: { id: current.view.vodId },
    data: {
      ...licenseColumns(licenseOf(input)),
      public: input.public ?? current.view.public,
      expirationDate: input.expirationDate ?? null,
    },
  });
  return (await loadOwnVod(ctx.db, ownerId, current.view.vodId, ctx.baseUrl)).view;
}
