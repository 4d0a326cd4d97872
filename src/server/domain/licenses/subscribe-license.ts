import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { DomainError } from "@/server/core/errors";
import { beginPayment } from "@/server/payments/begin-payment";
import { paymentRequestInput, type PaymentInitiation } from "@/server/payments/payment-request";
import { loadLicenseByName, type LicenseView } from "./license-view";

export const subscribeLicenseInput = paymentRequestInput.extend({ licenseName: z.string() });

// POST /api/license/{licenseName}/subscribe - opens the payment of `advanceMonthlyPayments` periods
// of a plan (price x periods); the buyer pays at `url` and comes back to activate with the trackingId.
// The Free plan is not bought (400: the downgrade goes back to it); an unknown plan is a 404.
export async function subscribeLicense(
  ctx: Ctx,
  input: z.output<typeof subscribeLicenseInput>,
): Promise<PaymentInitiation & { resource: LicenseView }> {
  requireUserId(ctx);
  const license = await loadLicenseByName(ctx.db, input.licenseName);
  if (license.priceCents <= 0) throw new DomainError("BAD_REQUEST", "error.licenseFree");
  const periods = input.advanceMonthlyPayments;
  const started = await beginPayment(
    ctx,
    {
      kind: "LICENSE",
      itemId: String(license.id),
      title:
        periods === 1
          ? `${license.name} plan, 1 period of ${license.dayDuration} days`
          : `${license.name} plan, ${periods} periods of ${license.dayDuration} days`,
      sellerId: null,
      amountCents: license.priceCents * periods,
      periods,
    },
    input,
  );
  return { ...started, resource: license };
}
