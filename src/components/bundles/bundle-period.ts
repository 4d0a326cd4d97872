import type { useTranslations } from "next-intl";
import type { BundleView } from "@/server/domain/bundles/bundle-view";
import { formatPrice } from "@/lib/format";

const UNIT_WORDS = { DAYS: "day", MONTHS: "month", YEARS: "year" } as const;

/** A bundle's period for people: "1 month", "3 days". */
export const periodText = (b: Pick<BundleView, "duration" | "durationUnit">): string =>
  `${b.duration} ${UNIT_WORDS[b.durationUnit]}${b.duration === 1 ? "" : "s"}`;

/** Its price per period: "€9.90 for 1 month". */
export const priceText = (b: Pick<BundleView, "priceCents" | "duration" | "durationUnit">, currency: string): string =>
  `${formatPrice(b.priceCents, currency)} for ${periodText(b)}`;

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
