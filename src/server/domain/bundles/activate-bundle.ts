import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { completePayment, trackingIdRefused, type Completion } from "@/server/payments/complete-payment";
import type { PaymentRow } from "@/server/payments/payment-row";
import { loadPublicBundle, type BundleView } from "./bundle-view";
import { addPeriods } from "./subscription-period";
import { wakeLocalWorkers } from "@/server/jobs/queue";
import { raiseWebhookEvent } from "@/server/webhooks/events";

export const activateBundleInput = z.object({ bundleId: z.string(), trackingId: z.string("field.required") });

/**
 * Grants what a paid subscription payment buys, once (the payments core runs it in the transaction
 * of the first completion): the subscriber's running subscription to the bundle moves on by the
 * periods paid; without one, a subscription starts now. The period is the bundle's as it stands.
 */
async function grantSubscription(tx: Prisma.TransactionClient, userId: string, bundleId: string, payment: PaymentRow): Promise<void> {
  // the subscriber's row is locked: two activations of different payments queue here
  await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId}::uuid FOR UPDATE`;
  const bundle = await tx.bundle.findUniqueOrThrow({
    where: { id: bundleId },
    select: { duration: true, durationUnit: true, ownerId: true, name: true },
  });
  const now = new Date();
  const running = await tx.bundleSubscription.findFirst({
    where: { userId, bundleId, expiresAt: { gt: now } },
    orderBy: { expiresAt: "desc" },
    select: { id: true, expiresAt: true },
  });
  const periods = bundle.duration * payment.periods;
  const expiresAt = addPeriods(running?.expiresAt ?? now, periods, bundle.durationUnit);
  if (running) await tx.bundleSubscription.update({ where: { id: running.id }, data: { expiresAt } });
  else await tx.bundleSubscription.create({ data: { userId, bundleId, startsAt: now, expiresAt, paymentId: payment.id } });
  // the bundle's owner is told (bundle.subscribed), with who subscribed and until when
  const subscriber = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { userCode: true } });
  await raiseWebhookEvent(tx, bundle.ownerId, "bundle.subscribed", {
    bundleId,
    name: bundle.name,
    userCode: subscriber.userCode,
    trackingId: payment.trackingId,
    expiresAt: expiresAt.toISOString(),
    renewed: !!running,
  });
}

/** Completes a subscription payment of `bundleId` presented by the signed-in caller (exactly once: replays grant nothing). */
export function completeSubscription(ctx: Ctx, userId: string, bundleId: string, trackingId: unknown): Promise<Completion> {
  return completePayment(ctx, { trackingId, kind: "BUNDLE", itemId: bundleId }, (tx, payment) =>
    grantSubscription(tx, userId, bundleId, payment),
  ).finally(wakeLocalWorkers);
}

// POST /api/contentbundle/{bundleId}/activate {trackingId} - the subscription paid with that
// trackingId starts (or extends the running one). Exactly once per payment: a replay answers the
// bundle and grants nothing; a trackingId of another bundle, of another user or not paid is a 400
// on trackingId. Answers the bundle.
export async function activateBundle(ctx: Ctx, input: z.output<typeof activateBundleInput>): Promise<BundleView> {
  const userId = requireUserId(ctx);
  const bundle = await loadPublicBundle(ctx.db, userId, input.bundleId);
  const done = await completeSubscription(ctx, userId, bundle.view.bundleId, input.trackingId);
  if (!done.ok) throw trackingIdRefused(done);
  return bundle.view;
}
