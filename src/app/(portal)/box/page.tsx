import { getTranslations } from "next-intl/server";
import { BoxList } from "@/components/box/box-list";
import { env } from "@/server/env";
import { requirePortalCaller } from "@/server/portal/session";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("box");

// GET /box - the creator's private store: upload (tus, resumable), search, processing, play, edit, publish, download, delete.
export default async function BoxPage() {
  await requirePortalCaller("/box");
  const t = await getTranslations("box");
  return (
    <div className="container">
      <h1>{t("title")}</h1>
      <p className="muted">{t("intro")}</p>
      <BoxList currency={env().CURRENCY} />
    </div>
  );
}
