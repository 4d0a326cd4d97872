// The document's wire formats. They exist only here: the domain speaks Date, cents and seconds (its
// field messages name amounts as the document writes them: lib/money.ts, used here too). Pure, below
// every layer: the REST renderers and routes and the portal's components read and write them alike.
import { formatMoney } from "@/lib/money";

/** Viewer's offset east of UTC in milliseconds, from X-Service-timezone (supplement §3); UTC without it. */
export function parseOffset(header: string | null): number {
  const n = Number(header);
  if (!header || !Number.isFinite(n) || Math.abs(n) > 18 * 3600_000) return 0;
  return Math.trunc(n);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** A calendar date (no time zone): dd/MM/yyyy. */
export function formatDate(d: Date): string {
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCFullYear(), 4)}`;
}

const DAY_MS = 24 * 3600_000;
// The day formatDateTime wrote last: a month calendar writes 4,200 instants of 42 days, and a Date
// (and its date string) per instant was most of its rendering time.
let lastDay = NaN;
let lastDate = "";

/** An instant written in the viewer's offset: {date: dd/MM/yyyy, time: HH:mm:ss}. */
export function formatDateTime(d: Date, offsetMs: number): { date: string; time: string } {
  const local = d.getTime() + offsetMs;
  const day = Math.floor(local / DAY_MS);
  if (day !== lastDay) {
    lastDate = formatDate(new Date(day * DAY_MS));
    lastDay = day;
  }
  const second = Math.floor((local - day * DAY_MS) / 1000);
  return { date: lastDate, time: `${pad(Math.floor(second / 3600))}:${pad(Math.floor(second / 60) % 60)}:${pad(second % 60)}` };
}

/** dd/MM/yyyy -> yyyy-MM-dd for the domain; anything else is passed through for the domain to reject. */
export function dateIn(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value);
  return m ? `${m[3]}-${pad(Number(m[2]))}-${pad(Number(m[1]))}` : value;
}

/** {date, time} read in the viewer's offset -> ISO instant; malformed values pass through to be rejected. */
export function dateTimeIn(value: unknown, offsetMs: number): unknown {
  if (!value || typeof value !== "object") return value;
  const { date, time } = value as { date?: unknown; time?: unknown };
  const day = dateIn(date);
  if (typeof day !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(day) || typeof time !== "string") return value;
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(time.trim());
  if (!t) return value;
  const iso = `${day}T${pad(Number(t[1]))}:${t[2]}:${t[3] ?? "00"}`;
  const utc = Date.parse(`${iso}Z`);
  // a day or time that does not exist (31/02, 24:00) is rejected, not rolled over
  if (Number.isNaN(utc) || !new Date(utc).toISOString().startsWith(iso)) return value;
  return new Date(utc - offsetMs).toISOString();
}

/** Cents -> "2,50" (the domain's messages write money the same way). */
export { formatMoney };

/** "2,50", "2.50" or 2.5 -> 2.5 (a number for the domain); anything else passes through to be rejected. */
export function moneyIn(value: unknown): unknown {
  if (typeof value === "number") return value;
  if (typeof value !== "string") return value;
  const s = value.trim();
  if (!/^-?\d+([.,]\d{1,2})?$/.test(s)) return value;
  return Number(s.replace(",", "."));
}

/** A percentage or other decimal as a comma string with two decimals: 12.5 -> "12,50". */
export function formatDecimal(n: number): string {
  return formatMoney(Math.round(n * 100));
}

/** Seconds -> "m:ss" (minutes may exceed 59). */
export function formatDuration(seconds: number | null | undefined): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds!)) : 0;
  return `${Math.floor(total / 60)}:${pad(total % 60)}`;
}

/**
 * Drops null, undefined and empty-string values recursively: empty optionals are left out of
 * responses. The renderers pass every item through here, a bundle's 1,000 included: a for-in over own
 * keys, no entries arrays (a third of the cost of Object.entries: bench/bundle-move.ts).
 */
export function omitEmpty<T>(value: T): T {
  if (value === null || typeof value !== "object" || value instanceof Date) return value;
  if (Array.isArray(value)) return value.map(omitEmpty) as T;
  const out: Record<string, unknown> = {};
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    const v = (value as Record<string, unknown>)[k];
    if (v === null || v === undefined || v === "") continue;
    out[k] = typeof v === "object" ? omitEmpty(v) : v;
  }
  return out as T;
}
