import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { optionalUserId } from "@/server/core/context";
import { bandRefusalOf } from "@/server/domain/playback/band-limit";
import { signPlayback, type PlayOutcome, type PlaybackTree } from "@/server/domain/playback/sign-playback";
import { bundleAccessUntil } from "@/server/domain/bundles/bundle-access";
import { completedPurchaseRead, vodAccessUntil } from "./vod-entitlement";
import { playOriginInput, withPlaySession, type PlayOrigin } from "@/server/domain/analytics/play-grant";
import { loadViewableVod, type LoadedVod, type ReadVod, type VodItemView } from "./vod-item-view";

export const playVodInput = z.object({
  vodId: z.string(),
  origin: playOriginInput,
  /**
   * The payment-check parameter (supplement §1). Players attach their last one to every play, also
   * of free content, where it is ignored; anything that cannot be a trackingId is ignored too.
   */
  trackingId: z.preprocess((v) => (typeof v === "string" && v.length <= 200 ? v : undefined), z.string().optional()),
});

export type VodPlayResult = PlayOutcome & {
  resource: VodItemView;
  /** PAY_PER_VIEW played by a buyer, CONTENT_BUNDLE by a subscriber: when the purchase or the subscription stops letting them watch (not in the document's shape). */
  accessUntil?: Date;
  /** The play session of a PLAY (analytics/play-grant.ts; not in the document's shape). */
  playSession?: string;
};

/**
 * What every audience play of a vod (full or preview) shares: the vod as the caller may reach it
 * (404 otherwise) and, for anyone but its owner, the publisher's band (BAND_LIMIT_EXCEEDED). A play
 * presenting a trackingId reads its completed purchase in the same statement.
 */
export async function reachVod(
  ctx: Ctx,
  vodId: string,
  trackingId?: string,
): Promise<{ vod: ReadVod; isOwner: boolean; refusal?: VodPlayResult }> {
  const viewerId = optionalUserId(ctx);
  const vod = await loadViewableVod(ctx, viewerId, vodId, ctx.baseUrl, completedPurchaseRead(trackingId));
  const isOwner = vod.ownerId === viewerId;
  const band = isOwner ? undefined : bandRefusalOf(vod.band);
  return { vod, isOwner, refusal: band && { ...band, resource: vod.view } };
}

/** The signed URLs of one tree of the vod's content. */
export const grantVod = (ctx: Ctx, vod: LoadedVod, tree: PlaybackTree) => signPlayback(vod.media, tree, { baseUrl: ctx.baseUrl });

// POST /api/vod/{vodId}/play and /api/public/vod/{vodId}/play - the play result of a vod, resource
// the vod. Its owner always plays (private, expired, band used up: the box play's rule). Anyone
// else, with any token: 404 unless the vod is visible; BAND_LIMIT_EXCEEDED when the publisher's
// band is used up; FREE and CREATIVE_COMMONS play; PAY_PER_VIEW answers PAYMENT_REQUIRED (no
// sources) until the caller holds a purchase (vod-entitlement.ts), then plays until it runs out;
// CONTENT_BUNDLE answers SUBSCRIPTION_REQUIRED until the caller's subscription to its bundle runs,
// then plays until it expires.
export async function playVod(ctx: Ctx, input: z.output<typeof playVodInput>): Promise<VodPlayResult> {
  const { vod, isOwner, refusal } = await reachVod(ctx, input.vodId, input.trackingId);
  if (refusal) return refusal;
  const resource = vod.view;
  if (!isOwner && resource.bundleId) return playBundleVod(ctx, vod, resource.bundleId, input);
  if (isOwner || resource.licenseType !== "PAY_PER_VIEW") return { ...playVodContent(ctx, vod, input.origin), resource };
  const accessUntil = await vodAccessUntil(ctx, vod, input.trackingId);
  if (!accessUntil) return { result: "PAYMENT_REQUIRED", messageId: "playback.paymentRequired", resource };
  return { ...playVodContent(ctx, vod, input.origin), resource, accessUntil };
}

/** The whole vod's sources, with the play session its player's beacons are counted against. */
const playVodContent = (ctx: Ctx, vod: LoadedVod, origin: PlayOrigin) =>
  withPlaySession(
    ctx,
    grantVod(ctx, vod, "hls"),
    { kind: "vod", itemId: vod.view.vodId, ownerId: vod.ownerId, durationSeconds: vod.view.durationSeconds },
    origin,
  );

/** A bundle's vod played by anyone but its owner: while the caller's subscription to the bundle runs (bundle-access.ts). */
async function playBundleVod(ctx: Ctx, vod: LoadedVod, bundleId: string, input: z.output<typeof playVodInput>): Promise<VodPlayResult> {
  const accessUntil = await bundleAccessUntil(ctx, bundleId, input.trackingId);
  if (!accessUntil) return { result: "SUBSCRIPTION_REQUIRED", messageId: "playback.subscriptionRequired", resource: vod.view };
  return { ...playVodContent(ctx, vod, input.origin), resource: vod.view, accessUntil };
}
