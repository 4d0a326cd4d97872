import { getTranslations } from "next-intl/server";
import { RestorePurchase } from "@/components/payments/restore-purchase";
import "@/components/payments/payments.css";

export const generateMetadata = async () => ({
  title: (await getTranslations("payments.restore"))("pageTitle"),
  robots: { index: false },
});

// GET /restore#<token> - the link of a guest's receipt mail: restores the purchase in this browser
// (domain/payments/restore-link.ts). The token stays in the fragment: the server never sees it here.
export default async function RestorePage() {
  const t = await getTranslations("payments.restore");
  return (
    <div className="container container--narrow">
      <h1>{t("pageTitle")}</h1>
      <div className="card">
        <RestorePurchase />
      </div>
    </div>
  );
}
