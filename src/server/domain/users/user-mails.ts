import type { Mail } from "@/server/mail/send-mail";

// Mail texts in the user's language (English unless Italian).
export function activationMail(to: string, language: string, link: string): Mail {
  return language.startsWith("it")
    ? { to, subject: "Attiva il tuo account Kinora", text: `Benvenuto su Kinora.\n\nPer attivare l'account apri questo link:\n${link}\n` }
    : { to, subject: "Activate your Kinora account", text: `Welcome to Kinora.\n\nTo activate your account open this link:\n${link}\n` };
}

export function renewMail(to: string, language: string, link: string): Mail {
  return language.startsWith("it")
    ? {
        to,
        subject: "Reimposta la password Kinora",
        text: `Per scegliere una nuova password apri questo link (valido 1 ora):\n${link}\n\nSe non l'hai chiesto tu, ignora questa mail.\n`,
      }
    : {
        to,
        subject: "Reset your Kinora password",
        text: `To choose a new password open this link (valid for 1 hour):\n${link}\n\nIf you did not ask for this, ignore this mail.\n`,
      };
}
