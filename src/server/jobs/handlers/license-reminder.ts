import { remindLicenseExpiry } from "@/server/domain/licenses/remind-expiry";
import { defineJob } from "../registry";

/** Days before a plan's expiry its reminder is mailed. */
export const LICENSE_REMINDER_DAYS = 7;

export interface LicenseReminderPayload {
  userId: string;
  /** ISO instant: the expiry the reminder is about. */
  expiresAt: string;
}

/** licenses.remind: queued by every plan activation, due LICENSE_REMINDER_DAYS before the new expiry. */
export const licenseReminderJob = defineJob<LicenseReminderPayload>({
  type: "licenses.remind",
  maxAttempts: 5,
  backoffSeconds: (attempt) => 60 * attempt * attempt,
  run: ({ db, payload }) => remindLicenseExpiry(db, payload.userId, new Date(payload.expiresAt)),
});
