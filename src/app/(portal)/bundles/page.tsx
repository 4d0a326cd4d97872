import { getTranslations } from "next-intl/server";
import { BundleList } from "@/components/bundles/bundle-list";
import { env } from "@/server/env";
import { requirePortalCaller } from "@/server/portal/session";
import "@/components/bundles/bundles.css";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("bundles");

// GET /bundles - the creator's content bundles: search, create (then manage each on its page).
export default async function BundlesPage() {
  await requirePortalCaller("/bundles");
  const t = await getTranslations("bundles");
  return (
    <div className="container">
      <h1>{t("title")}</h1>
      <BundleList currency={env().CURRENCY} />
    </div>
  );
}
