import Link from "next/link";
import { notFound } from "next/navigation";
import { Avatar } from "@/components/viewer/avatar";
import { LISTING_PAGE_SIZE, listingQuery, VodListing } from "@/components/viewer/vod-listing";
import { getServerCaller, getPortalSession } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";
import { creatorPath } from "@/lib/vod-urls";
import "@/components/viewer/viewer.css";

type Params = Promise<{ userCode: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }) {
  return { title: decodeURIComponent((await params).userCode) };
}

const isHttpUrl = (s: string) => /^https?:\/\//i.test(s);

// GET /u/{userCode}?q=&page= - a creator's public page (users.publicOverview) and their public vods
// (vod.searchPublic with their userCode), searchable and paged through the address.
export default async function CreatorPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const userCode = decodeURIComponent((await params).userCode);
  const query = listingQuery(await searchParams);
  const [caller, session] = await Promise.all([getServerCaller(), getPortalSession()]);
  const [result, vods] = await Promise.all([
    tryCall(() => caller.users.publicOverview({ userCode })),
    tryCall(() => caller.vod.searchPublic({ userCode, queryString: query.q, pageIndex: query.pageIndex, pageSize: LISTING_PAGE_SIZE })),
  ]);
  if (!result.ok || !vods.ok) notFound();
  const user = result.data;
  const own = session?.user.userCode.toLowerCase() === user.userCode.toLowerCase();
  const links = [user.socialUrl1, user.socialUrl2].filter((u): u is string => !!u);
  return (
    <div className="container">
      <section className="card">
        <div className="creator-head">
          <Avatar user={user} />
          <div>
            <h1>{user.pageTitle ?? user.userCode}</h1>
            <p className="muted">@{user.userCode}</p>
          </div>
        </div>
        {user.pageDescription ? (
          <p className="prewrap">{user.pageDescription}</p>
        ) : (
          <p className="muted">This creator has not written a description yet.</p>
        )}
        {(links.length > 0 || user.socialContact) && (
          <ul>
            {links.map((url) => (
              <li key={url}>
                {isHttpUrl(url) ? (
                  <a href={url} rel="noopener noreferrer nofollow">
                    {url}
                  </a>
                ) : (
                  url
                )}
              </li>
            ))}
            {user.socialContact && <li>Contact: {user.socialContact}</li>}
          </ul>
        )}
        {own && (
          <p>
            <Link href="/account">Edit your page</Link>
          </p>
        )}
      </section>
      <section aria-labelledby="creator-videos">
        <h2 id="creator-videos">Videos</h2>
        <VodListing
          action={creatorPath(user.userCode)}
          query={query}
          page={vods.data}
          label={`Search the videos of ${user.pageTitle ?? user.userCode}`}
          empty="No public videos yet."
        />
      </section>
    </div>
  );
}
