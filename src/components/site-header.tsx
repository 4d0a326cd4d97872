import Link from "next/link";
import { getPortalSession, getServerContext } from "@/server/portal/session";
import { devOutboxVisible } from "@/server/portal/dev-outbox";
import { LogoutButton } from "./logout-button";

/** The top bar: only links to pages that exist. */
export async function SiteHeader() {
  const [ctx, session, outbox] = await Promise.all([getServerContext(), getPortalSession(), devOutboxVisible()]);
  const userCode = ctx.actor.kind === "user" ? session?.user.userCode : undefined;
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link href="/" className="brand">
          Kinora
        </Link>
        <nav aria-label="Main">
          <ul className="nav-list">
            {userCode ? (
              <>
                <li>
                  <Link href="/dashboard">Dashboard</Link>
                </li>
                <li>
                  <Link href="/box">Box</Link>
                </li>
                <li>
                  <Link href="/vod">Vod</Link>
                </li>
                <li>
                  <Link href="/bundles">Bundles</Link>
                </li>
                <li>
                  <Link href="/marketplace">Marketplace</Link>
                </li>
                <li>
                  <Link href="/live">Live</Link>
                </li>
                <li>
                  <Link href="/cast">Cast</Link>
                </li>
                <li>
                  <Link href="/plans">Plans</Link>
                </li>
                <li>
                  <Link href="/sales">Sales</Link>
                </li>
                <li>
                  <Link href="/purchases">Purchases</Link>
                </li>
                <li>
                  <Link href="/account">Account</Link>
                </li>
                <li>
                  <Link href={`/u/${encodeURIComponent(userCode)}`}>My page</Link>
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link href="/login">Log in</Link>
                </li>
                <li>
                  <Link href="/register">Register</Link>
                </li>
              </>
            )}
            {outbox && (
              <li>
                <Link href="/dev/outbox">Outbox</Link>
              </li>
            )}
            {userCode && (
              <li className="nav-user">
                <span className="muted" aria-label="Logged in as">
                  {userCode}
                </span>
                <LogoutButton />
              </li>
            )}
          </ul>
        </nav>
      </div>
    </header>
  );
}
