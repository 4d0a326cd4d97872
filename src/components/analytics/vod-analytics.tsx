"use client";

import { keepPreviousData } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { FormStatus } from "@/components/form/form-status";
import { errorMessageOf, fieldErrorsOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { AudienceBreakdown, OverTime, QualityOfExperience, Totals, useFigures } from "./analytics-parts";
import { Chart } from "./chart";
import { RangePicker, useRangeParams } from "./range-picker";

/** The share of views still watching at each twentieth of the video. */
function RetentionChart({ retention }: { retention: number[] }) {
  const t = useTranslations("analytics.retention");
  const f = useFigures();
  const step = 100 / retention.length;
  return (
    <Chart
      type="line"
      unitScale
      testId="retention-chart"
      label={t("chartLabel")}
      summary={t("summary", { half: f.share(retention[Math.floor(retention.length / 2)] ?? 0), end: f.share(retention.at(-1) ?? 0) })}
      labelHeading={t("position")}
      labels={retention.map((_, i) => f.share((i * step) / 100))}
      series={[{ label: t("watching"), data: retention, format: f.share }]}
    />
  );
}

/**
 * One of the creator's vods over a range of days (?from=&to=): totals, views by day, the audience
 * retention curve, where the views came from, the quality of experience, the creator's own plays,
 * and the days as CSV.
 */
export function VodAnalyticsView({ vodId }: { vodId: string }) {
  const t = useTranslations("analytics");
  const range = useRangeParams();
  const query = trpc.analytics.vod.useQuery({ vodId, ...range }, { placeholderData: keepPreviousData });
  const data = query.data;
  const rangeError = fieldErrorsOf(query.error).from;
  return (
    <>
      <RangePicker range={data && { from: data.from, to: data.to }} error={rangeError} />
      {!rangeError && <FormStatus error={errorMessageOf(query.error)} />}
      {!data && !query.error && <p className="muted">{t("loading")}</p>}
      {data && (
        <div aria-busy={query.isFetching} data-testid="vod-analytics">
          <Totals summary={data} series={data.series} revenueCents={data.revenueCents} currency={data.currency} />

          <OverTime data={data} csvName={`analytics-vod-${data.vodId}-${data.from}-${data.to}.csv`} />

          <section className="card" aria-labelledby="retention-title">
            <h2 id="retention-title">{t("retention.title")}</h2>
            <p className="muted">{t("retention.about")}</p>
            {data.views > 0 ? <RetentionChart retention={data.retention} /> : <p className="muted">{t("empty")}</p>}
          </section>

          <AudienceBreakdown breakdown={data.breakdown} />
          <QualityOfExperience summary={data} />
        </div>
      )}
    </>
  );
}
