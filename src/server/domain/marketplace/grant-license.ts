import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { contentIdOf } from "@/server/domain/box/commit-box-upload";
import { isLicenseEnded } from "./acquired-license";
import { licenseEnd, termColumns, type LicenseTerms } from "./license-terms";
import { raiseWebhookEvent } from "@/server/webhooks/events";

type Tx = Prisma.TransactionClient;

/** The listing being acquired, as the grant needs it. */
export interface Grantable {
  marketplaceId: string;
  sellerId: string;
  /** The seller's box item (its content is what the acquirer's box item shows). */
  boxId: string;
  conditions: LicenseTerms;
}

/**
 * The acquirer's license of a listing, locked for the rest of the transaction: one row per
 * (listing, acquirer), inserted when missing (ON CONFLICT: two racing acquires share one).
 */
async function lockLicense(tx: Tx, item: Grantable, acquirerId: string) {
  const inserted = await tx.$executeRaw`
    INSERT INTO "AcquiredLicense" ("id", "marketplaceItemId", "acquirerId", "issuerId", "issuerCode", "licenseType", "download")
    SELECT ${randomUUID()}::uuid, ${item.marketplaceId}::uuid, ${acquirerId}::uuid, u."id", u."userCode",
           ${item.conditions.licenseType}::"MarketLicenseType", ${item.conditions.download}
    FROM "User" u WHERE u."id" = ${item.sellerId}::uuid
    ON CONFLICT ("marketplaceItemId", "acquirerId") DO NOTHING`;
  const [row] = await tx.$queryRaw<{ id: string; expiresAt: Date | null; boxItemId: string | null }[]>`
    SELECT l."id"::text AS "id", l."expiresAt",
           (SELECT b."id"::text FROM "BoxItem" b WHERE b."acquiredLicenseId" = l."id") AS "boxItemId"
    FROM "AcquiredLicense" l WHERE l."marketplaceItemId" = ${item.marketplaceId}::uuid AND l."acquirerId" = ${acquirerId}::uuid
    FOR UPDATE`;
  return { ...row!, fresh: inserted === 1 };
}

/**
 * Grants `acquirerId` the license of a listing, in the caller's transaction, and returns the id of
 * the box item it shows. A license still running is kept as it is (acquiring twice gives the same
 * license and box item); a new one, one that has ended, or one paid for now (`paymentId`) takes
 * the listing's present terms and runs from now (a payment made while one runs: from its end).
 * The box item is created when the acquirer has none (first time, or deleted since): source
 * MARKETPLACE, the seller's content fields (not the seller's chosen thumbnail: thumbnails are their
 * owner's; the poster is shown), and the seller's files (StoredMedia: no byte copied,
 * nothing charged on the acquirer's storage); the database refuses it when those files are gone.
 */
export async function grantLicense(tx: Tx, item: Grantable, acquirerId: string, paymentId?: string, now = new Date()): Promise<string> {
  const license = await lockLicense(tx, item, acquirerId);
  const ended = isLicenseEnded(license.expiresAt, now);
  if (license.fresh || ended || paymentId) {
    const from = paymentId && license.expiresAt && !ended ? license.expiresAt : now;
    const expiresAt = licenseEnd(item.conditions, from) ?? null;
    await tx.acquiredLicense.update({
      where: { id: license.id },
      data: { ...termColumns(item.conditions), issuerId: item.sellerId, expiresAt, ...(paymentId ? { paymentId } : {}) },
    });
    // the seller is told (market.acquired): who acquired which listing, on what terms, until when
    const acquirer = await tx.user.findUniqueOrThrow({ where: { id: acquirerId }, select: { userCode: true } });
    await raiseWebhookEvent(tx, item.sellerId, "market.acquired", {
      marketplaceId: item.marketplaceId,
      boxId: item.boxId,
      licenseId: license.id,
      userCode: acquirer.userCode,
      licenseType: item.conditions.licenseType,
      expiresAt: expiresAt?.toISOString() ?? null,
      paid: !!paymentId,
    });
  }
  if (license.boxItemId) return license.boxItemId;

  const source = await tx.boxItem.findUniqueOrThrow({
    where: { id: item.boxId },
    select: {
      title: true,
      description: true,
      tags: true,
      durationSeconds: true,
      originalKey: true,
      originalFilename: true,
      mimeType: true,
      probe: true,
      playableAt: true,
      readyAt: true,
      mediaId: true,
      poster: { select: { storageKey: true, mimeType: true, width: true, height: true, sizeBytes: true } },
    },
  });
  const id = randomUUID();
  await tx.boxItem.create({
    data: {
      id,
      ownerId: acquirerId,
      contentId: contentIdOf(id),
      title: source.title,
      description: source.description,
      tags: source.tags,
      source: "MARKETPLACE",
      status: "READY",
      progress: 100,
      durationSeconds: source.durationSeconds,
      sizeBytes: 0n, // the files are the seller's: nothing counts against the acquirer's storage
      originalKey: source.originalKey,
      originalFilename: source.originalFilename,
      mimeType: source.mimeType,
      probe: source.probe ?? undefined,
      playableAt: source.playableAt,
      readyAt: source.readyAt,
      acquiredLicenseId: license.id,
      mediaId: source.mediaId,
    },
  });
  // the poster the ingest grabbed, shown from the same object (deleted with the shared files)
  if (source.poster) await tx.thumbnail.create({ data: { ...source.poster, ownerId: acquirerId, boxItemId: id } });
  return id;
}
