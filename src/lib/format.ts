// Display formats of the portal, in the page's language ("en" by default, "it"): UTC calendar days as
// the domain stores them, so the server's HTML and the browser's rendering agree.

/** The Intl locale of a page's language: British English's day-month order, or Italian. */
const intlLocale = (language: string): string => (language.startsWith("it") ? "it-IT" : "en-GB");

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(language: string, month: "long" | "short", year: boolean): Intl.DateTimeFormat {
  const key = `${intlLocale(language)}/${month}/${year}`;
  let format = dayFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { day: "numeric", month, ...(year && { year: "numeric" }), timeZone: "UTC" });
    dayFormats.set(key, format);
  }
  return format;
}

/** A day in words: "23 November 2026", "23 novembre 2026". */
export const formatDay = (d: Date, language = "en"): string => dayFormat(language, "long", true).format(d);

/** A day in tables: "23 Nov 2026". */
export const formatShortDay = (d: Date, language = "en"): string => dayFormat(language, "short", true).format(d);

/** A day of the current stretch, on a chart's axis: "23 Nov". */
export const formatDayMonth = (d: Date, language = "en"): string => dayFormat(language, "short", false).format(d);

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant in tables, in UTC to the minute: "23 Nov 2026, 14:05 UTC" (an audit log's times). */
export function formatDateTime(d: Date, language = "en"): string {
  const key = intlLocale(language);
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(key, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    timeFormats.set(key, format);
  }
  return `${format.format(d)} UTC`;
}

/** A count with the language's digit grouping: "1,000", "1.000". */
export const formatCount = (n: number, language = "en"): string => n.toLocaleString(intlLocale(language));

/** yyyy-MM-dd of a UTC calendar day (the value of <input type="date"> and of the domain's dates). */
export const isoDay = (d: Date): string => d.toISOString().slice(0, 10);

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** Bytes in powers of 1024, as the license quotas count them. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // without trailing zeros: a license's 500 MB, not 500.0 MB
  return `${Number(value.toFixed(value < 10 ? 2 : 1))} ${UNITS[unit]}`;
}

export const formatPercent = (p: number): string => `${p < 10 && p > 0 ? p.toFixed(1) : Math.round(p)}%`;

/** An amount for people (pages, mails): "€20.00" in English, "20,00 €" in Italian. The REST wire format is lib/wire.ts's formatMoney. */
export function formatPrice(cents: number, currency: string, language = "en"): string {
  return new Intl.NumberFormat(intlLocale(language), { style: "currency", currency }).format(cents / 100);
}

const accessTimeFormats = {
  en: new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
  it: new Intl.DateTimeFormat("it-IT", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }),
};

/**
 * A moment an access starts or ends (purchases, tickets, replays, subscriptions): "28 Nov 2026, 14:00 UTC".
 * UTC, as the server renders it, so a page reads the same on the server and in the browser.
 */
export function formatAccessTime(d: Date, language = "en"): string {
  return `${accessTimeFormats[language.startsWith("it") ? "it" : "en"].format(d)} UTC`;
}
