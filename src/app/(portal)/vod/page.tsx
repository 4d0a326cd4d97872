import { getTranslations } from "next-intl/server";
import { VodList } from "@/components/vod/vod-list";
import { env } from "@/server/env";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("videos");

// GET /vod - the creator's vods: publish a box item (free, Creative Commons, pay per view), search and filter, edit, unpublish.
export default async function VodPage() {
  await requirePortalCaller("/vod");
  const t = await getTranslations("vod");
  return (
    <div className="container">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <VodList currency={env().CURRENCY} />
    </div>
  );
}
