// What scheduling a sold title on a free channel gives away, in words for the confirmation.
import type { TitleSale } from "@/server/domain/cast/title-sales";
import { formatPrice } from "@/lib/format";
import { priceText } from "@/components/bundles/bundle-period";

/** How one sale reads: "sold pay-per-view for €4.99", "sold (only) in the bundle “Gold” (€9.90 for 1 month)". */
function saleText(sale: TitleSale, only: boolean): string {
  return sale.kind === "PAY_PER_VIEW"
    ? `sold pay-per-view for ${formatPrice(sale.priceCents, sale.currency)}`
    : `sold ${only ? "only " : ""}in the bundle “${sale.bundleName}” (${priceText(sale, sale.currency)})`;
}

/** The warning before `title` is scheduled on a free channel: "“Film” is sold pay-per-view for €4.99; on this free channel anyone will watch it free." */
export function saleWarning(title: string, sales: TitleSale[]): string {
  const only = sales.every((s) => s.kind === "CONTENT_BUNDLE");
  const how = sales.map((s) => saleText(s, only));
  const list = how.length > 1 ? `${how.slice(0, -1).join(", ")} and ${how.at(-1)}` : how[0];
  return `“${title}” is ${list}; on this free channel anyone will watch it free.`;
}

/** A sold title's badge in the side list: "Pay-per-view €4.99", "Bundle only". */
export function saleBadge(sales: TitleSale[]): string {
  const perView = sales.find((s) => s.kind === "PAY_PER_VIEW");
  return perView ? `Pay-per-view ${formatPrice(perView.priceCents, perView.currency)}` : "Bundle only";
}
