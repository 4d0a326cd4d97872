import { z } from "zod";
import { emptyToUndefined, zBool, zHttpUrl, zInt } from "@/server/core/schema";

/**
 * The document's payment request. Real clients send {embedded, mobile, returnUrl, cancelUrl}
 * (supplement §3); advanceMonthlyPayments matters for license plans only (periods bought at once).
 * Without returnUrl / cancelUrl the buyer comes back to our checkout page, which shows the outcome.
 */
export const paymentRequestInput = z.object({
  advanceMonthlyPayments: z.preprocess((v) => emptyToUndefined(v) ?? 1, zInt().pipe(z.number().min(1).max(36))),
  returnUrl: z.preprocess(emptyToUndefined, zHttpUrl().optional()),
  cancelUrl: z.preprocess(emptyToUndefined, zHttpUrl().optional()),
  embedded: z.preprocess((v) => emptyToUndefined(v) ?? false, zBool()),
  mobile: z.preprocess((v) => emptyToUndefined(v) ?? false, zBool()),
});

export type PaymentRequest = z.output<typeof paymentRequestInput>;

/** The document's payment initiation result, without its `resource` (each operation adds the item it sells). */
export interface PaymentInitiation {
  trackingId: string;
  url: string;
  embedded: boolean;
  mobile: boolean;
}
