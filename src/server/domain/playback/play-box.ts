import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { loadOwnBoxItem, type BoxItemView } from "@/server/domain/box/box-item-view";
import { signPlayback, signPoster, type PlayGranted } from "./sign-playback";

export const playBoxInput = z.object({ boxId: z.string() });

export type BoxPlayResult = PlayGranted & {
  resource: BoxItemView;
  /** Signed URL of the generated poster, when there is one (portal player; not in the document's shape). */
  posterUrl?: string;
};

// POST /api/box/{boxId}/play - the owner plays an item of their box through signed HLS URLs.
// - Another user's item, or none: 404 (no existence leak).
// - Playable as soon as the first rendition is published, while the ladder is still PROCESSING.
// - An acquired content whose license has ended: 409 (it stays in the box, renewable by acquiring again).
// - FAILED: 409 with the reason; nothing published yet: 409 "still processing" (the request is
//   right, the item is not in a state that allows it; a client retries later). Not 400: nothing
//   about the request itself is wrong.
// - The owner's own playback is never refused for band: owners must be able to check what they
//   store, and their box is private, so this is not audience delivery. Its bytes are metered all
//   the same (the edge counts every byte of the owner's items, acquired ones included). Plays by the audience
//   (vod, marketplace, live) call bandLimitRefusal and answer BAND_LIMIT_EXCEEDED.
export async function playBox(ctx: Ctx, input: z.output<typeof playBoxInput>): Promise<BoxPlayResult> {
  const ownerId = requireUserId(ctx);
  const resource = await loadOwnBoxItem(ctx.db, ownerId, input.boxId, ctx.baseUrl);
  if (resource.status === "FAILED")
    throw new DomainError("CONFLICT", "error.boxItemFailed", { reason: resource.statusReason ?? "unknown error" });
  const [item, poster] = await Promise.all([
    ctx.db.boxItem.findUnique({ where: { id: resource.boxId }, select: { playableAt: true } }),
    ctx.db.thumbnail.findUnique({ where: { boxItemId: resource.boxId }, select: { id: true } }),
  ]);
  // playableAt is set only once the master playlist is in place: a rendition row alone is not enough
  if (!item?.playableAt) throw new DomainError("CONFLICT", "error.boxItemNotPlayable");
  if (resource.marketplaceLicense?.expired) throw new DomainError("CONFLICT", "error.acquiredLicenseExpired");
  const target = resource.media;
  const where = { baseUrl: ctx.baseUrl };
  return { resource, ...signPlayback(target, "hls", where), posterUrl: poster ? signPoster(target, where) : undefined };
}
