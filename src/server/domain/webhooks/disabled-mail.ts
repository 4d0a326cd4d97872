import type { Mail } from "@/server/mail/send-mail";

// The mail an endpoint's owner gets when it was disabled after failing for days, in the owner's
// language (English unless Italian). `pageUrl` is the portal's webhooks page.
export function webhookDisabledMail(to: string, language: string, url: string, lastError: string, pageUrl: string): Mail {
  if (language.startsWith("it"))
    return {
      to,
      subject: "Un tuo webhook è stato disattivato",
      text: `Le consegne a ${url} falliscono da giorni (ultimo errore: ${lastError}): l'endpoint è stato disattivato e non riceve più eventi.\n\nRiprova una consegna dalla pagina dei webhook per riattivarlo: ${pageUrl}\n`,
    };
  return {
    to,
    subject: "One of your webhooks was disabled",
    text: `Deliveries to ${url} have failed for days (last error: ${lastError}): the endpoint was disabled and gets no more events.\n\nRetry a delivery from the webhooks page to enable it again: ${pageUrl}\n`,
  };
}
