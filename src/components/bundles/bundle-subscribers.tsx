"use client";

import { useState } from "react";
import { DataTable } from "@/components/data-table";
import { FormStatus } from "@/components/form/form-status";
import { Pager } from "@/components/pager";
import { formatShortDay } from "@/lib/format";
import { errorMessageOf } from "@/lib/trpc/errors";
import { trpc } from "@/lib/trpc/react";
import { creatorPath } from "@/lib/vod-urls";

const PAGE_SIZE = 25;
const COLUMNS = [{ label: "Subscriber" }, { label: "Since" }, { label: "Until" }, { label: "Status" }];

/** Who subscribed to a bundle: the running subscriptions first, the latest to end first. */
export function BundleSubscribers({ bundleId }: { bundleId: string }) {
  const [pageIndex, setPageIndex] = useState(0);
  const list = trpc.bundles.subscribers.useQuery({ bundleId, pageIndex, pageSize: PAGE_SIZE });
  const page = list.data;
  return (
    <section className="card" aria-labelledby="bundle-subscribers-title">
      <h2 id="bundle-subscribers-title">Subscribers</h2>
      <FormStatus error={errorMessageOf(list.error)} />
      {page && page.items.length === 0 && <p className="muted">Nobody has subscribed yet.</p>}
      {page && page.items.length > 0 && (
        <DataTable caption="Subscribers of this bundle" columns={COLUMNS} stack testId="bundle-subscribers">
          {page.items.map((s) => (
            <tr key={s.subscriptionId}>
              <td data-label="Subscriber">
                <a href={creatorPath(s.userCode)}>@{s.userCode}</a>
              </td>
              <td data-label="Since" className="table__date">
                {formatShortDay(s.startsAt)}
              </td>
              <td data-label="Until" className="table__date">
                {formatShortDay(s.expiresAt)}
              </td>
              <td data-label="Status">{s.running ? "Running" : <span className="badge badge--muted">Ended</span>}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {page && <Pager pageIndex={pageIndex} pageCount={page.pageCount} onPage={setPageIndex} />}
    </section>
  );
}
