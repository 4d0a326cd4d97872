import { useLocale, useTranslations } from "next-intl";
import type { SalesDay } from "@/server/domain/payments/sales-summary";
import { DataTable } from "@/components/data-table";
import { formatDay, formatDayMonth, formatPrice } from "@/lib/format";

const WIDTH = 720;
const HEIGHT = 220;
// room for the axis labels, also at the larger size a phone draws them (globals.css)
const PLOT = { top: 16, right: 8, bottom: 36, left: 96 };

/**
 * The net revenue of each day as bars, drawn on the server (no script, no chart library). Screen
 * readers get the chart's title, the summary under it and every day in the table below it; a day
 * whose refunds outweigh its sales goes below the zero line.
 */
export function RevenueChart({ days, currency }: { days: SalesDay[]; currency: string }) {
  const t = useTranslations("sales.chart");
  const locale = useLocale();
  const columns = [
    { label: t("day") },
    { label: t("sales"), numeric: true },
    { label: t("gross"), numeric: true },
    { label: t("net"), numeric: true },
  ];
  const net = days.map((d) => d.netCents);
  const top = Math.max(0, ...net);
  const bottom = Math.min(0, ...net);
  const span = top - bottom || 1;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const y = (cents: number) => PLOT.top + ((top - cents) / span) * plotHeight;
  const slot = (WIDTH - PLOT.left - PLOT.right) / days.length;
  const total = net.reduce((a, b) => a + b, 0);
  const best = days.reduce((a, b) => (b.netCents > a.netCents ? b : a), days[0]!);
  const money = (cents: number) => formatPrice(cents, currency, locale);
  const day = (d: Date) => formatDay(d, locale);
  const summary =
    top === 0 && bottom === 0 ? t("none") : t("summary", { total: money(total), day: day(best.day), best: money(best.netCents) });
  const labelled = [0, Math.floor(days.length / 2), days.length - 1];

  return (
    <figure className="chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby="revenue-chart-title"
        data-testid="revenue-chart"
        className="chart__svg"
      >
        <title id="revenue-chart-title">{t("title", { days: days.length })}</title>
        {top > 0 && (
          <>
            <line className="chart__grid" x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(top)} y2={y(top)} />
            <text className="chart__label" x={PLOT.left - 8} y={y(top) + 4} textAnchor="end">
              {money(top)}
            </text>
          </>
        )}
        {bottom < 0 && (
          <text className="chart__label" x={PLOT.left - 8} y={y(bottom) + 4} textAnchor="end">
            {money(bottom)}
          </text>
        )}
        {days.map((d, i) => {
          const x = PLOT.left + i * slot + slot * 0.15;
          const barTop = y(Math.max(d.netCents, 0));
          const height = Math.abs(y(d.netCents) - y(0));
          return (
            <rect
              key={d.day.toISOString()}
              className={
                d.netCents < 0 ? "chart__bar chart__bar--negative" : d.netCents === 0 ? "chart__bar chart__bar--empty" : "chart__bar"
              }
              x={x}
              y={d.netCents === 0 ? y(0) - 1 : barTop}
              width={slot * 0.7}
              height={d.netCents === 0 ? 1 : Math.max(height, 1)}
              rx={2}
              data-day={d.day.toISOString().slice(0, 10)}
              data-net={d.netCents}
            >
              <title>{`${day(d.day)}: ${money(d.netCents)}`}</title>
            </rect>
          );
        })}
        <line className="chart__axis" x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(0)} y2={y(0)} />
        <text className="chart__label" x={PLOT.left - 8} y={y(0) + 4} textAnchor="end">
          {money(0)}
        </text>
        {labelled.map((i) => (
          <text
            key={i}
            className="chart__label"
            x={PLOT.left + i * slot + slot / 2}
            y={HEIGHT - 8}
            textAnchor={i === 0 ? "start" : i === days.length - 1 ? "end" : "middle"}
          >
            {formatDayMonth(days[i]!.day, locale)}
          </text>
        ))}
      </svg>
      <figcaption className="muted" data-testid="revenue-summary">
        {summary}
      </figcaption>
      <details className="chart__table">
        <summary>{t("asTable")}</summary>
        <DataTable caption={t("caption", { days: days.length })} columns={columns}>
          {days.map((d) => (
            <tr key={d.day.toISOString()}>
              <th scope="row">{day(d.day)}</th>
              <td className="num">{d.sales}</td>
              <td className="num">{money(d.grossCents)}</td>
              <td className="num">{money(d.netCents)}</td>
            </tr>
          ))}
        </DataTable>
      </details>
    </figure>
  );
}
