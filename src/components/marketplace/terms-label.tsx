import { useLocale, useTranslations } from "next-intl";
import type { LicenseTerms } from "@/server/domain/marketplace/license-terms";
import { CC_LICENSES } from "@/lib/creative-commons";
import { formatPrice } from "@/lib/format";

/** How long a license lasts, in the page's language: "for 3 months", "for good" (messages market.forGood/forPeriod). */
export function useDurationLabel(): (t: Pick<LicenseTerms, "duration" | "durationUnit">) => string {
  const tm = useTranslations("market");
  const tb = useTranslations("bundlesPortal");
  return (t) =>
    !t.duration || !t.durationUnit ? tm("forGood") : tm("forPeriod", { period: tb("period", { unit: t.durationUnit, count: t.duration }) });
}

/** How a license reads in a badge: "Free", "CC BY-SA", "€25.00 once", "€0.40 per view", "30% of revenue". */
function useTermsLabel(): (t: LicenseTerms, currency: string) => string {
  const tm = useTranslations("market.terms");
  const locale = useLocale();
  return (t, currency) => {
    switch (t.licenseType) {
      case "CREATIVE_COMMONS":
        return t.ccType ? CC_LICENSES[t.ccType].code : tm("cc");
      case "SPOT_PRICE":
        return tm("once", { price: formatPrice(t.activationPriceCents ?? 0, currency, locale) });
      case "PAY_PER_VIEW":
        return tm("perView", { price: formatPrice(t.pricePerViewCents ?? 0, currency, locale) });
      case "REVENUE_SHARING":
        return tm("share", { percent: t.earningPercentage ?? 0 });
      default:
        return tm("free");
    }
  };
}

/** The license badge of a listing or an acquired content. */
export function TermsBadge({ terms, currency, testId = "market-license" }: { terms: LicenseTerms; currency: string; testId?: string }) {
  const termsLabel = useTermsLabel();
  return (
    <span className={`badge badge--${terms.licenseType.toLowerCase().replace(/_/g, "-")}`} data-testid={testId}>
      {termsLabel(terms, currency)}
    </span>
  );
}
