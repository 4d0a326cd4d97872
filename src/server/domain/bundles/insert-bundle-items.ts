import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { queryOf } from "@/server/db/client";
import type { Ctx } from "@/server/core/context";
import { invalid, invalidField, type FieldError } from "@/server/core/errors";
import { maySellInPaidBundle } from "@/server/domain/marketplace/acquired-use";
import { normalizeUuid } from "@/server/core/uuid";
import { changeBundleItems, type BundleItemsView } from "./bundle-items";
import { checkIndex, zIndex } from "./item-index";
import { countItems, MAX_BUNDLE_ITEMS, slotsAt } from "./item-positions";

export const insertBundleItemsInput = z.object({
  bundleId: z.string(),
  sourceItems: z
    .array(z.object({ boxId: z.string("field.required") }), "field.required")
    .min(1)
    .max(100),
  index: zIndex(),
});

/**
 * The box items to add, checked all at once (one 400 lists every bad one, and nothing changes): each
 * must be one of the owner's READY contents, not in the bundle yet, named once, and, when acquired
 * on the marketplace, under a license that lets it be sold in a bundle.
 */
async function checkSources(
  tx: Prisma.TransactionClient,
  ownerId: string,
  bundleId: string,
  sourceItems: Array<{ boxId: string }>,
): Promise<string[]> {
  const ids = sourceItems.map((s) => normalizeUuid(s.boxId));
  const known = ids.filter((id): id is string => id !== undefined);
  const items = await tx.boxItem.findMany({ where: { id: { in: known }, ownerId }, select: { id: true, status: true } });
  const present = await tx.bundleItem.findMany({ where: { bundleId, boxItemId: { in: known } }, select: { boxItemId: true } });
  const status = new Map(items.map((i) => [i.id, i.status]));
  const inBundle = new Set(present.map((p) => p.boxItemId));
  // one at a time: the statements of a transaction share its connection
  const sellable = new Map<string, boolean>();
  for (const id of known) sellable.set(id, await maySellInPaidBundle(tx, id));
  const errors: FieldError[] = [];
  ids.forEach((id, i) => {
    const field = `sourceItems.${i}.boxId`;
    if (!id || !status.has(id)) errors.push({ field, message: "field.bundleSourceNotFound" });
    else if (status.get(id) !== "READY") errors.push({ field, message: "field.bundleSourceNotReady" });
    else if (inBundle.has(id) || ids.indexOf(id) < i) errors.push({ field, message: "field.bundleSourceInBundle" });
    else if (!sellable.get(id)) errors.push({ field, message: "field.bundleSourceLicense" });
  });
  if (errors.length) throw invalid(errors);
  return ids as string[];
}

// POST /api/contentbundle/{bundleId}/items/insert {sourceItems: [{boxId}], index} - publishes each
// box item as a CONTENT_BUNDLE vod of the bundle (public) and places them, in the order given,
// before the item at `index` (zero-based; the item count appends). Only the caller's own READY
// contents, each once per bundle: any other is a 400 on its field and nothing is added; an index
// past the item count is a 400 on index. Answers {items, bundle}.
export async function insertBundleItems(ctx: Ctx, input: z.output<typeof insertBundleItemsInput>): Promise<BundleItemsView> {
  return changeBundleItems(ctx, input.bundleId, async (tx, { ownerId, bundleId }) => {
    const query = queryOf(tx);
    const count = await countItems(query, bundleId);
    checkIndex("index", input.index, count);
    if (count + input.sourceItems.length > MAX_BUNDLE_ITEMS)
      throw invalidField("sourceItems", "field.bundleFull", { max: MAX_BUNDLE_ITEMS });
    const boxIds = await checkSources(tx, ownerId, bundleId, input.sourceItems);
    const positions = await slotsAt(query, bundleId, input.index, boxIds.length);
    const vods = boxIds.map((boxItemId) => ({ id: randomUUID(), boxItemId }));
    await tx.vodItem.createMany({
      data: vods.map((v) => ({ id: v.id, boxItemId: v.boxItemId, ownerId, licenseType: "CONTENT_BUNDLE", bundleId, public: true })),
    });
    await tx.bundleItem.createMany({
      data: vods.map((v, i) => ({ bundleId, boxItemId: v.boxItemId, vodId: v.id, position: positions[i]! })),
    });
  });
}
