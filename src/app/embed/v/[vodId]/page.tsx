import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { playerProps, startAtOf } from "@/components/viewer/player-props";
import { VodPlayer } from "@/components/viewer/vod-player";
import { loadWatchVod } from "@/server/portal/watch-vod";
import { getServerContext } from "@/server/portal/session";
import { ReportDialog } from "@/components/moderation/report-dialog";
import { TakenDownNotice } from "@/components/moderation/taken-down-notice";
import "@/components/viewer/viewer.css";

type Params = Promise<{ vodId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { vod } = await loadWatchVod((await params).vodId);
  return { title: vod?.title ?? (await getTranslations("watch"))("notFound"), robots: { index: false } };
}

// GET /embed/v/{vodId} - the player alone, for other sites' iframes (oEmbed's html, og:video,
// twitter:player): any site may frame it (security-headers.ts) and the root layout renders it bare.
// Buying happens on the watch page, opened in a new tab: a checkout does not belong in a frame. A
// vod taken down shows the moderators' notice; the Report button sits in a corner of the player.
export default async function EmbedPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { vod, takedownReason } = await loadWatchVod((await params).vodId);
  if (takedownReason !== undefined) return <TakenDownNotice reason={takedownReason} />;
  if (!vod) notFound();
  const signedIn = (await getServerContext()).actor.kind === "user";
  return (
    <div className="embed">
      <VodPlayer {...playerProps(vod, true)} startAt={startAtOf((await searchParams).t)} />
      <ReportDialog targetType="vod" targetId={vod.vodId} signedIn={signedIn} compact />
    </div>
  );
}
