"use client";

import { useLocale, useTranslations } from "next-intl";
import type { AudienceDay } from "@/server/domain/analytics/analytics-reports";
import type { AudienceSummary, Breakdown } from "@/server/domain/analytics/audience-reads";
import type { PlaySource } from "@/server/auth/play-session";
import { DataTable } from "@/components/data-table";
import { formatCount, formatPrice } from "@/lib/format";
import { Chart } from "./chart";
import { formatMillis, formatSeriesDay, formatShare, formatWatchTime } from "./analytics-format";
import { downloadCsv, seriesCsv } from "./csv";

// The pieces the analytics pages share: the totals with their sparklines, the audience by day, the
// quality of experience, the owner's own plays, the sources and countries, the CSV export.

type Summary = Pick<AudienceSummary, "views" | "uniqueViewers" | "watchTimeSeconds" | "averageViewSeconds">;

/** The figures of a page in the page's language. */
export function useFigures() {
  const locale = useLocale();
  return {
    locale,
    count: (n: number) => formatCount(n, locale),
    time: (seconds: number) => formatWatchTime(seconds, locale),
    share: (ratio: number) => formatShare(ratio, locale),
    millis: (ms: number) => formatMillis(ms, locale),
    money: (cents: number, currency: string) => formatPrice(cents, currency, locale),
    day: (day: string) => formatSeriesDay(day, locale),
  };
}

/** One headline figure, with its trend over the range as a sparkline. */
function Total({
  label,
  value,
  hint,
  trend,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  trend?: { label: string; data: number[] };
  testId: string;
}) {
  return (
    <div className="card analytics-total" data-testid={testId}>
      <dt className="stat__label">{label}</dt>
      <dd className="stat__value">{value}</dd>
      {trend && trend.data.length > 1 && (
        <dd className="analytics-total__trend">
          <Chart type="line" sparkline labels={trend.data.map(String)} series={[{ label, data: trend.data }]} label={trend.label} />
        </dd>
      )}
      {hint && <dd className="field__hint">{hint}</dd>}
    </div>
  );
}

/** The range's totals (views, unique viewers, watch time, average view, revenue), each with its days as a sparkline. */
export function Totals({
  summary,
  series,
  revenueCents,
  currency,
}: {
  summary: Summary;
  series: AudienceDay[];
  revenueCents: number;
  currency: string;
}) {
  const t = useTranslations("analytics.totals");
  const f = useFigures();
  const trend = (label: string, data: number[], show: (n: number) => string) => ({
    label: t("trend", { label, days: data.length, low: show(Math.min(...data)), high: show(Math.max(...data)) }),
    data,
  });
  const average = series.map((d) => (d.views ? d.watchTimeSeconds / d.views : 0));
  return (
    <dl className="analytics-totals" data-testid="analytics-totals">
      <Total
        testId="total-views"
        label={t("views")}
        value={f.count(summary.views)}
        trend={trend(
          t("views"),
          series.map((d) => d.views),
          f.count,
        )}
      />
      <Total
        testId="total-unique"
        label={t("uniqueViewers")}
        value={f.count(summary.uniqueViewers)}
        hint={t("uniqueHint")}
        trend={trend(
          t("uniqueViewers"),
          series.map((d) => d.uniqueViewers),
          f.count,
        )}
      />
      <Total
        testId="total-watch-time"
        label={t("watchTime")}
        value={f.time(summary.watchTimeSeconds)}
        trend={trend(
          t("watchTime"),
          series.map((d) => d.watchTimeSeconds),
          f.time,
        )}
      />
      <Total
        testId="total-average"
        label={t("averageView")}
        value={f.time(summary.averageViewSeconds)}
        trend={trend(t("averageView"), average, f.time)}
      />
      <Total
        testId="total-revenue"
        label={t("revenue")}
        value={f.money(revenueCents, currency)}
        trend={trend(
          t("revenue"),
          series.map((d) => d.revenueCents),
          (c) => f.money(c, currency),
        )}
      />
    </dl>
  );
}

/** Whether the range has nothing to chart: no view and no sale on any day. */
export const isEmptySeries = (series: AudienceDay[]) => series.every((d) => d.views === 0 && d.revenueCents === 0);

/** Views (bars) and watch time (a line, on its own scale) day by day. */
export function AudienceChart({ series }: { series: AudienceDay[] }) {
  const t = useTranslations("analytics.overTime");
  const f = useFigures();
  const best = series.reduce((a, b) => (b.views > a.views ? b : a), series[0]!);
  return (
    <Chart
      type="bar"
      testId="audience-chart"
      label={t("chartLabel", { days: series.length })}
      summary={t("summary", { views: best.views, day: f.day(best.date) })}
      labelHeading={t("day")}
      labels={series.map((d) => f.day(d.date))}
      series={[
        { label: t("views"), data: series.map((d) => d.views), format: f.count },
        { label: t("watchTime"), data: series.map((d) => d.watchTimeSeconds), kind: "line", secondAxis: true, format: f.time },
      ]}
    />
  );
}

/** The CSV of the days shown, saved as `filename`. */
export function ExportCsvButton({ filename, series, currency }: { filename: string; series?: AudienceDay[]; currency?: string }) {
  const t = useTranslations("analytics");
  return (
    <button
      type="button"
      className="button button--secondary"
      data-testid="analytics-export"
      disabled={!series || !currency}
      onClick={() => series && currency && downloadCsv(filename, seriesCsv(series, currency))}
    >
      {t("exportCsv")}
    </button>
  );
}

/** How well the plays went: startup time (p50, p95), time stalled, sessions with an error. */
export function QualityOfExperience({ summary }: { summary: AudienceSummary }) {
  const t = useTranslations("analytics.quality");
  const f = useFigures();
  const none = t("none");
  return (
    <section className="card" aria-labelledby="quality-title" data-testid="analytics-quality">
      <h2 id="quality-title">{t("title")}</h2>
      <p className="muted">{t("about", { sessions: summary.sessions })}</p>
      <dl className="stats">
        <div className="stat">
          <dt className="stat__label">{t("startupP50")}</dt>
          <dd className="stat__value">{summary.startupTimeMsP50 === null ? none : f.millis(summary.startupTimeMsP50)}</dd>
        </div>
        <div className="stat">
          <dt className="stat__label">{t("startupP95")}</dt>
          <dd className="stat__value">{summary.startupTimeMsP95 === null ? none : f.millis(summary.startupTimeMsP95)}</dd>
        </div>
        <div className="stat">
          <dt className="stat__label">{t("rebuffering")}</dt>
          <dd className="stat__value">{summary.sessions ? f.share(summary.rebufferRatio) : none}</dd>
        </div>
        <div className="stat">
          <dt className="stat__label">{t("errors")}</dt>
          <dd className="stat__value">{summary.sessions ? f.share(summary.errorRate) : none}</dd>
        </div>
      </dl>
    </section>
  );
}

/** The owner's own plays: shown, never part of the audience above. */
export function OwnPlays({ summary }: { summary: Pick<AudienceSummary, "ownerViews" | "ownerWatchTimeSeconds"> }) {
  const t = useTranslations("analytics");
  const f = useFigures();
  return (
    <p className="muted" data-testid="analytics-own">
      {summary.ownerViews > 0 ? t("own", { views: summary.ownerViews, time: f.time(summary.ownerWatchTimeSeconds) }) : t("ownNone")}
    </p>
  );
}

const SOURCES: readonly PlaySource[] = ["watch", "embed", "bundle", "channel", "direct"];

/** A count of views by key, the largest first, with each one's share of all. */
function ShareTable({
  caption,
  heading,
  rows,
  testId,
}: {
  caption: string;
  heading: string;
  rows: Array<[string, number]>;
  testId: string;
}) {
  const t = useTranslations("analytics.breakdown");
  const f = useFigures();
  const total = rows.reduce((a, [, n]) => a + n, 0);
  return (
    <DataTable
      caption={caption}
      testId={testId}
      columns={[{ label: heading }, { label: t("views"), numeric: true }, { label: t("share"), numeric: true }]}
    >
      {rows.map(([key, views]) => (
        <tr key={key}>
          <th scope="row">{key}</th>
          <td className="num">{f.count(views)}</td>
          <td className="num">{f.share(total ? views / total : 0)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

const byViews = (record: Record<string, number>): Array<[string, number]> =>
  Object.entries(record)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1]);

/** Where the views came from (watch page, embeds and their sites, bundle, channel, direct) and, with a GeoIP database, from which countries. */
export function AudienceBreakdown({ breakdown }: { breakdown: Breakdown }) {
  const t = useTranslations("analytics.breakdown");
  const locale = useLocale();
  const sources = SOURCES.map((s) => [t(`sources.${s}`), breakdown.sources[s] ?? 0] as [string, number]);
  const hosts = byViews(breakdown.embedHosts);
  const countries = byViews(breakdown.countries);
  let regions: Intl.DisplayNames | undefined;
  try {
    regions = new Intl.DisplayNames([locale.startsWith("it") ? "it" : "en"], { type: "region" });
  } catch {
    regions = undefined;
  }
  const country = (code: string) => {
    try {
      return regions?.of(code) ?? code;
    } catch {
      return code;
    }
  };
  return (
    <>
      <section className="card" aria-labelledby="sources-title" data-testid="analytics-sources">
        <h2 id="sources-title">{t("sourcesTitle")}</h2>
        {sources.some(([, n]) => n > 0) ? (
          <ShareTable caption={t("sourcesTitle")} heading={t("source")} rows={sources} testId="sources-table" />
        ) : (
          <p className="muted">{t("noSources")}</p>
        )}
        <h3>{t("embedHosts")}</h3>
        {hosts.length > 0 ? (
          <ShareTable caption={t("embedHosts")} heading={t("host")} rows={hosts} testId="embed-hosts-table" />
        ) : (
          <p className="muted">{t("noEmbeds")}</p>
        )}
      </section>
      <section className="card" aria-labelledby="countries-title" data-testid="analytics-countries">
        <h2 id="countries-title">{t("countriesTitle")}</h2>
        {countries.length > 0 ? (
          <ShareTable
            caption={t("countriesTitle")}
            heading={t("country")}
            rows={countries.map(([code, n]) => [country(code), n])}
            testId="countries-table"
          />
        ) : (
          <p className="muted">{t("noCountries")}</p>
        )}
      </section>
    </>
  );
}

/** Views and watch time by day over the range, with the CSV of the days and the owner's own plays apart. */
export function OverTime({
  data,
  csvName,
}: {
  data: Pick<AudienceSummary, "ownerViews" | "ownerWatchTimeSeconds"> & { series: AudienceDay[]; currency: string };
  csvName: string;
}) {
  const t = useTranslations("analytics");
  return (
    <section className="card" aria-labelledby="over-time-title">
      <div className="page-head">
        <h2 id="over-time-title">{t("overTime.title")}</h2>
        <ExportCsvButton filename={csvName} series={data.series} currency={data.currency} />
      </div>
      {isEmptySeries(data.series) ? (
        <p className="muted" data-testid="analytics-empty">
          {t("empty")}
        </p>
      ) : (
        <AudienceChart series={data.series} />
      )}
      <OwnPlays summary={data} />
    </section>
  );
}
