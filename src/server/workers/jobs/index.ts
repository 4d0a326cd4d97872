// The handler of every job kind (src/server/jobs/kinds.ts); the job worker registers them at start.
import type { JobHandlers } from "@/server/jobs/registry";
import { boxIngestJob } from "./box-ingest";
import { boxNotifyJob } from "./box-notify";
import { paymentExpireJob } from "./payment-expire";
import { paymentReceiptJob } from "./payment-receipt";
import { licenseReminderJob } from "./license-reminder";
import { liveRecordingJob } from "./live-recording";
import { mailSendJob } from "./mail-send";
import { userFilesJob } from "./user-files";
import { webhooksDeliverJob } from "./webhooks-deliver";
import { webhooksFanoutJob } from "./webhooks-fanout";

export const jobHandlers: JobHandlers = {
  "box.ingest": boxIngestJob,
  "box.notify": boxNotifyJob,
  "payments.expire": paymentExpireJob,
  "payments.receipt": paymentReceiptJob,
  "licenses.remind": licenseReminderJob,
  "live.recording": liveRecordingJob,
  "users.files": userFilesJob,
  "mail.send": mailSendJob,
  "webhooks.fanout": webhooksFanoutJob,
  "webhooks.deliver": webhooksDeliverJob,
};
