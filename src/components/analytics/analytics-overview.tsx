"use client";

import Link from "next/link";
import { keepPreviousData } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { TopContent } from "@/server/domain/analytics/analytics-reports";
import { DataTable } from "@/components/data-table";
import { FormStatus } from "@/components/form/form-status";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { OverTime, QualityOfExperience, Totals, useFigures } from "./analytics-parts";
import { RangePicker, useRangeParams } from "./range-picker";
import { eventAnalyticsPath, vodAnalyticsPath } from "@/lib/analytics-urls";

/** Where a content of the ranking has its own analytics page (vods and live events; a cast channel has none). */
function analyticsPathOf(c: TopContent): string | undefined {
  if (c.kind === "vod") return vodAnalyticsPath(c.itemId);
  if (c.kind === "live") return eventAnalyticsPath(c.itemId);
  return undefined;
}

/** The creator's contents with the most views over the range, with their watch time and what they earned. */
function TopContents({ items, currency }: { items: TopContent[]; currency: string }) {
  const t = useTranslations("analytics.top");
  const f = useFigures();
  return (
    <DataTable
      caption={t("caption")}
      stack
      testId="top-contents"
      columns={[
        { label: t("content") },
        { label: t("views"), numeric: true },
        { label: t("watchTime"), numeric: true },
        { label: t("revenue"), numeric: true },
      ]}
    >
      {items.map((c) => {
        const path = analyticsPathOf(c);
        return (
          <tr key={`${c.kind}-${c.itemId}`} data-testid="top-content-row">
            <td data-label={t("content")}>
              {path ? <Link href={path}>{c.title}</Link> : c.title}{" "}
              <span className="badge badge--muted">{t(`kinds.${c.kind === "live" || c.kind === "cast" ? c.kind : "vod"}`)}</span>
            </td>
            <td data-label={t("views")} className="num">
              {f.count(c.views)}
            </td>
            <td data-label={t("watchTime")} className="num">
              {f.time(c.watchTimeSeconds)}
            </td>
            <td data-label={t("revenue")} className="num">
              {f.money(c.revenueCents, currency)}
            </td>
          </tr>
        );
      })}
    </DataTable>
  );
}

/**
 * The overview of all the creator's contents over a range of days (?from=&to=): totals with their
 * sparklines, views and watch time by day, the top contents, the quality of experience, the
 * creator's own plays apart, and the days as CSV.
 */
export function AnalyticsOverviewView() {
  const t = useTranslations("analytics");
  const range = useRangeParams();
  const overview = trpc.analytics.overview.useQuery(range, { placeholderData: keepPreviousData });
  const top = trpc.analytics.topContents.useQuery({ ...range, limit: 10 }, { placeholderData: keepPreviousData });
  const data = overview.data;
  const rangeError = fieldErrorsOf(overview.error).from;
  return (
    <>
      <RangePicker range={data && { from: data.from, to: data.to }} error={rangeError} />
      {!rangeError && <FormStatus error={errorMessageOf(overview.error ?? top.error)} />}
      {!data && !overview.error && <p className="muted">{t("loading")}</p>}
      {data && (
        <div aria-busy={overview.isFetching} data-testid="analytics-overview">
          <Totals summary={data} series={data.series} revenueCents={data.revenueCents} currency={data.currency} />

          <OverTime data={data} csvName={`analytics-${data.from}-${data.to}.csv`} />

          <section className="card" aria-labelledby="top-title">
            <h2 id="top-title">{t("top.title")}</h2>
            {top.data && top.data.length > 0 ? (
              <TopContents items={top.data} currency={data.currency} />
            ) : (
              top.data && (
                <p className="muted" data-testid="top-contents-empty">
                  {t("empty")}
                </p>
              )
            )}
          </section>

          <QualityOfExperience summary={data} />
        </div>
      )}
    </>
  );
}
