import type { Prisma } from "@/generated/prisma/client";
import type { Db } from "@/server/db/client";
import { addMonths, BYTES_PER_GB } from "@/server/domain/users/user-overview";

// The band quota: bytes of a user's contents delivered in the current month of their band period
// (User.bandUsedBytes, counted from User.bandPeriodStart), against License.bandGb. The counter of a
// month that is over is stale: it reads as 0 (as the overview shows it) and the next bytes counted
// start the month that contains them.

/** The start of the monthly band period that contains `now` (anniversaries of `start`). */
export function bandPeriodAt(start: Date, now: Date): Date {
  if (now < addMonths(start, 1)) return start;
  let months = Math.max(1, (now.getUTCFullYear() - start.getUTCFullYear()) * 12 + now.getUTCMonth() - start.getUTCMonth() - 1);
  while (addMonths(start, months + 1) <= now) months++;
  while (months > 0 && addMonths(start, months) > now) months--;
  return addMonths(start, months);
}

/**
 * Adds delivered bytes to their owners' band counters, starting a new period where the last one is
 * over. Run inside the band meter's transaction. The period check and the write are one conditional
 * update, retried if another instance moved the period meanwhile; unknown owners are skipped.
 */
export async function recordBandUsage(
  tx: Prisma.TransactionClient | Db,
  bytesByOwner: ReadonlyMap<string, number>,
  now = new Date(),
): Promise<void> {
  for (const [ownerId, bytes] of bytesByOwner) {
    if (bytes <= 0) continue;
    for (let attempt = 0; attempt < 5; attempt++) {
      const user = await tx.user.findUnique({ where: { id: ownerId }, select: { bandPeriodStart: true } });
      if (!user) break;
      const period = bandPeriodAt(user.bandPeriodStart, now);
      const data =
        period.getTime() === user.bandPeriodStart.getTime()
          ? { bandUsedBytes: { increment: BigInt(bytes) } }
          : { bandPeriodStart: period, bandUsedBytes: BigInt(bytes) };
      const { count } = await tx.user.updateMany({ where: { id: ownerId, bandPeriodStart: user.bandPeriodStart }, data });
      if (count === 1) break;
    }
  }
}

export interface BandStatus {
  usedBytes: number;
  limitBytes: number;
  exceeded: boolean;
}

/** Where an owner stands against the band of their license now. */
export async function readBandStatus(db: Db, ownerId: string, now = new Date()): Promise<BandStatus | undefined> {
  const u = await db.user.findUnique({
    where: { id: ownerId },
    select: { bandUsedBytes: true, bandPeriodStart: true, license: { select: { bandGb: true } } },
  });
  return u
    ? bandStatusOf({ bandUsedBytes: u.bandUsedBytes, bandPeriodStart: u.bandPeriodStart, bandGb: u.license.bandGb }, now)
    : undefined;
}

/** The same from the three values, for reads that already hold them (a vod read with its publisher's). */
export function bandStatusOf(u: { bandUsedBytes: bigint | number; bandPeriodStart: Date; bandGb: number }, now = new Date()): BandStatus {
  const usedBytes = now < addMonths(u.bandPeriodStart, 1) ? Number(u.bandUsedBytes) : 0;
  const limitBytes = u.bandGb * BYTES_PER_GB;
  return { usedBytes, limitBytes, exceeded: usedBytes >= limitBytes };
}
