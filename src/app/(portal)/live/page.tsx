import { getTranslations } from "next-intl/server";
import { ChannelList } from "@/components/live/channel-list";
import { requirePortalCaller } from "@/server/portal/session";
import "@/components/bundles/bundles.css";
import "@/components/live/live.css";

export const generateMetadata = async () => ({ title: (await getTranslations("live"))("studioTitle") });

// GET /live - the creator's live channels: search, create (then manage each on its page).
export default async function LivePage() {
  await requirePortalCaller("/live");
  const t = await getTranslations("live");
  return (
    <div className="container">
      <h1>{t("studioTitle")}</h1>
      <ChannelList />
    </div>
  );
}
