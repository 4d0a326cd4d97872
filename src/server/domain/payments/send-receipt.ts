import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { sendMail } from "@/server/mail/send-mail";
import { receiptMail } from "./payment-mails";

/** Mails the buyer of a PAID payment its receipt (payments.receipt job). Nothing when the buyer is gone or the payment was refunded since. */
export async function sendPaymentReceipt(db: Db, paymentId: string): Promise<void> {
  const p = await db.payment.findUnique({
    where: { id: paymentId },
    select: {
      title: true,
      amountCents: true,
      currency: true,
      paidAt: true,
      trackingId: true,
      status: true,
      buyer: { select: { email: true, language: true } },
    },
  });
  if (!p?.buyer || !p.paidAt || p.status !== "PAID") return;
  await sendMail(receiptMail(p.buyer.email, p.buyer.language, { ...p, paidAt: p.paidAt }, `${env().publicUrl}/purchases`));
}
