import type { LicenseTerms } from "@/server/domain/marketplace/license-terms";
import { CC_LICENSES } from "@/lib/creative-commons";
import { formatPrice } from "@/lib/format";

const UNIT: Record<NonNullable<LicenseTerms["durationUnit"]>, [string, string]> = {
  DAYS: ["day", "days"],
  MONTHS: ["month", "months"],
  YEARS: ["year", "years"],
};

/** How long a license lasts: "for 3 months", "for good". */
export function durationLabel(t: Pick<LicenseTerms, "duration" | "durationUnit">): string {
  if (!t.duration || !t.durationUnit) return "for good";
  const [one, many] = UNIT[t.durationUnit];
  return `for ${t.duration} ${t.duration === 1 ? one : many}`;
}

/** How a license reads in a badge: "Free", "CC BY-SA", "€25.00 once", "€0.40 per view", "30% of revenue". */
export function termsLabel(t: LicenseTerms, currency: string): string {
  switch (t.licenseType) {
    case "CREATIVE_COMMONS":
      return t.ccType ? CC_LICENSES[t.ccType].code : "Creative Commons";
    case "SPOT_PRICE":
      return `${formatPrice(t.activationPriceCents ?? 0, currency)} once`;
    case "PAY_PER_VIEW":
      return `${formatPrice(t.pricePerViewCents ?? 0, currency)} per view`;
    case "REVENUE_SHARING":
      return `${t.earningPercentage ?? 0}% of revenue`;
    default:
      return "Free";
  }
}

/** The license badge of a listing or an acquired content. */
export function TermsBadge({ terms, currency, testId = "market-license" }: { terms: LicenseTerms; currency: string; testId?: string }) {
  return (
    <span className={`badge badge--${terms.licenseType.toLowerCase().replace(/_/g, "-")}`} data-testid={testId}>
      {termsLabel(terms, currency)}
    </span>
  );
}
