import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { playerProps, startAtOf } from "@/components/viewer/player-props";
import { VodPlayer } from "@/components/viewer/vod-player";
import { loadWatchVod } from "@/server/portal/watch-vod";
import "@/components/viewer/viewer.css";

type Params = Promise<{ vodId: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const vod = await loadWatchVod((await params).vodId);
  return { title: vod?.title ?? (await getTranslations("watch"))("notFound"), robots: { index: false } };
}

// GET /embed/v/{vodId} - the player alone, for other sites' iframes (oEmbed's html, og:video,
// twitter:player): any site may frame it (security-headers.ts) and the root layout renders it bare.
// Buying happens on the watch page, opened in a new tab: a checkout does not belong in a frame.
export default async function EmbedPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const vod = await loadWatchVod((await params).vodId);
  if (!vod) notFound();
  return (
    <div className="embed">
      <VodPlayer {...playerProps(vod, true)} startAt={startAtOf((await searchParams).t)} />
    </div>
  );
}
