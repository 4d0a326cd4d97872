import type { Mail } from "@/server/mail/send-mail";

const day = (d: Date) => d.toISOString().slice(0, 10);

// The reminder a user gets 7 days before a paid plan expires, in the user's language.
export function licenseReminderMail(to: string, language: string, plan: string, expiresAt: Date, plansUrl: string): Mail {
  if (language.startsWith("it"))
    return {
      to,
      subject: `Il tuo piano ${plan} scade il ${day(expiresAt)}`,
      text: `Il tuo piano Kinora ${plan} scade il ${day(expiresAt)}.\n\nDopo quella data non potrai caricare nuovi contenuti finché non lo rinnovi.\nRinnova qui: ${plansUrl}\n`,
    };
  return {
    to,
    subject: `Your ${plan} plan expires on ${day(expiresAt)}`,
    text: `Your Kinora ${plan} plan expires on ${day(expiresAt)}.\n\nAfter that day you cannot upload new contents until you renew it.\nRenew it here: ${plansUrl}\n`,
  };
}
