import { useLocale, useTranslations } from "next-intl";
import type { VodItemView } from "@/server/domain/vod/vod-item-view";
import { CC_LICENSES } from "@/lib/creative-commons";
import { formatPrice } from "@/lib/format";

/** How a vod's license reads in a badge: "Free", "CC BY-SA", or its price per view ("€2.50"). */
export function licenseLabel(
  vod: Pick<VodItemView, "licenseType" | "ccType" | "pricePerViewCents">,
  currency: string,
  words: { free: string; bundle: string; locale: string },
): string {
  if (vod.licenseType === "PAY_PER_VIEW" && vod.pricePerViewCents !== undefined)
    return formatPrice(vod.pricePerViewCents, currency, words.locale);
  if (vod.licenseType === "CREATIVE_COMMONS" && vod.ccType) return CC_LICENSES[vod.ccType].code;
  if (vod.licenseType === "CONTENT_BUNDLE") return words.bundle;
  return words.free;
}

/** The license badge of a vod. */
export function LicenseBadge({ vod, currency }: { vod: VodItemView; currency: string }) {
  const t = useTranslations("vodPortal");
  const locale = useLocale();
  return (
    <span className={`badge badge--${vod.licenseType.toLowerCase().replace(/_/g, "-")}`} data-testid="vod-license">
      {licenseLabel(vod, currency, { free: t("free"), bundle: t("bundle"), locale })}
    </span>
  );
}
