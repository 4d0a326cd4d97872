// Display formats of the portal (English, UTC calendar days as the domain stores them).

const dateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

export const formatDay = (d: Date): string => dateFormat.format(d);

const shortDateFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

/** A day in tables: "23 Nov 2026". */
export const formatShortDay = (d: Date): string => shortDateFormat.format(d);

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

/** An amount for people (pages, mails): "€20.00" in English, "20,00 €" in Italian. The REST wire format is rest/wire.ts's formatMoney. */
export function formatPrice(cents: number, currency: string, language = "en"): string {
  const locale = language.startsWith("it") ? "it-IT" : "en-GB";
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
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
