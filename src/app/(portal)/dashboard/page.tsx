import Link from "next/link";
import { UsageBar } from "@/components/usage-bar";
import { formatBytes, formatDay } from "@/lib/format";
import { requirePortalCaller } from "@/server/portal/session";

export const metadata = { title: "Dashboard" };

// GET /dashboard - the logged user's license and usage (users.overview).
export default async function DashboardPage() {
  const { caller } = await requirePortalCaller("/dashboard");
  const o = await caller.users.overview();
  return (
    <div className="container">
      <h1>Hello, {o.userCode}</h1>
      <div className="grid">
        <section className="card" aria-labelledby="license-title">
          <h2 id="license-title">
            License: <span data-testid="license-name">{o.licenseName}</span>{" "}
            {o.licenseExpired && <span className="badge badge--danger">expired</span>}
          </h2>
          <dl className="details">
            <dt>{o.licenseExpired ? "Expired on" : "Renew date"}</dt>
            <dd>
              <span data-testid="renew-date">{formatDay(o.renewDate)}</span>
              {o.daysToExpiration === undefined && <span className="muted"> (monthly band reset)</span>}
            </dd>
            <dt>Expiry</dt>
            <dd>
              {o.daysToExpiration === undefined ? "Never expires" : o.licenseExpired ? "Expired" : `${o.daysToExpiration} day(s) left`}
            </dd>
            <dt>Renewals paid ahead</dt>
            <dd>{o.availableRenews}</dd>
            <dt>Active for</dt>
            <dd>{o.daysFromActivation} day(s)</dd>
            <dt>Videos</dt>
            <dd data-testid="videos-count">{o.videosCount}</dd>
          </dl>
          <p className="actions">
            <Link href="/plans" className={o.licenseExpired ? "button" : "button button--secondary"}>
              Renew or change your plan
            </Link>
          </p>
        </section>
        <section className="card" aria-labelledby="usage-title">
          <h2 id="usage-title">Usage</h2>
          <UsageBar label="Storage" percent={o.storagePercent} detail={`${formatBytes(o.storageUsedBytes)} used`} />
          <UsageBar label="Band this month" percent={o.bandPercent} detail={`${formatBytes(o.bandUsedBytes)} served`} />
        </section>
      </div>
      <section className="card">
        <h2>Your account</h2>
        <ul>
          <li>
            <Link href="/box">Your box: upload, process and preview your videos</Link>
          </li>
          <li>
            <Link href="/plans">Plans: compare, buy or renew</Link>
          </li>
          <li>
            <Link href="/sales">Your sales and earnings</Link>
          </li>
          <li>
            <Link href="/library">Your library</Link>
          </li>
          <li>
            <Link href="/account">Edit your profile and public page</Link>
          </li>
          <li>
            <Link href="/account/finance">Payment and billing details</Link>
            {!o.paymentEmail && <span className="muted"> (needed before you sell content)</span>}
          </li>
          <li>
            <Link href="/account/features">Features</Link>
          </li>
          <li>
            <Link href={`/u/${encodeURIComponent(o.userCode)}`}>See your public page</Link>
          </li>
        </ul>
      </section>
    </div>
  );
}
