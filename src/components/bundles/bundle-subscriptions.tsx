import Link from "next/link";
import type { BundleSubscriptionView } from "@/server/domain/bundles/search-subscriptions";
import type { SearchPage } from "@/server/domain/shared/search";
import { DataTable } from "@/components/data-table";
import { formatAccessTime } from "@/lib/format";
import { bundlePath } from "./bundle-period";

/** How many subscriptions the Library lists (the soonest to end first, ended ones after the running). */
export const SUBSCRIPTIONS_SHOWN = 50;

const COLUMNS = [{ label: "Bundle" }, { label: "Since" }, { label: "Until" }, { label: "Status" }];

/** The viewer's bundle subscriptions (bundles.subscriptions, expired ones included) in the Library; their windows in the words and format of every access window (formatAccessTime). */
export function BundleSubscriptions({ page }: { page: SearchPage<BundleSubscriptionView> }) {
  const now = Date.now();
  // the running ones first, each group the soonest to end first
  const items = [...page.items].sort((a, b) => Number(a.expiresAt.getTime() <= now) - Number(b.expiresAt.getTime() <= now));
  return (
    <section className="card" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title">Bundle subscriptions</h2>
      {items.length > 0 ? (
        <DataTable caption="Your bundle subscriptions, running first" columns={COLUMNS} stack testId="subscriptions-table">
          {items.map((s) => (
            <tr key={s.subscriptionId} data-testid="subscription-row">
              <td data-label="Bundle">
                <Link href={bundlePath(s.bundle.bundleId)}>{s.bundle.name}</Link>
              </td>
              <td data-label="Since" className="table__date">
                {formatAccessTime(s.startsAt)}
              </td>
              <td data-label="Until" className="table__date">
                {formatAccessTime(s.expiresAt)}
              </td>
              <td data-label="Status">{s.expiresAt.getTime() > now ? "Running" : <span className="badge badge--muted">Ended</span>}</td>
            </tr>
          ))}
        </DataTable>
      ) : (
        <p className="muted" data-testid="subscriptions-empty">
          No subscription yet. Bundles you subscribe to show up here.
        </p>
      )}
    </section>
  );
}
