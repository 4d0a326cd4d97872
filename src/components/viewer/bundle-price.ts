import type { useTranslations } from "next-intl";
import { formatPrice } from "@/lib/format";
import type { BundleView } from "@/server/domain/bundles/bundle-view";

type BundleWords = ReturnType<typeof useTranslations<"bundlePage">>;

/** A bundle's period in the page's language: "1 month", "3 giorni". */
export const periodWords = (t: BundleWords, b: Pick<BundleView, "duration" | "durationUnit">): string =>
  t("period", { unit: b.durationUnit, n: b.duration });

/** A bundle's price per period in the page's language: "€9.90 for 1 month", "9,90 € per 1 mese". */
export const bundlePriceWords = (
  t: BundleWords,
  b: Pick<BundleView, "priceCents" | "duration" | "durationUnit">,
  currency: string,
  locale: string,
): string => t("priceFor", { price: formatPrice(b.priceCents, currency, locale), period: periodWords(t, b) });
