import Link from "next/link";
import { notFound } from "next/navigation";
import { GoLivePanel } from "@/components/live/go-live-panel";
import { requirePortalCaller } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";

type Params = Promise<{ channelId: string }>;

export const metadata = { title: "Go live" };

// GET /live/channels/{channelId}/go-live - the Go-live panel of one of the creator's live channels:
// the encoder settings (OBS), on-air, ingest health and a preview. 404 for another user's channel.
export default async function GoLivePage({ params }: { params: Params }) {
  const { channelId } = await params;
  const { caller } = await requirePortalCaller(`/live/channels/${encodeURIComponent(channelId)}/go-live`);
  const settings = await tryCall(() => caller.goLive.settings({ channelId }));
  if (!settings.ok) notFound();
  return (
    <div className="container">
      <p>
        <Link href={`/live/channels/${settings.data.channelId}`}>← {settings.data.name}</Link>
      </p>
      <h1>Go live: {settings.data.name}</h1>
      <GoLivePanel settings={settings.data} />
    </div>
  );
}
