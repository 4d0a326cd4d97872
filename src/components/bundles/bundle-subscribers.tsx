"use client";

import { useState } from "react";
import { useLocale, useTranslations } from "next-intl";
import { DataTable } from "@/components/data-table";
import { FormStatus } from "@/components/form/form-status";
import { Pager } from "@/components/pager";
import { formatShortDay } from "@/lib/format";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { creatorPath } from "@/lib/vod-urls";

const PAGE_SIZE = 25;

/** Who subscribed to a bundle: the running subscriptions first, the latest to end first. */
export function BundleSubscribers({ bundleId }: { bundleId: string }) {
  const t = useTranslations("bundlesPortal.subscribers");
  const locale = useLocale();
  const columns = [{ label: t("subscriber") }, { label: t("since") }, { label: t("until") }, { label: t("status") }];
  const [pageIndex, setPageIndex] = useState(0);
  const list = trpc.bundles.subscribers.useQuery({ bundleId, pageIndex, pageSize: PAGE_SIZE });
  const page = list.data;
  return (
    <section className="card" aria-labelledby="bundle-subscribers-title">
      <h2 id="bundle-subscribers-title">{t("title")}</h2>
      <FormStatus error={errorMessageOf(list.error)} />
      {page && page.items.length === 0 && <p className="muted">{t("none")}</p>}
      {page && page.items.length > 0 && (
        <DataTable caption={t("caption")} columns={columns} stack testId="bundle-subscribers">
          {page.items.map((s) => (
            <tr key={s.subscriptionId}>
              <td data-label={t("subscriber")}>
                <a href={creatorPath(s.userCode)}>@{s.userCode}</a>
              </td>
              <td data-label={t("since")} className="table__date">
                {formatShortDay(s.startsAt, locale)}
              </td>
              <td data-label={t("until")} className="table__date">
                {formatShortDay(s.expiresAt, locale)}
              </td>
              <td data-label={t("status")}>{s.running ? t("running") : <span className="badge badge--muted">{t("ended")}</span>}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {page && <Pager pageIndex={pageIndex} pageCount={page.pageCount} onPage={setPageIndex} />}
    </section>
  );
}
