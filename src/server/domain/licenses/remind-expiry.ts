import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { queueMail } from "@/server/mail/queue-mail";
import { licenseReminderMail } from "./license-mails";

/**
 * The expiry reminder of a plan activation (licenses.remind job, due 7 days before `expiresAt`). Sent
 * only when that is still the user's expiry: a plan renewed, switched or downgraded since has its own.
 */
export async function remindLicenseExpiry(db: Db, userId: string, expiresAt: Date): Promise<void> {
  const u = await db.user.findUnique({
    where: { id: userId },
    select: { email: true, language: true, status: true, licenseExpiresAt: true, license: { select: { name: true } } },
  });
  if (!u || u.status !== "ACTIVE" || u.licenseExpiresAt?.getTime() !== expiresAt.getTime()) return;
  await queueMail(db, licenseReminderMail(u.email, u.language, u.license.name, expiresAt, `${env().publicUrl}/plans`));
}
