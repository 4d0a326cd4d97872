import type { Mail } from "@/server/mail/send-mail";

export interface ProcessedItem {
  title: string;
  status: "READY" | "FAILED";
  /** Why processing failed (BoxItem.failureReason), for FAILED. */
  reason?: string | null;
}

/** A title as one line of a subject. */
const oneLine = (title: string) => title.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();

// The mail an owner with features.transcoderNotifyEnabled gets when an upload is READY or FAILED, in
// the owner's language (English unless Italian). `boxUrl` is the portal's box page.
export function processingMail(to: string, language: string, item: ProcessedItem, boxUrl: string): Mail {
  const title = oneLine(item.title);
  const reason = item.reason ?? "";
  if (language.startsWith("it")) {
    const footer = `\n\nIl tuo box: ${boxUrl}\n\nRicevi questa mail perché hai chiesto di essere avvisato quando un video è stato elaborato (Account > Features).\n`;
    return item.status === "READY"
      ? { to, subject: `Il tuo video "${title}" è pronto`, text: `"${title}" è stato elaborato e ora si può riprodurre.${footer}` }
      : {
          to,
          subject: `Non è stato possibile elaborare il tuo video "${title}"`,
          text: `Non è stato possibile elaborare "${title}".\n\nMotivo: ${reason}${footer}`,
        };
  }
  const footer = `\n\nYour box: ${boxUrl}\n\nYou get this mail because you asked to be told when a video has been processed (Account > Features).\n`;
  return item.status === "READY"
    ? { to, subject: `Your video "${title}" is ready`, text: `"${title}" has been processed and can be played now.${footer}` }
    : {
        to,
        subject: `Your video "${title}" could not be processed`,
        text: `"${title}" could not be processed.\n\nReason: ${reason}${footer}`,
      };
}
