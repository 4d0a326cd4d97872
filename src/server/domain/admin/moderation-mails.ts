import type { Mail } from "@/server/mail/send-mail";
import type { TargetType } from "./takedown-targets";

// The mails of moderation (issue 25): the statement of reasons to an owner, the outcome of a report to
// its reporter. English unless Italian, as the other mails.

const KIND_EN: Record<TargetType, string> = {
  vod: "video",
  bundle: "bundle",
  liveChannel: "live channel",
  castChannel: "cast channel",
  user: "public page",
};
const KIND_IT: Record<TargetType, string> = {
  vod: "video",
  bundle: "bundle",
  liveChannel: "canale live",
  castChannel: "canale cast",
  user: "pagina pubblica",
};

/** How a report closes: its target taken down, the report dismissed, or the target's account deleted. */
export type ReportOutcome = "takedown" | "dismissed" | "removed";

export interface Statement {
  targetType: TargetType;
  label: string;
  reason: string;
  rule: string | null;
  /** After a report, or on the moderators' own initiative. */
  fromReport: boolean;
  /** Where the owner reads the statement and appeals. */
  noticesUrl: string;
}

/** The statement of reasons: what was taken down, which rule, how it was decided, how to appeal. */
export function statementMail(to: string, language: string, s: Statement): Mail {
  if (language.startsWith("it")) {
    return {
      to,
      subject: `Kinora: ${KIND_IT[s.targetType]} "${s.label}" rimosso`,
      text:
        `Il tuo ${KIND_IT[s.targetType]} "${s.label}" non è più visibile al pubblico. I dati sono conservati.\n\n` +
        `Motivo: ${s.reason}\n` +
        `Regola applicata: ${s.rule ?? "condizioni d'uso"}\n` +
        `Come è stato deciso: da un moderatore, ${s.fromReport ? "dopo una segnalazione" : "di propria iniziativa"}.\n\n` +
        `Puoi presentare ricorso una volta, dal portale:\n${s.noticesUrl}\n`,
    };
  }
  return {
    to,
    subject: `Kinora: your ${KIND_EN[s.targetType]} "${s.label}" was taken down`,
    text:
      `Your ${KIND_EN[s.targetType]} "${s.label}" is no longer shown to the public. Its data is kept.\n\n` +
      `Reason: ${s.reason}\n` +
      `Rule applied: ${s.rule ?? "terms of use"}\n` +
      `How it was decided: by a moderator, ${s.fromReport ? "after a report" : "on their own initiative"}.\n\n` +
      `You may appeal once, from the portal:\n${s.noticesUrl}\n`,
  };
}

/** The owner learns that the target is public again (restored, or an appeal won). */
export function restoredMail(to: string, language: string, targetType: TargetType, label: string): Mail {
  return language.startsWith("it")
    ? {
        to,
        subject: `Kinora: ${KIND_IT[targetType]} "${label}" ripristinato`,
        text: `Il tuo ${KIND_IT[targetType]} "${label}" è di nuovo visibile.\n`,
      }
    : {
        to,
        subject: `Kinora: your ${KIND_EN[targetType]} "${label}" is restored`,
        text: `Your ${KIND_EN[targetType]} "${label}" is public again.\n`,
      };
}

/** The reporter learns what came of the report. */
export function reportOutcomeMail(to: string, outcome: ReportOutcome, targetType: TargetType): Mail {
  const what = KIND_EN[targetType];
  if (outcome === "removed")
    return {
      to,
      subject: "Kinora: your report was acted on",
      text: `Thank you for your report. The account of the ${what} you reported was deleted.\n`,
    };
  return outcome === "takedown"
    ? { to, subject: "Kinora: your report was acted on", text: `Thank you for your report. The ${what} you reported was taken down.\n` }
    : {
        to,
        subject: "Kinora: your report was reviewed",
        text: `Thank you for your report. A moderator reviewed the ${what} and found no breach of the rules.\n`,
      };
}

/** A registration waiting for approval was approved. */
export function approvedMail(to: string, language: string): Mail {
  return language.startsWith("it")
    ? { to, subject: "Kinora: il tuo account è approvato", text: "Un moderatore ha approvato il tuo account: ora puoi accedere.\n" }
    : { to, subject: "Kinora: your account is approved", text: "A moderator approved your account: you can log in now.\n" };
}

/** A moderator decided the owner's appeal. */
export function appealDecisionMail(
  to: string,
  language: string,
  d: { targetType: TargetType; label: string; outcome: "upheld" | "reversed"; response: string },
): Mail {
  if (language.startsWith("it")) {
    const what = `${KIND_IT[d.targetType]} "${d.label}"`;
    return d.outcome === "reversed"
      ? {
          to,
          subject: `Kinora: ricorso accolto, ${what} ripristinato`,
          text: `Un moderatore ha accolto il tuo ricorso: il tuo ${what} è di nuovo visibile.\n\n${d.response}\n`,
        }
      : {
          to,
          subject: `Kinora: ricorso respinto per ${what}`,
          text: `Un moderatore ha esaminato il tuo ricorso e ha confermato la rimozione del tuo ${what}.\n\n${d.response}\n`,
        };
  }
  const what = `${KIND_EN[d.targetType]} "${d.label}"`;
  return d.outcome === "reversed"
    ? {
        to,
        subject: `Kinora: appeal granted, your ${what} is restored`,
        text: `A moderator granted your appeal: your ${what} is public again.\n\n${d.response}\n`,
      }
    : {
        to,
        subject: `Kinora: appeal rejected for your ${what}`,
        text: `A moderator reviewed your appeal and upheld the takedown of your ${what}.\n\n${d.response}\n`,
      };
}

/** An administrator deleted the account: what went, why, and what stays (payments; licenses others acquired). */
export function accountDeletedMail(to: string, language: string, userCode: string, reason: string | undefined): Mail {
  if (language.startsWith("it")) {
    return {
      to,
      subject: "Kinora: il tuo account è stato eliminato",
      text:
        `Un amministratore ha eliminato il tuo account ${userCode} con tutti i suoi contenuti.\n\n` +
        (reason ? `Motivo: ${reason}\n\n` : "") +
        "Restano soltanto i pagamenti, come la legge richiede per la contabilità, e le licenze che altri creator " +
        "hanno acquisito dei tuoi contenuti, fino alla loro scadenza.\n",
    };
  }
  return {
    to,
    subject: "Kinora: your account was deleted",
    text:
      `An administrator deleted your account ${userCode} with all its contents.\n\n` +
      (reason ? `Reason: ${reason}\n\n` : "") +
      "What stays: the payments, as the law requires for accounting, and the licenses other creators " +
      "acquired of your contents, until they end.\n",
  };
}
