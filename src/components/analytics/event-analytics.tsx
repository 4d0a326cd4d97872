"use client";

import { useTranslations } from "next-intl";
import { FormStatus } from "@/components/form/form-status";
import { errorMessageOf } from "@/components/trpc/errors";
import { trpc } from "@/components/trpc/react";
import { formatMinute } from "./analytics-format";
import { AudienceBreakdown, useFigures } from "./analytics-parts";
import { Chart } from "./chart";

/** How often the page asks again while it is open: the samples are taken each minute. */
const REFRESH_MS = 60_000;

/**
 * One of the creator's live events, all of its audience (live and replay): its peak of concurrent
 * viewers, views, watch time, the concurrent viewers minute by minute, where the views came from,
 * and what it earned.
 */
export function EventAnalyticsView({ eventId }: { eventId: string }) {
  const t = useTranslations("analytics");
  const f = useFigures();
  const query = trpc.analytics.event.useQuery({ eventId }, { refetchInterval: REFRESH_MS });
  const data = query.data;
  const samples = data?.concurrency ?? [];
  const severalDays = samples.length > 0 && samples[0]!.at.slice(0, 10) !== samples.at(-1)!.at.slice(0, 10);
  const peak = samples.reduce<(typeof samples)[number] | undefined>((a, b) => (!a || b.viewers > a.viewers ? b : a), undefined);
  return (
    <>
      <FormStatus error={errorMessageOf(query.error)} />
      {!data && !query.error && <p className="muted">{t("loading")}</p>}
      {data && (
        <div data-testid="event-analytics">
          <dl className="analytics-totals" data-testid="analytics-totals">
            {[
              ["peak", t("live.peak"), f.count(data.peakViewers)],
              ["views", t("totals.views"), f.count(data.views)],
              ["unique", t("totals.uniqueViewers"), f.count(data.uniqueViewers)],
              ["watch-time", t("totals.watchTime"), f.time(data.watchTimeSeconds)],
              ["revenue", t("totals.revenue"), f.money(data.revenueCents, data.currency)],
            ].map(([key, label, value]) => (
              <div key={key} className="card analytics-total" data-testid={`total-${key}`}>
                <dt className="stat__label">{label}</dt>
                <dd className="stat__value">{value}</dd>
                {key === "unique" && <dd className="field__hint">{t("totals.uniqueHint")}</dd>}
              </div>
            ))}
          </dl>
          <p className="muted">{t("live.about")}</p>

          <section className="card" aria-labelledby="concurrency-title">
            <h2 id="concurrency-title">{t("live.concurrencyTitle")}</h2>
            {samples.length > 0 ? (
              <Chart
                type="line"
                testId="concurrency-chart"
                label={t("live.chartLabel")}
                summary={peak && t("live.summary", { viewers: f.count(peak.viewers), at: formatMinute(peak.at, f.locale, true) })}
                labelHeading={t("live.minute")}
                labels={samples.map((s) => formatMinute(s.at, f.locale, severalDays))}
                series={[{ label: t("live.viewers"), data: samples.map((s) => s.viewers), format: f.count }]}
              />
            ) : (
              <p className="muted" data-testid="analytics-empty">
                {t("live.none")}
              </p>
            )}
          </section>

          <AudienceBreakdown breakdown={data.breakdown} />
        </div>
      )}
    </>
  );
}
