// The analytics pages' figures for people, in the page's language: durations in the unit that reads
// best, shares as percentages, days and minutes of UTC as the reports count them.
import { formatDayMonth } from "@/lib/format";

const intlLocale = (language: string): string => (language.startsWith("it") ? "it-IT" : "en-GB");

function unit(value: number, u: "second" | "minute" | "hour" | "millisecond", language: string, digits: number): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: "unit",
    unit: u,
    unitDisplay: "short",
    maximumFractionDigits: digits,
  }).format(value);
}

/** Watched time: "45 sec", "12 min", "3.4 hr" ("3,4 h" in Italian). */
export function formatWatchTime(seconds: number, language: string): string {
  if (seconds < 60) return unit(Math.round(seconds), "second", language, 0);
  if (seconds < 3600) return unit(seconds / 60, "minute", language, seconds < 600 ? 1 : 0);
  return unit(seconds / 3600, "hour", language, 1);
}

/** A startup time: "350 ms", "1.2 sec". */
export function formatMillis(ms: number, language: string): string {
  return ms < 1000 ? unit(Math.round(ms), "millisecond", language, 0) : unit(ms / 1000, "second", language, 1);
}

/** A share (0..1) as a percentage: "42%", "0.5%". */
export function formatShare(ratio: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { style: "percent", maximumFractionDigits: ratio > 0 && ratio < 0.1 ? 1 : 0 }).format(
    ratio,
  );
}

/** A UTC day of a series (YYYY-MM-DD) on an axis: "23 Nov". */
export const formatSeriesDay = (day: string, language: string): string => formatDayMonth(new Date(`${day}T00:00:00Z`), language);

const minuteFormats = new Map<string, Intl.DateTimeFormat>();

/** A minute of a live event's audience, in UTC: "14:05" (with the day when the samples cover more than one). */
export function formatMinute(at: string, language: string, withDay: boolean): string {
  const key = `${language}/${withDay}`;
  let format = minuteFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), {
      hour: "2-digit",
      minute: "2-digit",
      ...(withDay && { day: "numeric", month: "short" }),
      timeZone: "UTC",
    });
    minuteFormats.set(key, format);
  }
  return format.format(new Date(at));
}
