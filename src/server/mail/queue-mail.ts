import type { DbOrTx } from "@/server/db/client";
import { enqueueJob } from "@/server/jobs/queue";
import type { Mail } from "./send-mail";

/**
 * Queues a mail as a `mail.send` job (kinds.ts: retried with backoff while SMTP is down). Pass the
 * transaction that writes what the mail is about, so the mail exists exactly when that does; call
 * `wakeLocalWorkers()` (jobs/queue.ts) after it committed, so a worker of this process sends it now.
 */
export function queueMail(db: DbOrTx, mail: Mail): Promise<string> {
  return enqueueJob(db, "mail.send", { to: mail.to, subject: mail.subject, text: mail.text });
}
