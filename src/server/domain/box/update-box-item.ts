import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { invalidField } from "@/server/core/errors";
import { emptyToUndefined, zOptionalText, zTags, zText } from "@/server/core/schema";
import { findOwnThumbnail } from "@/server/domain/thumbnails/own-thumbnail";
import { assertNoDerivativeEdit } from "@/server/domain/marketplace/acquired-use";
import { boxItemSelect, loadOwnBoxItem, toBoxItemView, type BoxItemView } from "./box-item-view";
import { DESCRIPTION_MAX, TITLE_MAX } from "./upload-fields";

export const updateBoxItemInput = z.object({
  boxId: z.string(),
  title: zText(TITLE_MAX),
  description: zOptionalText(DESCRIPTION_MAX),
  thumbnailId: z.preprocess(emptyToUndefined, z.uuid("field.thumbnailId").optional()),
  tags: z.preprocess((v) => v ?? [], zTags()),
});

export type UpdateBoxItemInput = z.output<typeof updateBoxItemInput>;

// POST /api/box/{boxId} - changes the descriptive data of an item. Clients post back the object they
// read (empty optionals left out), so an absent description, thumbnailId or tags clears it; the
// thumbnail must be one of the caller's (an upload, or a poster of their own items). Read-only
// fields in the body (boxId, contentId, status, ...) are ignored. A content acquired under
// NoDerivatives terms keeps its title, description and tags (400).
export async function updateBoxItem(ctx: Ctx, input: UpdateBoxItemInput): Promise<BoxItemView> {
  const ownerId = requireUserId(ctx);
  const current = await loadOwnBoxItem(ctx.db, ownerId, input.boxId);
  await assertNoDerivativeEdit(ctx.db, current.boxId, current, input);
  let thumbnailId: string | null = input.thumbnailId ?? null;
  if (thumbnailId) {
    const thumb = await findOwnThumbnail(ctx.db, ownerId, thumbnailId);
    if (!thumb) throw invalidField("thumbnailId", "field.thumbnailId");
    // the item's own poster is what it shows without a choice: store "no choice"
    if (thumb.boxItemId === current.boxId) thumbnailId = null;
  }
  const row = await ctx.db.boxItem.update({
    where: { id: current.boxId },
    data: { title: input.title, description: input.description ?? null, tags: input.tags, thumbnailId },
    select: boxItemSelect,
  });
  return toBoxItemView(row, ctx.baseUrl);
}
