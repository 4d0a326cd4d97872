"use client";

import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
  type ChartDataset,
} from "chart.js";
import { DataTable } from "@/components/data-table";

// The one way the portal draws charts and sparklines: Chart.js on a <canvas>. It sets the canvas's
// size through the CSSOM (element.style), which the pages' CSP allows (no <style> element, no style
// attribute in the markup: src/server/http/security-headers.ts), and draws everything else in pixels.
ChartJS.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Filler, Tooltip, Legend);

export interface ChartSeries {
  label: string;
  data: number[];
  /** how this series is drawn; the chart's type by default */
  kind?: "line" | "bar";
  /** a second scale on the right, for a series of another unit (watch time beside views) */
  secondAxis?: boolean;
  /** the series' value for people: ticks, tooltips and the table */
  format?: (value: number) => string;
}

export interface ChartProps {
  type: "line" | "bar";
  /** what each point is (days, minutes, twentieths of a video), already formatted */
  labels: string[];
  series: ChartSeries[];
  /** the chart's accessible name: what it shows ("Views and watch time per day") */
  label: string;
  /** said under the chart and to screen readers with its name */
  summary?: string;
  /** the heading of the table's first column ("Day") */
  labelHeading?: string;
  /** a small line without axes, legend nor table, beside a total */
  sparkline?: boolean;
  /** the y scale from 0 to 1 (shares, shown as percentages by `format`) */
  unitScale?: boolean;
  testId?: string;
}

/** The palette from the page's theme (globals.css custom properties): light or dark, as the page is. */
function themeColors(el: HTMLElement) {
  const style = getComputedStyle(el);
  const read = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return {
    series: [read("--accent", "#4a3fd1"), read("--success", "#146c43"), read("--warn", "#9a6700"), read("--danger", "#b42318")],
    text: read("--muted", "#5d6075"),
    grid: read("--border", "#d9dbe6"),
  };
}

/** #rrggbb with an alpha, for the area under a line. */
const translucent = (hex: string, alpha: string) => (/^#[0-9a-f]{6}$/i.test(hex) ? `${hex}${alpha}` : hex);

/** Whether the page asks for less motion, or for dark colours: the chart is drawn again when either changes. */
function useMediaState(): string {
  const [state, setState] = useState("");
  useEffect(() => {
    const queries = [window.matchMedia("(prefers-color-scheme: dark)"), window.matchMedia("(prefers-reduced-motion: reduce)")];
    const read = () => setState(queries.map((q) => (q.matches ? "1" : "0")).join(""));
    read();
    queries.forEach((q) => q.addEventListener("change", read));
    return () => queries.forEach((q) => q.removeEventListener("change", read));
  }, []);
  return state;
}

/**
 * A chart of one or more series over the same labels (days, minutes, shares of a video), drawn by
 * Chart.js. Screen readers get the canvas as an image named by `label` and `summary`; every point is
 * in the table under it ("The data as a table"), except for a sparkline, whose figure is beside it.
 */
export function Chart({ type, labels, series, label, summary, labelHeading, sparkline = false, unitScale = false, testId }: ChartProps) {
  const t = useTranslations("analytics.chart");
  const canvas = useRef<HTMLCanvasElement>(null);
  const media = useMediaState();
  // the chart is made again when what it draws changes, not on every render of its page
  const drawn = JSON.stringify({ type, labels, series: series.map((s) => [s.label, s.data, s.kind, s.secondAxis]), sparkline, unitScale });
  const formats = useRef(series.map((s) => s.format));
  formats.current = series.map((s) => s.format);

  useEffect(() => {
    const el = canvas.current;
    if (!el || media === "") return;
    const colors = themeColors(el);
    const reducedMotion = media[1] === "1";
    const show = (index: number, value: number) => formats.current[index]?.(value) ?? String(value);
    const datasets = series.map((s, i) => {
      const color = colors.series[i % colors.series.length]!;
      const kind = s.kind ?? type;
      return {
        type: kind,
        label: s.label,
        data: s.data,
        yAxisID: s.secondAxis ? "y1" : "y",
        borderColor: color,
        backgroundColor: kind === "bar" ? translucent(color, "b3") : translucent(color, "26"),
        borderWidth: kind === "bar" ? 0 : sparkline ? 1.5 : 2,
        fill: kind === "line" && (sparkline || series.length === 1),
        // smooth, without overshooting the points (a share stays within 0..1)
        cubicInterpolationMode: "monotone",
        pointRadius: sparkline || labels.length > 40 ? 0 : 2,
        pointHoverRadius: sparkline ? 0 : 4,
        order: kind === "line" ? 0 : 1,
      } as ChartDataset<"bar" | "line", number[]>;
    });
    const secondAxis = series.some((s) => s.secondAxis);
    const firstOf = (right: boolean) =>
      Math.max(
        0,
        series.findIndex((s) => !!s.secondAxis === right),
      );
    const axis = (right: boolean) => ({
      display: !sparkline,
      position: right ? ("right" as const) : ("left" as const),
      beginAtZero: true,
      ...(unitScale && { min: 0, max: 1 }),
      grid: { color: colors.grid, drawOnChartArea: !right },
      border: { display: false },
      ticks: {
        color: colors.text,
        maxTicksLimit: 6,
        // counts and seconds in whole steps; a share (0..1) in quarters
        ...(unitScale ? { stepSize: 0.25 } : { precision: 0 }),
        callback: (value: string | number) => show(firstOf(right), Number(value)),
      },
    });
    const config: ChartConfiguration<"bar" | "line", number[], string> = {
      type,
      data: { labels, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reducedMotion || sparkline ? false : { duration: 300 },
        interaction: { mode: "index", intersect: false },
        layout: { padding: sparkline ? 2 : 0 },
        scales: {
          x: {
            display: !sparkline,
            grid: { display: false },
            ticks: { color: colors.text, maxRotation: 0, autoSkip: true, maxTicksLimit: 8 },
          },
          y: axis(false),
          ...(secondAxis && { y1: axis(true) }),
        },
        plugins: {
          legend: { display: !sparkline && series.length > 1, labels: { color: colors.text, boxWidth: 12 } },
          tooltip: {
            enabled: !sparkline,
            callbacks: { label: (item) => `${item.dataset.label}: ${show(item.datasetIndex, Number(item.raw))}` },
          },
        },
      },
    };
    const chart = new ChartJS(el, config);
    return () => chart.destroy();
    // `drawn` stands for labels, series and the options; the formats are read through their ref
  }, [drawn, media]);

  const name = summary ? `${label}. ${summary}` : label;
  if (sparkline) {
    return (
      <div className="chart-canvas chart-canvas--sparkline">
        <canvas ref={canvas} role="img" aria-label={name} data-testid={testId} />
      </div>
    );
  }
  return (
    <figure className="chart analytics-chart">
      <div className="chart-canvas">
        <canvas ref={canvas} role="img" aria-label={name} data-testid={testId} />
      </div>
      {summary && <figcaption className="muted">{summary}</figcaption>}
      <details className="chart__table">
        <summary>{t("asTable")}</summary>
        <DataTable
          caption={label}
          columns={[{ label: labelHeading ?? t("point") }, ...series.map((s) => ({ label: s.label, numeric: true }))]}
        >
          {labels.map((point, i) => (
            <tr key={`${i}-${point}`}>
              <th scope="row">{point}</th>
              {series.map((s) => (
                <td key={s.label} className="num">
                  {s.format ? s.format(s.data[i] ?? 0) : (s.data[i] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </DataTable>
      </details>
    </figure>
  );
}
