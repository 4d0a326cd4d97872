import type { VodLicenseType } from "@/generated/prisma/enums";
import type { DbOrTx } from "@/server/db/client";
import { DomainError, invalidField } from "@/server/core/errors";
import { formatMoney } from "@/lib/money";
import { MAX_PRICE_CENTS } from "@/server/core/schema";
import { minimumGrossCents, type SaleShare } from "@/server/payments/ledger";
import { isLicenseEnded } from "./acquired-license";
import { isNoDerivatives, isNonCommercial, termColumnSelect, termsOf, type LicenseTerms } from "./license-terms";

// What the license of an acquired content lets its acquirer do with it (the box item's
// marketplaceLicense), for the contexts that use box items: vod publishing and pay-per-view sales,
// bundles, the box's own edits. Contents uploaded by their owner have no license: everything is allowed.

interface UsedLicense {
  /** null: the seller's account was deleted (no one to pay a part of a sale to) */
  issuerId: string | null;
  terms: LicenseTerms;
  ended: boolean;
}

async function licenseOfBoxItem(db: DbOrTx, boxItemId: string): Promise<UsedLicense | undefined> {
  const row = await db.boxItem.findUnique({
    where: { id: boxItemId },
    select: { acquiredLicense: { select: { issuerId: true, expiresAt: true, ...termColumnSelect } } },
  });
  const l = row?.acquiredLicense;
  return l ? { issuerId: l.issuerId, terms: termsOf(l), ended: isLicenseEnded(l.expiresAt) } : undefined;
}

/** Licenses whose use is settled per paid view of the acquirer's vods: their contents are sold only that way. */
const settledPerView = (t: Pick<LicenseTerms, "licenseType">) => t.licenseType === "PAY_PER_VIEW" || t.licenseType === "REVENUE_SHARING";

/**
 * Whether an acquired content may play in a cast channel (free, scheduled viewing): under a running
 * license that is not settled per view (a channel has no views to credit the seller from).
 */
export const mayBroadcast = (license: { licenseType: LicenseTerms["licenseType"]; expiresAt: Date | null }, now = new Date()) =>
  !isLicenseEnded(license.expiresAt, now) && !settledPerView(license);

/** Vod licenses that sell the content: pay-per-view, and a bundle's (every bundle has a price). */
const SOLD: ReadonlySet<VodLicenseType> = new Set(["PAY_PER_VIEW", "CONTENT_BUNDLE"]);

/**
 * Checks a vod publish or update of a box item against its license: an ended license publishes
 * nothing (409); NonCommercial CC terms refuse selling it, as PAY_PER_VIEW or in a bundle (400 on
 * licenseType); a PAY_PER_VIEW or REVENUE_SHARING license allows only PAY_PER_VIEW (the seller is
 * paid from the views); a PAY_PER_VIEW license's vod costs at least the licensed price plus the platform fee on it (payments/ledger.ts minimumGrossCents; 400 on
 * pricePerView: no licensee undercuts its licensor). How long such a vod is listed follows the
 * license (migration 20261124013011_marketplace).
 */
export async function assertVodUseAllowed(
  db: DbOrTx,
  boxItemId: string,
  vod: { licenseType: VodLicenseType; pricePerViewCents: number | null },
): Promise<void> {
  const license = await licenseOfBoxItem(db, boxItemId);
  if (!license) return;
  const { terms } = license;
  if (license.ended) throw new DomainError("CONFLICT", "error.acquiredLicenseExpired");
  if (isNonCommercial(terms.ccType) && SOLD.has(vod.licenseType)) throw invalidField("licenseType", "field.licenseNonCommercial");
  if (settledPerView(terms) && vod.licenseType !== "PAY_PER_VIEW") throw invalidField("licenseType", "field.licensePerViewOnly");
  if (terms.licenseType !== "PAY_PER_VIEW" || vod.licenseType !== "PAY_PER_VIEW") return;
  const licensedCents = terms.pricePerViewCents ?? 0;
  const min = minimumGrossCents(licensedCents);
  if ((vod.pricePerViewCents ?? 0) >= min) return;
  const licensed = formatMoney(licensedCents);
  // a licensed price so high that no price the interface allows covers it and the fee
  if (min > MAX_PRICE_CENTS)
    throw invalidField("pricePerView", "field.pricePerViewLicenseUncovered", { licensed, max: formatMoney(MAX_PRICE_CENTS) });
  throw invalidField("pricePerView", "field.pricePerViewBelowLicense", { min: formatMoney(min), licensed });
}

/**
 * Whether a box item may be sold in a paid bundle (for the bundles context): its own uploads yes;
 * an acquired content only under a running license that is neither NonCommercial CC terms nor
 * settled per view (a subscription has no views to credit the seller from).
 */
export async function maySellInPaidBundle(db: DbOrTx, boxItemId: string): Promise<boolean> {
  const license = await licenseOfBoxItem(db, boxItemId);
  return !license || (!license.ended && !isNonCommercial(license.terms.ccType) && !settledPerView(license.terms));
}

/**
 * The seller's part of one paid view, at `priceCents`, of a vod of this box item (payments
 * PaymentItem.share): a PAY_PER_VIEW license's pricePerView, a REVENUE_SHARING license's
 * earningPercentage of the acquirer's net; none for other contents. A PAY_PER_VIEW license's vod
 * priced below minimumGrossCents (published before there was a floor, or the platform fee
 * raised since) opens no sale (409) until its publisher raises the price: each would cost the
 * licensee the difference (ledger.ts splitSale pays the licensor in full). A licensor whose account
 * was deleted is paid no part: the sale is the licensee's alone.
 */
export async function licenseShareOf(db: DbOrTx, boxItemId: string, priceCents: number): Promise<SaleShare | undefined> {
  const license = await licenseOfBoxItem(db, boxItemId);
  if (!license) return undefined;
  const { terms, issuerId } = license;
  if (terms.licenseType === "PAY_PER_VIEW") {
    const cents = terms.pricePerViewCents ?? 0;
    if (priceCents < minimumGrossCents(cents)) throw new DomainError("CONFLICT", "error.vodPriceBelowLicense");
    return issuerId ? { sellerId: issuerId, cents } : undefined;
  }
  if (terms.licenseType === "REVENUE_SHARING" && issuerId) return { sellerId: issuerId, percent: terms.earningPercentage };
  return undefined;
}

/**
 * NoDerivatives CC terms: the acquirer shows the content as it was licensed, its title,
 * description and tags unchanged (400 on the first changed field).
 */
export async function assertNoDerivativeEdit(
  db: DbOrTx,
  boxItemId: string,
  current: { title: string; description?: string; tags: string[] },
  next: { title: string; description?: string; tags: string[] },
): Promise<void> {
  const license = await licenseOfBoxItem(db, boxItemId);
  if (!license || !isNoDerivatives(license.terms.ccType)) return;
  if (next.title !== current.title) throw invalidField("title", "field.licenseNoDerivatives");
  if ((next.description ?? "") !== (current.description ?? "")) throw invalidField("description", "field.licenseNoDerivatives");
  if ([...next.tags].sort().join("\n") !== [...current.tags].sort().join("\n")) throw invalidField("tags", "field.licenseNoDerivatives");
}
