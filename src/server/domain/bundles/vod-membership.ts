import type { Prisma } from "@/generated/prisma/client";
import { queryOf } from "@/server/db/client";
import { invalidField } from "@/server/core/errors";
import { lockOwnBundle } from "./bundle-items";
import { countItems, slotsAt } from "./item-positions";

/**
 * Checks and locks the bundle a vod is being published in (vod publish and update with
 * CONTENT_BUNDLE): one of the owner's bundles, which does not hold this content yet; else a 400 on
 * bundleId. Returns its id, to write the vod with it and then place it (placeInBundle).
 */
export async function claimBundle(
  tx: Prisma.TransactionClient,
  vod: { ownerId: string; boxItemId: string; vodId?: string },
  bundleId: string,
): Promise<string> {
  const id = await lockOwnBundle(queryOf(tx), vod.ownerId, bundleId, () => invalidField("bundleId", "field.bundleId"));
  const holder = await tx.bundleItem.findUnique({ where: { bundleId_boxItemId: { bundleId: id, boxItemId: vod.boxItemId } } });
  if (holder && holder.vodId !== vod.vodId) throw invalidField("bundleId", "field.bundleHasContent");
  return id;
}

/**
 * Makes a vod's bundle item agree with its license: a CONTENT_BUNDLE vod is an item of its bundle
 * (a vod joining one goes to its end), any other vod an item of none. Run after the vod is written,
 * in its transaction (with its bundle claimed).
 */
export async function placeInBundle(
  tx: Prisma.TransactionClient,
  vod: { vodId: string; boxItemId: string; bundleId: string | null },
): Promise<void> {
  const current = await tx.bundleItem.findUnique({ where: { vodId: vod.vodId }, select: { bundleId: true } });
  if (current?.bundleId === vod.bundleId) return;
  if (current) await tx.bundleItem.delete({ where: { vodId: vod.vodId } });
  if (!vod.bundleId) return;
  const query = queryOf(tx);
  const [position] = await slotsAt(query, vod.bundleId, await countItems(query, vod.bundleId), 1);
  await tx.bundleItem.create({ data: { bundleId: vod.bundleId, boxItemId: vod.boxItemId, vodId: vod.vodId, position: position! } });
}
