import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { queueMail } from "@/server/mail/queue-mail";
import { receiptMail, type ReceiptLink } from "./payment-mails";
import { purchaseAccessUntil, RESTORABLE_KINDS } from "./purchase-access";
import { issueRestoreToken } from "./restore-link";

/**
 * Mails the buyer of a PAID payment its receipt (payments.receipt job): to the buyer's account, with
 * a link to the Library; to a guest's e-mail (given at the checkout), with the link that restores
 * the purchase in any browser (restore-link.ts). Nothing when nobody can be reached or the payment
 * was refunded since.
 */
export async function sendPaymentReceipt(db: Db, paymentId: string): Promise<void> {
  const p = await db.payment.findUnique({
    where: { id: paymentId },
    select: {
      id: true,
      kind: true,
      itemId: true,
      title: true,
      amountCents: true,
      currency: true,
      paidAt: true,
      trackingId: true,
      status: true,
      guestEmail: true,
      guestLanguage: true,
      buyer: { select: { email: true, language: true } },
    },
  });
  if (!p?.paidAt || p.status !== "PAID") return;
  const to = p.buyer?.email ?? p.guestEmail;
  if (!to) return;
  const base = env().publicUrl;
  const guest = !p.buyer;
  let link: ReceiptLink = { library: `${base}/library` };
  if (guest && RESTORABLE_KINDS.includes(p.kind)) link = { restore: `${base}/restore#${await issueRestoreToken(db, p.id)}` };
  const accessUntil = await purchaseAccessUntil(db, p);
  const language = p.buyer?.language ?? p.guestLanguage ?? "en";
  await queueMail(db, receiptMail(to, language, { ...p, paidAt: p.paidAt, accessUntil }, link));
}
