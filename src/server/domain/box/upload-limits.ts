import type { Prisma } from "@/generated/prisma/client";
import type { DbOrTx } from "@/server/db/client";
import { DomainError, notFound } from "@/server/core/errors";
import { isLicenseExpired } from "@/server/domain/users/public-user";
import { BYTES_PER_GB } from "@/server/domain/users/user-overview";

// The license limits of an upload (supplement §4): maxVideoSize (MB) -> 413; an expired license, a
// used-up storage quota (bytes, GB of 1024^3) or maxUploadNumber (box items) -> 403 with a message.
// Checked three times: before the body is read (with the declared size when known), while it streams
// (a byte cap), and when committing, in a transaction holding the user's row, so two parallel uploads
// cannot both take the last free space or the last upload slot.

export const BYTES_PER_MB = 1024 * 1024;

/** Multipart framing and the text fields sent with the file: a Content-Length this much above the limit is refused at once. */
export const MULTIPART_SLACK_BYTES = BYTES_PER_MB;

export interface UploadLimits {
  licenseExpired: boolean;
  /** maxVideoSize in bytes. */
  maxFileBytes: number;
  maxVideoSizeMb: number;
  storageQuotaBytes: number;
  storageQuotaGb: number;
  storageUsedBytes: number;
  maxUploads: number;
  uploads: number;
}

export async function loadUploadLimits(db: DbOrTx, userId: string, now = new Date()): Promise<UploadLimits> {
  const u = await db.user.findUnique({
    where: { id: userId },
    select: {
      licenseExpiresAt: true,
      storageUsedBytes: true,
      license: { select: { storageGb: true, maxVideoSizeMb: true, maxUploadNumber: true } },
      _count: { select: { boxItems: true } },
    },
  });
  if (!u) throw notFound("error.userNotFound");
  return {
    licenseExpired: isLicenseExpired(u.licenseExpiresAt, now),
    maxFileBytes: u.license.maxVideoSizeMb * BYTES_PER_MB,
    maxVideoSizeMb: u.license.maxVideoSizeMb,
    storageQuotaBytes: u.license.storageGb * BYTES_PER_GB,
    storageQuotaGb: u.license.storageGb,
    storageUsedBytes: Number(u.storageUsedBytes),
    maxUploads: u.license.maxUploadNumber,
    uploads: u._count.boxItems,
  };
}

export const fileTooLarge = (l: UploadLimits) => new DomainError("PAYLOAD_TOO_LARGE", "error.fileTooLarge", { max: l.maxVideoSizeMb });
export const storageQuotaExceeded = (l: UploadLimits) =>
  new DomainError("FORBIDDEN", "error.storageQuotaExceeded", { quota: l.storageQuotaGb });

/** Free storage left, in bytes. */
export const storageLeft = (l: UploadLimits) => Math.max(0, l.storageQuotaBytes - l.storageUsedBytes);

/**
 * Refuses an upload that cannot succeed, before any byte is read. `declaredBytes` is what the client
 * announced (Content-Length of the whole multipart body, or a resumable upload's length): the file is
 * smaller by the framing, so `slackBytes` of it are given the benefit of the doubt.
 */
export function assertUploadAllowed(l: UploadLimits, declaredBytes?: number, slackBytes = 0): void {
  if (l.licenseExpired) throw new DomainError("FORBIDDEN", "error.licenseExpired");
  if (l.uploads >= l.maxUploads) throw new DomainError("FORBIDDEN", "error.uploadQuotaExceeded", { max: l.maxUploads });
  if (storageLeft(l) <= 0) throw storageQuotaExceeded(l);
  if (declaredBytes === undefined) return;
  if (declaredBytes - slackBytes > l.maxFileBytes) throw fileTooLarge(l);
  if (declaredBytes - slackBytes > storageLeft(l)) throw storageQuotaExceeded(l);
}

/**
 * In the committing transaction: locks the user's row (parallel commits of one user queue here),
 * re-reads the limits, and charges `sizeBytes` to the storage counter. Throws 403/413 when the file
 * no longer fits.
 */
export async function chargeUpload(tx: Prisma.TransactionClient, userId: string, sizeBytes: number): Promise<void> {
  await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${userId}::uuid FOR UPDATE`;
  const l = await loadUploadLimits(tx, userId);
  assertUploadAllowed(l);
  if (sizeBytes > l.maxFileBytes) throw fileTooLarge(l);
  if (sizeBytes > storageLeft(l)) throw storageQuotaExceeded(l);
  await tx.user.update({ where: { id: userId }, data: { storageUsedBytes: { increment: BigInt(sizeBytes) } } });
}

/** Gives back the storage of a deleted item (never below zero). */
export async function releaseStorage(tx: Prisma.TransactionClient, userId: string, sizeBytes: bigint): Promise<void> {
  await tx.$executeRaw`UPDATE "User" SET "storageUsedBytes" = GREATEST(0, "storageUsedBytes" - ${sizeBytes}) WHERE "id" = ${userId}::uuid`;
}
