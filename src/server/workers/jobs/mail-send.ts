import { sendMail } from "@/server/mail/send-mail";
import type { JobHandlerOf } from "@/server/jobs/registry";

/**
 * mail.send: one mail, sent through SMTP (or written to the outbox). A failed attempt (SMTP down, a
 * 4xx reply) is retried with the kind's backoff; kinora_mail_total{outcome="failed"} counts each one.
 * A permanent refusal (an SMTP 5xx reply: unknown recipient, bad credentials) fails it at once, for
 * an operator to see (`npm run jobs -- failed`) and retry once the cause is fixed.
 * Once sent, the job keeps only the recipient and subject: the text may carry a one-time link.
 */
export const mailSendJob: JobHandlerOf<"mail.send"> = {
  run: async ({ db, id, payload }) => {
    await sendMail(payload);
    // sent: a failure to trim the row must not send it twice
    await db.job.update({ where: { id }, data: { payload: { to: payload.to, subject: payload.subject } } }).catch(() => undefined);
  },
  retryable: (error) => {
    const code = (error as { responseCode?: unknown }).responseCode;
    return !(typeof code === "number" && code >= 500 && code < 600);
  },
};
