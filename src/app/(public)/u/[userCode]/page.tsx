import Link from "next/link";
import { notFound } from "next/navigation";
import { getServerCaller, getPortalSession } from "@/server/portal/session";
import { tryCall } from "@/server/portal/try-call";

type Params = Promise<{ userCode: string }>;

export async function generateMetadata({ params }: { params: Params }) {
  return { title: decodeURIComponent((await params).userCode) };
}

const isHttpUrl = (s: string) => /^https?:\/\//i.test(s);

// GET /u/{userCode} - a creator's public page (users.publicOverview).
export default async function CreatorPage({ params }: { params: Params }) {
  const userCode = decodeURIComponent((await params).userCode);
  const [caller, session] = await Promise.all([getServerCaller(), getPortalSession()]);
  const result = await tryCall(() => caller.users.publicOverview({ userCode }));
  if (!result.ok) notFound();
  const user = result.data;
  const own = session?.user.userCode.toLowerCase() === user.userCode.toLowerCase();
  const links = [user.socialUrl1, user.socialUrl2].filter((u): u is string => !!u);
  return (
    <div className="container">
      <section className="card">
        <div className="creator-head">
          <div className="avatar" aria-hidden="true">
            {user.userCode.charAt(0)}
          </div>
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
    </div>
  );
}
