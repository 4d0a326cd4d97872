import { resolvePayment } from "@/server/payments/resolve-payment";
import type { JobHandlerOf } from "@/server/jobs/registry";

/**
 * payments.expire: queued with every payment, to run when it may expire (24 h). A payment still
 * PENDING then is first checked with its provider (a buyer may have paid without coming back) and
 * becomes EXPIRED only if the provider has nothing either. A settled payment is left alone.
 */
export const paymentExpireJob: JobHandlerOf<"payments.expire"> = {
  run: async ({ db, payload }) => {
    await resolvePayment(db, payload.trackingId);
  },
};
