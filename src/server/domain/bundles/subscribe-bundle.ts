import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { beginPayment } from "@/server/payments/begin-payment";
import { paymentRequestInput, type PaymentInitiation } from "@/server/payments/payment-request";
import { loadPublicBundle, type BundleView } from "./bundle-view";

export const subscribeBundleInput = paymentRequestInput.extend({ bundleId: z.string() });

const UNIT_WORDS = { DAYS: "day", MONTHS: "month", YEARS: "year" } as const;

/** How checkout, sales and purchases name a subscription: "Name, 3 months" (x periods when several are bought). */
export function subscriptionTitle(bundle: Pick<BundleView, "name" | "duration" | "durationUnit">, periods: number): string {
  const span = `${bundle.duration} ${UNIT_WORDS[bundle.durationUnit]}${bundle.duration === 1 ? "" : "s"}`;
  return periods === 1 ? `${bundle.name}, ${span}` : `${bundle.name}, ${periods} x ${span}`;
}

// POST /api/contentbundle/{bundleId}/subscribe - opens the payment of a subscription to a bundle
// of an active creator: `advanceMonthlyPayments` periods (default 1) at its price each, sold by its
// creator. The subscriber pays at `url` and comes back to activate {trackingId}; playing one of
// the bundle's vods with {trackingId} activates it too. 404 as for the public read; the creator's
// own bundle is a 400 (they play its contents without subscribing). Resource: the bundle.
export async function subscribeBundle(
  ctx: Ctx,
  input: z.output<typeof subscribeBundleInput>,
): Promise<PaymentInitiation & { resource: BundleView }> {
  const userId = requireUserId(ctx);
  const bundle = await loadPublicBundle(ctx.db, userId, input.bundleId);
  if (bundle.ownerId === userId) throw new DomainError("BAD_REQUEST", "error.bundleOwn");
  const periods = input.advanceMonthlyPayments;
  const resource = bundle.view;
  const started = await beginPayment(
    ctx,
    {
      kind: "BUNDLE",
      itemId: resource.bundleId,
      title: subscriptionTitle(resource, periods),
      sellerId: bundle.ownerId,
      amountCents: resource.priceCents * periods,
      periods,
    },
    input,
  );
  return { ...started, resource };
}
