// Every job handler; importing this module registers them (the worker imports it).
import { boxIngestJob } from "./box-ingest";
import { boxNotifyJob } from "./box-notify";
import { paymentExpireJob } from "./payment-expire";
import { paymentReceiptJob } from "./payment-receipt";
import { licenseReminderJob } from "./license-reminder";
import { liveRecordingJob } from "./live-recording";

export const jobHandlers = [boxIngestJob, boxNotifyJob, paymentExpireJob, paymentReceiptJob, licenseReminderJob, liveRecordingJob];
export const jobTypes = jobHandlers.map((j) => j.type);
