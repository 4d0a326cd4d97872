import Link from "next/link";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { BundleCards, CastChannelCards, CreatorCards, LiveEventCards } from "@/components/discovery/catalog-cards";
import { VodGrid } from "@/components/viewer/vod-grid";
import type { CatalogType } from "@/server/domain/discovery/catalog-input";
import { getServerCaller, getServerContext } from "@/server/portal/session";
import { searchPath } from "@/lib/search-urls";
import "@/components/viewer/viewer.css";

// What Kinora does, for a newcomer (and under the rows, for everyone).
const features = [
  {
    title: "Upload and publish",
    text: "Upload videos into a private box, resumable from the browser; publish them free, under Creative Commons or pay-per-view, with a watch page and an embeddable player.",
  },
  { title: "Bundles", text: "Sell a set of videos by subscription: subscribers watch every video of the bundle for the period paid." },
  { title: "Live", text: "Stream from OBS to a live channel, free or with tickets; the recording becomes a replay." },
  { title: "Channels", text: "Schedule your videos and live streams into a TV-like channel, with a programme guide and catch-up." },
];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A row of the home page: its title, "See all" (the search page of its type), the cards. */
function Row({ id, title, type, children }: { id: string; title: string; type: CatalogType; children: ReactNode }) {
  return (
    <section className="home-row" aria-labelledby={id} data-testid={id}>
      <div className="home-row__head">
        <h2 id={id}>{title}</h2>
        <Link href={searchPath({ type })} prefetch={false}>
          See all<span className="visually-hidden"> {title.toLowerCase()}</span>
        </Link>
      </div>
      {children}
    </section>
  );
}

// GET / - the landing page: rows of what is live now or coming, the channels on air, the latest
// videos, bundles and creators (discovery.home; an empty row is left out), then what Kinora is and
// how to start. The old video search (/?q=) now lives on /search.
export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  const { q } = await searchParams;
  if (typeof q === "string" && q.trim()) redirect(searchPath({ q: q.trim(), type: "videos" }));
  const [{ actor }, caller] = await Promise.all([getServerContext(), getServerCaller()]);
  const rows = await caller.discovery.home();
  const listed = Object.values(rows).some((r) => r.length > 0);
  return (
    <div className="container">
      {listed && <h1 className="visually-hidden">Kinora</h1>}
      {rows.live.length > 0 && (
        <Row id="home-live" title="Live now and upcoming" type="live">
          <LiveEventCards events={rows.live} />
        </Row>
      )}
      {rows.channels.length > 0 && (
        <Row id="home-channels" title="Channels on air" type="channels">
          <CastChannelCards cards={rows.channels} />
        </Row>
      )}
      {rows.videos.length > 0 && (
        <Row id="home-videos" title="Latest videos" type="videos">
          <VodGrid vods={rows.videos} withPublisher />
        </Row>
      )}
      {rows.bundles.length > 0 && (
        <Row id="home-bundles" title="Bundles" type="bundles">
          <BundleCards bundles={rows.bundles} />
        </Row>
      )}
      {rows.creators.length > 0 && (
        <Row id="home-creators" title="Creators" type="creators">
          <CreatorCards users={rows.creators} />
        </Row>
      )}
      <section className="hero">
        {listed ? <h2>Video, on your terms.</h2> : <h1>Video, on your terms.</h1>}
        <p>
          Kinora is an open-source video platform for creators: store and publish your videos, sell them one by one or in bundles, go live
          and run your own channels.
          {!listed && " Nothing is published here yet: create an account, upload a video and publish it to see it on this page."}
        </p>
        <div className="actions">
          {actor.kind === "user" ? (
            <Link className="button" href="/dashboard">
              Go to your dashboard
            </Link>
          ) : (
            <>
              <Link className="button" href="/register">
                Create an account
              </Link>
              <Link className="button button--secondary" href="/login">
                Log in
              </Link>
            </>
          )}
          {listed && (
            <Link className="button button--secondary" href={searchPath({})}>
              Browse everything
            </Link>
          )}
        </div>
      </section>
      <ul className="grid features features--four">
        {features.map((f) => (
          <li key={f.title} className="card">
            <h2>{f.title}</h2>
            <p>{f.text}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
