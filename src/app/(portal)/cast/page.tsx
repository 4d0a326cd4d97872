import { getTranslations } from "next-intl/server";
import { CastChannelList } from "@/components/cast/cast-channel-list";
import { CastStreamList } from "@/components/cast/cast-stream-list";
import { env } from "@/server/env";
import { requirePortalCaller } from "@/server/portal/session";
import "@/components/bundles/bundles.css";
import "@/components/live/live.css";
import "@/components/cast/cast.css";

export const generateMetadata = async () => ({ title: (await getTranslations("cast"))("studioTitle") });

// GET /cast - the creator's cast channels (then each one's calendar and days) and cast streams.
export default async function CastPage() {
  const { caller } = await requirePortalCaller("/cast");
  const [me, t] = await Promise.all([caller.users.me(), getTranslations("cast")]);
  return (
    <div className="container">
      <h1>{t("studioTitle")}</h1>
      <CastChannelList />
      <CastStreamList
        account={{ userCode: me.userCode, livePasswordSet: me.livePasswordSet, keyframeIntervalSeconds: env().LIVE_SEGMENT_SECONDS }}
      />
    </div>
  );
}
