import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { CastSchedule } from "@/components/cast/cast-guide";
import { CastPlayer } from "@/components/cast/cast-player";
import { LivePublisher } from "@/components/live/live-publisher";
import { getServerCaller, getServerContext } from "@/server/portal/session";
import { ShareDialog } from "@/components/share/share-dialog";
import { creatorName } from "@/components/viewer/avatar";
import { previewText, SHARE_PICTURE_WIDTH, sharedPageMetadata } from "@/components/viewer/share-metadata";
import { castChannelPath } from "@/lib/cast-urls";
import { tryCall } from "@/server/portal/try-call";
import { thumbnailPath } from "@/lib/vod-urls";
import { ReportDialog } from "@/components/moderation/report-dialog";
import { TakenDownNotice } from "@/components/moderation/taken-down-notice";
import "@/components/viewer/viewer.css";
import "@/components/cast/cast.css";

type Params = Promise<{ channelId: string }>;

const loadChannel = cache(async (channelId: string) => {
  const caller = await getServerCaller();
  const channel = await tryCall(() => caller.cast.getPublicChannel({ channelId }));
  return channel.ok ? channel.data : channel.takedownReason !== undefined ? { takedownReason: channel.takedownReason } : undefined;
});

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const [channel, { baseUrl }] = await Promise.all([loadChannel((await params).channelId), getServerContext()]);
  const t = await getTranslations("cast");
  if (!channel || "takedownReason" in channel) return { title: t("notFound") };
  return sharedPageMetadata({
    title: t("pageTitle", { name: channel.name }),
    description: previewText(channel.description, t("channelDescription", { name: creatorName(channel.publisher) })),
    url: baseUrl + castChannelPath(channel.channelId),
    image: channel.thumbnailId && baseUrl + thumbnailPath(channel.thumbnailId, SHARE_PICTURE_WIDTH),
  });
}

// GET /cast/{channelId} - the public page of a cast channel: Now and Next, the player (the channel's
// output as it airs, the same for every viewer), the channel, and the day's guide in the viewer's
// time zone. 404 unless the visitor may reach the channel (cast.getPublicChannel).
export default async function CastChannelPage({ params }: { params: Params }) {
  const { channelId } = await params;
  const [channel, ctx] = await Promise.all([loadChannel(channelId), getServerContext()]);
  if (!channel) notFound();
  if ("takedownReason" in channel) return <TakenDownNotice reason={channel.takedownReason!} />;
  return (
    <div className="container watch live-page cast-page">
      <CastSchedule
        channelId={channel.channelId}
        player={
          <CastPlayer
            channelId={channel.channelId}
            title={channel.name}
            poster={channel.thumbnailId ? thumbnailPath(channel.thumbnailId, 640) : undefined}
          />
        }
      >
        <div className="watch__body">
          <div className="watch__main">
            <h1 className="watch__title" data-testid="cast-channel-title">
              {channel.name}
            </h1>
            <LivePublisher publisher={channel.publisher} />
            <div className="watch__actions">
              <ShareDialog title={channel.name} url={ctx.baseUrl + castChannelPath(channel.channelId)} />
              <ReportDialog targetType="castChannel" targetId={channel.channelId} signedIn={ctx.actor.kind === "user"} />
            </div>
            {channel.description && <p className="prewrap watch__description">{channel.description}</p>}
          </div>
        </div>
      </CastSchedule>
    </div>
  );
}
