import { remindLicenseExpiry } from "@/server/domain/licenses/remind-expiry";
import type { JobHandlerOf } from "@/server/jobs/registry";

/** licenses.remind: queued by every plan activation, due LICENSE_REMINDER_DAYS (domain/licenses/activate-license) before the new expiry. */
export const licenseReminderJob: JobHandlerOf<"licenses.remind"> = {
  run: ({ db, payload }) => remindLicenseExpiry(db, payload.userId, new Date(payload.expiresAt)),
};
