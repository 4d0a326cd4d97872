import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { GoLivePanel } from "@/components/live/go-live-panel";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";

type Params = Promise<{ channelId: string }>;

export const generateMetadata = async () => ({ title: (await getTranslations("live"))("goLiveTitle") });

// GET /live/channels/{channelId}/go-live - the Go-live panel of one of the creator's live channels:
// the encoder settings (OBS), on-air, ingest health and a preview. 404 for another user's channel.
export default async function GoLivePage({ params }: { params: Params }) {
  const { channelId } = await params;
  const { caller } = await requirePortalCaller(`/live/channels/${encodeURIComponent(channelId)}/go-live`);
  const settings = await tryCall(() => caller.goLive.settings({ channelId }));
  if (!settings.ok) notFound();
  const t = await getTranslations("live");
  return (
    <div className="container">
      <p>
        <Link href={`/live/channels/${settings.data.channelId}`}>← {settings.data.name}</Link>
      </p>
      <h1>{t("goLiveOn", { name: settings.data.name })}</h1>
      <GoLivePanel settings={settings.data} />
    </div>
  );
}
