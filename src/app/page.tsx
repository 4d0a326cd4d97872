import Link from "next/link";
import { LISTING_PAGE_SIZE, listingQuery, VodListing } from "@/components/viewer/vod-listing";
import { getServerCaller, getServerContext } from "@/server/portal/session";
import "@/components/viewer/viewer.css";

// What exists today; the rest of the platform is announced as coming, never as available.
const features = [
  {
    title: "Your box",
    text: "Upload videos into a private store, resumable from the browser; they are processed to HLS and playable within seconds.",
  },
  {
    title: "Publish and sell",
    text: "Publish a video for free, under a Creative Commons license or pay-per-view, with its own watch page, embeddable player and checkout.",
  },
  { title: "Your account and page", text: "Register, activate by mail, keep your profile and a public creator page listing your videos." },
  {
    title: "A REST interface",
    text: "OAuth2 tokens and a documented REST API, so your own clients and sites can reach your box and your videos.",
  },
];
const COMING = "Bundles, a marketplace, live events and scheduled channels.";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// GET /?q=&page= - the landing page: the newest public vods of every creator (vod.searchPublic), with
// search, first when there are any; then what Kinora is.
export default async function Home({ searchParams }: { searchParams: SearchParams }) {
  const query = listingQuery(await searchParams);
  const [{ actor }, caller] = await Promise.all([getServerContext(), getServerCaller()]);
  const vods = await caller.vod.searchPublic({ queryString: query.q, pageIndex: query.pageIndex, pageSize: LISTING_PAGE_SIZE });
  const listed = vods.totalCount > 0 || query.q !== undefined || query.pageIndex > 0;
  return (
    <div className="container">
      {listed && (
        <section aria-labelledby="home-videos" className="home-videos">
          <h1 id="home-videos">{query.q ? "Search videos" : "Latest videos"}</h1>
          <VodListing action="/" query={query} page={vods} withPublisher label="Search videos" empty="No public videos yet." />
        </section>
      )}
      <section className="hero">
        {listed ? <h2>Video, on your terms.</h2> : <h1>Video, on your terms.</h1>}
        <p>
          Kinora is an open-source video platform for creators: store, process, publish and sell your videos today; bundle and broadcast
          them soon.
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
      <p className="muted">Coming: {COMING}</p>
    </div>
  );
}
