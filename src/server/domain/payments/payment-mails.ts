import type { Mail } from "@/server/mail/send-mail";
import { formatAccessTime, formatPrice } from "@/lib/format";

export interface Receipt {
  title: string;
  amountCents: number;
  currency: string;
  paidAt: Date;
  trackingId: string;
  /** Until when the purchase gives access (pay-per-view vods, live tickets); absent for the rest. */
  accessUntil?: Date;
}

/** Where the receipt sends its reader: the account's Library, or (a guest) the link that restores the purchase on any device. */
export type ReceiptLink = { library: string } | { restore: string };

const oneLine = (text: string) => text.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
const day = (d: Date) => d.toISOString().slice(0, 10);

// The buyer's receipt of a paid payment, in the buyer's language (English unless Italian).
export function receiptMail(to: string, language: string, r: Receipt, link: ReceiptLink): Mail {
  const title = oneLine(r.title);
  const amount = formatPrice(r.amountCents, r.currency, language);
  if (language.startsWith("it")) {
    const access = r.accessUntil ? `Accesso fino al: ${formatAccessTime(r.accessUntil, "it")}\n` : "";
    const next =
      "restore" in link
        ? `Per guardarlo su qualsiasi dispositivo o browser, apri questo link (tienilo per te: dà accesso al tuo acquisto):\n${link.restore}\n`
        : `La tua libreria: ${link.library}\n`;
    return {
      to,
      subject: `Ricevuta Kinora: ${title}`,
      text: `Grazie per l'acquisto.\n\nArticolo: ${title}\nImporto: ${amount}\nData: ${day(r.paidAt)}\n${access}Riferimento: ${r.trackingId}\n\n${next}`,
    };
  }
  const access = r.accessUntil ? `Access until: ${formatAccessTime(r.accessUntil, "en")}\n` : "";
  const next =
    "restore" in link
      ? `To watch on any device or browser, open this link (keep it to yourself: it gives access to your purchase):\n${link.restore}\n`
      : `Your library: ${link.library}\n`;
  return {
    to,
    subject: `Your Kinora receipt: ${title}`,
    text: `Thank you for your purchase.\n\nItem: ${title}\nAmount: ${amount}\nDate: ${day(r.paidAt)}\n${access}Reference: ${r.trackingId}\n\n${next}`,
  };
}
