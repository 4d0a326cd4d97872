import { sendPaymentReceipt } from "@/server/domain/payments/send-receipt";
import { defineJob } from "../registry";

export interface PaymentReceiptPayload {
  paymentId: string;
}

/** payments.receipt: the buyer's receipt, queued once, in the transaction that makes a payment PAID; retried while SMTP is down. */
export const paymentReceiptJob = defineJob<PaymentReceiptPayload>({
  type: "payments.receipt",
  maxAttempts: 5,
  backoffSeconds: (attempt) => 30 * attempt * attempt,
  run: ({ db, payload }) => sendPaymentReceipt(db, payload.paymentId),
});
