import type { useTranslations } from "next-intl";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import { formatPrice } from "@/lib/format";

/** The page's words for a bundle's price: `useTranslations("bundlesPortal")` (or getTranslations) and the page's locale. */
export interface BundleWords {
  t: ReturnType<typeof useTranslations<"bundlesPortal">>;
  locale: string;
}

/** The price per period in the page's language: "€9.90 for 1 month", "9,90 € per 1 mese" (messages bundlesPortal.price/period). */
export const localPriceText = (
  { t, locale }: BundleWords,
  b: Pick<BundleView, "priceCents" | "duration" | "durationUnit">,
  currency: string,
): string =>
  t("price", { price: formatPrice(b.priceCents, currency, locale), period: t("period", { unit: b.durationUnit, count: b.duration }) });

export const bundlePath = (bundleId: string) => `/b/${encodeURIComponent(bundleId)}`;
export const bundleAdminPath = (bundleId: string) => `/bundles/${encodeURIComponent(bundleId)}`;
