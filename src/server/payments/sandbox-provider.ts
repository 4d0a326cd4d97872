import type { PaymentProvider } from "./provider-types";

/**
 * The test provider: its "payment page" is our own checkout page /checkout/{trackingId}, marked as a
 * test payment, where Pay, Cancel (and, for tests, Fail) settle the payment in our database
 * (domain/payments/settle-checkout.ts). It has no state of its own to look up.
 */
export const sandboxProvider: PaymentProvider = {
  name: "sandbox",
  async begin(payment) {
    return { url: `${payment.baseUrl}/checkout/${payment.trackingId}` };
  },
  async lookup() {
    return undefined;
  },
  async refund() {},
};
