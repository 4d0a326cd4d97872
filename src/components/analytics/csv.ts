// The CSV export of an analytics page, made in the browser from the series it shows: one line a
// day, the day's figures and what it earned (in the currency's units, "12.50").
import type { AudienceDay } from "@/server/domain/analytics/analytics-reports";

export const CSV_HEADER = "date,views,uniqueViewers,watchTimeSeconds,revenue,currency";

/** The series as CSV text (RFC 4180: comma-separated, CRLF line ends, a header line). */
export function seriesCsv(series: AudienceDay[], currency: string): string {
  const lines = series.map((d) =>
    [d.date, d.views, d.uniqueViewers, d.watchTimeSeconds, (d.revenueCents / 100).toFixed(2), currency].join(","),
  );
  return [CSV_HEADER, ...lines].join("\r\n") + "\r\n";
}

/** Has the browser save `text` as the file `filename`. */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started from the URL; it is no longer needed after this turn
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
