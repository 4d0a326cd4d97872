import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ChannelManager } from "@/components/live/channel-manager";
import { env } from "@/server/env";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { liveChannelAdminPath } from "@/lib/live-urls";
import "@/components/bundles/bundles.css";
import "@/components/live/live.css";

type Params = Promise<{ channelId: string }>;

export const generateMetadata = async () => ({ title: (await getTranslations("live"))("channelTitle") });

// GET /live/channels/{channelId} - one of the creator's channels: settings, Go live, events. 404 for another user's.
export default async function LiveChannelAdminPage({ params }: { params: Params }) {
  const { channelId } = await params;
  const { caller } = await requirePortalCaller(liveChannelAdminPath(channelId));
  const channel = await tryCall(() => caller.live.getChannel({ channelId }));
  if (!channel.ok) notFound();
  const t = await getTranslations("live");
  return (
    <div className="container">
      <p>
        <Link href="/live">{t("back")}</Link>
      </p>
      <h1 data-testid="channel-name">{channel.data.name}</h1>
      <ChannelManager channel={channel.data} currency={env().CURRENCY} />
    </div>
  );
}
