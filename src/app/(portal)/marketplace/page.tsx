import { getTranslations } from "next-intl/server";
import { MarketBrowser } from "@/components/marketplace/market-browser";
import { MyListings } from "@/components/marketplace/my-listings";
import { env } from "@/server/env";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("marketplace");

// GET /marketplace - contents other creators license: browse (filters by license, price, seller), preview, acquire
// (a spot price through the checkout, back here to finish); the creator's own listings with their acquisitions.
export default async function MarketplacePage() {
  const { session } = await requirePortalCaller("/marketplace");
  const t = await getTranslations("marketplace");
  return (
    <div className="container">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <MarketBrowser currency={env().CURRENCY} userCode={session.user.userCode} />
      <MyListings currency={env().CURRENCY} />
    </div>
  );
}
