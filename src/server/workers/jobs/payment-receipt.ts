import { sendPaymentReceipt } from "@/server/domain/payments/send-receipt";
import type { JobHandlerOf } from "@/server/jobs/registry";

/** payments.receipt: the buyer's receipt, queued once, in the transaction that makes a payment PAID; retried while SMTP is down. */
export const paymentReceiptJob: JobHandlerOf<"payments.receipt"> = {
  run: ({ db, payload }) => sendPaymentReceipt(db, payload.paymentId),
};
