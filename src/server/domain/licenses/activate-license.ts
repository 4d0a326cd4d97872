import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { enqueueJob } from "@/server/jobs/queue";
import { completePayment, trackingIdRefused } from "@/server/payments/complete-payment";
import type { PaymentRow } from "@/server/payments/payment-row";
import { loadUserOverview, type UserOverview } from "@/server/domain/users/user-overview";
import { loadLicenseByName, type LicenseView } from "./license-view";

const DAY_MS = 86_400_000;
/** Days before a plan's expiry its reminder is mailed (the licenses.remind job). */
const LICENSE_REMINDER_DAYS = 7;

export const activateLicenseInput = z.object({ licenseName: z.string(), trackingId: z.string("field.required") });

// POST /api/license/{licenseName}/activate {trackingId} - the plan paid with that trackingId becomes
// the caller's: the current plan's expiry moves on by the periods paid; another plan starts now.
// Exactly once per payment: a replay answers the overview and grants nothing; a trackingId of another
// plan, of another user or not paid is a 400 on trackingId. Answers the user overview.
export async function activateLicense(ctx: Ctx, input: z.output<typeof activateLicenseInput>): Promise<UserOverview> {
  const userId = requireUserId(ctx);
  const license = await loadLicenseByName(ctx.db, input.licenseName);
  const done = await completePayment(ctx, { trackingId: input.trackingId, kind: "LICENSE", itemId: String(license.id) }, (tx, payment) =>
    grantLicense(tx, userId, license, payment),
  );
  if (!done.ok) throw trackingIdRefused(done);
  return loadUserOverview(ctx.db, userId);
}

async function grantLicense(tx: Prisma.TransactionClient, userId: string, license: LicenseView, payment: PaymentRow): Promise<void> {
  // the user's row is locked: two activations of different payments queue here
  await tx.$queryRaw`SELECT 1 FROM "User" WHERE "id" = ${userId}::uuid FOR UPDATE`;
  const user = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { licenseId: true, licenseExpiresAt: true } });
  const now = new Date();
  const paidMs = payment.periods * license.dayDuration * DAY_MS;
  const extending = user.licenseId === license.id && user.licenseExpiresAt !== null && user.licenseExpiresAt > now;
  const startsAt = extending ? user.licenseExpiresAt! : now;
  const expiresAt = new Date(startsAt.getTime() + paidMs);
  await tx.user.update({
    where: { id: userId },
    data: extending ? { licenseExpiresAt: expiresAt } : { licenseId: license.id, licenseActivatedAt: now, licenseExpiresAt: expiresAt },
  });
  await tx.licenseSubscription.create({
    data: { userId, licenseId: license.id, periods: payment.periods, startsAt, expiresAt, paymentId: payment.id },
  });
  const remindAt = new Date(expiresAt.getTime() - LICENSE_REMINDER_DAYS * DAY_MS);
  await enqueueJob(tx, "licenses.remind", { userId, expiresAt: expiresAt.toISOString() }, { runAt: remindAt > now ? remindAt : now });
}
