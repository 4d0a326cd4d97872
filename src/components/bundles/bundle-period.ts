import type { BundleView } from "@/server/domain/bundles/bundle-view";
import { formatPrice } from "@/lib/format";

const UNIT_WORDS = { DAYS: "day", MONTHS: "month", YEARS: "year" } as const;

/** A bundle's period for people: "1 month", "3 days". */
export const periodText = (b: Pick<BundleView, "duration" | "durationUnit">): string =>
  `${b.duration} ${UNIT_WORDS[b.durationUnit]}${b.duration === 1 ? "" : "s"}`;

/** Its price per period: "€9.90 for 1 month". */
export const priceText = (b: Pick<BundleView, "priceCents" | "duration" | "durationUnit">, currency: string): string =>
  `${formatPrice(b.priceCents, currency)} for ${periodText(b)}`;

export const bundlePath = (bundleId: string) => `/b/${encodeURIComponent(bundleId)}`;
export const bundleAdminPath = (bundleId: string) => `/bundles/${encodeURIComponent(bundleId)}`;
