import type { Prisma } from "@/generated/prisma/client";
import { termColumnSelect, termsOf, type LicenseTerms } from "./license-terms";

/** The document's marketplaceLicense of an acquired box item, with domain types. */
export interface AcquiredLicenseView extends LicenseTerms {
  licenseId: string;
  /** The listing it was acquired from; absent once the seller withdrew it. */
  marketplaceId?: string;
  /** The seller's userCode (kept when the seller's account is deleted). */
  issuerCode: string;
  acquiredAt: Date;
  /** When it ends (a license with a duration); absent: never. */
  expiresAt?: Date;
  /** Ended: the item no longer plays, its vods are no longer listed. */
  expired: boolean;
}

/** Select it as a relation: `acquiredLicense: { select: acquiredLicenseSelect }`. */
export const acquiredLicenseSelect = {
  id: true,
  marketplaceItemId: true,
  ...termColumnSelect,
  expiresAt: true,
  createdAt: true,
  issuerCode: true,
} satisfies Prisma.AcquiredLicenseSelect;

export type AcquiredLicenseRow = Prisma.AcquiredLicenseGetPayload<{ select: typeof acquiredLicenseSelect }>;

export const isLicenseEnded = (expiresAt: Date | null | undefined, now = new Date()) => !!expiresAt && expiresAt.getTime() <= now.getTime();

export function toAcquiredLicenseView(r: AcquiredLicenseRow, now = new Date()): AcquiredLicenseView {
  return {
    licenseId: r.id,
    marketplaceId: r.marketplaceItemId ?? undefined,
    issuerCode: r.issuerCode,
    ...termsOf(r),
    acquiredAt: r.createdAt,
    expiresAt: r.expiresAt ?? undefined,
    expired: isLicenseEnded(r.expiresAt, now),
  };
}
