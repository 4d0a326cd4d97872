import type { Mail } from "@/server/mail/send-mail";
import { formatPrice } from "@/lib/format";

export interface Receipt {
  title: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  trackingId: string;
}

const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
const day = (d: Date) => d.toISOString().slice(0, 10);

// The buyer's receipt of a paid payment, in the buyer's language (English unless Italian).
export function receiptMail(to: string, language: string, r: Receipt, purchasesUrl: string): Mail {
  const title = oneLine(r.title);
  const amount = formatPrice(r.amountCents, r.currency, language);
  if (language.startsWith("it"))
    return {
      to,
      subject: `Ricevuta Kinora: ${title}`,
      text: `Grazie per l'acquisto.\n\nArticolo: ${title}\nImporto: ${amount}\nData: ${day(r.paidAt)}\nRiferimento: ${r.trackingId}\n\nI tuoi acquisti: ${purchasesUrl}\n`,
    };
  return {
    to,
    subject: `Your Kinora receipt: ${title}`,
    text: `Thank you for your purchase.\n\nItem: ${title}\nAmount: ${amount}\nDate: ${day(r.paidAt)}\nReference: ${r.trackingId}\n\nYour purchases: ${purchasesUrl}\n`,
  };
}
