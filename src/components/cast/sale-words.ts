// What scheduling a sold title on a free channel gives away, in words for the confirmation (messages cast.day.sale*).
import type { useTranslations } from "next-intl";
import type { TitleSale } from "@/server/domain/cast/title-sales";
import { formatPrice } from "@/lib/format";
import { localPriceText, type BundleWords } from "@/components/bundles/bundle-period";

/** The page's words for a sale: `useTranslations("cast.day")`, and the bundles' price words in the page's locale. */
export interface SaleWords {
  t: ReturnType<typeof useTranslations<"cast.day">>;
  bundle: BundleWords;
}

/** How one sale reads: "sold pay-per-view for €4.99", "sold (only) in the bundle “Gold” (€9.90 for 1 month)". */
function saleText({ t, bundle }: SaleWords, sale: TitleSale, only: boolean): string {
  return sale.kind === "PAY_PER_VIEW"
    ? t("salePpv", { price: formatPrice(sale.priceCents, sale.currency, bundle.locale) })
    : t("saleBundle", { only: only ? "yes" : "no", bundle: sale.bundleName, price: localPriceText(bundle, sale, sale.currency) });
}

/** The warning before `title` is scheduled on a free channel: "“Film” is sold pay-per-view for €4.99; on this free channel anyone will watch it free." */
export function saleWarning(words: SaleWords, title: string, sales: TitleSale[]): string {
  const only = sales.every((s) => s.kind === "CONTENT_BUNDLE");
  const how = sales.map((s) => saleText(words, s, only));
  const list = how.length > 1 ? words.t("saleList", { list: how.slice(0, -1).join(", "), last: how.at(-1)! }) : how[0]!;
  return words.t("saleWarning", { title, list });
}

/** A sold title's badge in the side list: "Pay-per-view €4.99", "Bundle only". */
export function saleBadge({ t, bundle }: SaleWords, sales: TitleSale[]): string {
  const perView = sales.find((s) => s.kind === "PAY_PER_VIEW");
  return perView ? t("badgePpv", { price: formatPrice(perView.priceCents, perView.currency, bundle.locale) }) : t("badgeBundle");
}
