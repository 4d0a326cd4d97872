import type { Db } from "@/server/db/client";
import { resolvePayment } from "./resolve-payment";

const HOUR_MS = 3600_000;

/**
 * The periodic sweep behind each payment's payments.expire job: payments still PENDING an hour past
 * their expiry (their job failed for good, or was lost with a restored database) are resolved now:
 * settled if the provider has them paid, else EXPIRED. How many left PENDING.
 */
export async function resolveOverduePayments(db: Db, now = new Date(), limit = 200): Promise<number> {
  const overdue = await db.payment.findMany({
    where: { status: "PENDING", expiresAt: { lt: new Date(now.getTime() - HOUR_MS) } },
    orderBy: { expiresAt: "asc" },
    take: limit,
    select: { trackingId: true },
  });
  let settled = 0;
  for (const { trackingId } of overdue) {
    const payment = await resolvePayment(db, trackingId, now);
    if (payment && payment.status !== "PENDING") settled++;
  }
  return settled;
}
