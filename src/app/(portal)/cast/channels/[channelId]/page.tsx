import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CastChannelManager } from "@/components/cast/cast-channel-manager";
import { castChannelAdminPath } from "@/lib/cast-urls";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import "@/components/bundles/bundles.css";
import "@/components/live/live.css";
import "@/components/cast/cast.css";

type Params = Promise<{ channelId: string }>;

export const generateMetadata = async () => ({ title: (await getTranslations("cast"))("channelTitle") });

// GET /cast/channels/{channelId} - one of the creator's cast channels: settings, lock, preview, month calendar. 404 for another user's.
export default async function CastChannelAdminPage({ params }: { params: Params }) {
  const { channelId } = await params;
  const { caller } = await requirePortalCaller(castChannelAdminPath(channelId));
  const channel = await tryCall(() => caller.cast.getChannel({ channelId }));
  if (!channel.ok) notFound();
  const t = await getTranslations("cast");
  return (
    <div className="container">
      <p>
        <Link href="/cast">{t("back")}</Link>
      </p>
      <h1 data-testid="cast-channel-name">{channel.data.name}</h1>
      <CastChannelManager channel={channel.data} />
    </div>
  );
}
