import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError, notFound } from "@/server/core/errors";
import { loadOwnBoxItem } from "@/server/domain/box/box-item-view";
import { claimBundle, placeInBundle } from "@/server/domain/bundles/vod-membership";
import { assertVodUseAllowed } from "@/server/domain/marketplace/acquired-use";
import { licenseColumns, licenseOf, vodFields } from "./vod-fields";
import { loadOwnVod, type VodItemView } from "./vod-item-view";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { raiseWebhookEvent } from "@/server/webhooks/events";

export const publishVodInput = vodFields.safeExtend({ boxId: z.string() });

// POST /api/box/{boxId}/vod - publishes a content of the caller's box for on-demand viewing: 201
// with the vod item. Only a READY item: one still PROCESSING or FAILED answers 409 (the request is
// right, the content is not in a state that allows it; as box play does), another user's 404.
// `public` defaults to true. A content may be published more than once (vodCount counts them). A
// content acquired on the marketplace is published as its license allows (marketplace/acquired-use.ts).
export async function publishVod(ctx: Ctx, input: z.output<typeof publishVodInput>): Promise<VodItemView> {
  const ownerId = requireUserId(ctx);
  const item = await loadOwnBoxItem(ctx.db, ownerId, input.boxId);
  if (item.status === "PROCESSING") throw new DomainError("CONFLICT", "error.vodContentProcessing");
  if (item.status === "FAILED") throw new DomainError("CONFLICT", "error.vodContentFailed");
  const license = licenseColumns(licenseOf(input));
  await assertVodUseAllowed(ctx.db, item.boxId, license);
  const created = await ctx.db
    .$transaction(async (tx) => {
      // CONTENT_BUNDLE: one of the publisher's bundles, which the vod joins at the end
      if (license.bundleId) await claimBundle(tx, { ownerId, boxItemId: item.boxId }, license.bundleId);
      const row = await tx.vodItem.create({
        data: { boxItemId: item.boxId, ownerId, ...license, public: input.public ?? true, expirationDate: input.expirationDate ?? null },
        select: { id: true },
      });
      if (license.bundleId) await placeInBundle(tx, { vodId: row.id, boxItemId: item.boxId, bundleId: license.bundleId });
      const raised = await raiseWebhookEvent(tx, ownerId, "vod.published", {
        vodId: row.id,
        boxId: item.boxId,
        title: item.title,
        licenseType: license.licenseType,
        public: input.public ?? true,
      });
      return { ...row, raised };
    })
    .catch((err: unknown) => {
      // the item was deleted since it was read: its foreign key refused the vod
      if ((err as { code?: string }).code === "P2003") throw notFound("error.boxItemNotFound");
      throw err;
    });
  if (created.raised) wakeLocalWorkers();
  return (await loadOwnVod(ctx, ownerId, created.id, ctx.baseUrl)).view;
}
