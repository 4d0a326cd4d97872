// The one way the cast pages write times and lengths: clock times on 24 hours ("07:30", with the
// seconds only when a time is not on a whole minute: "07:30:06"), lengths as "1 h 05 min". Both are
// also read back from what people type in the day editor.

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant's clock time in the viewer's zone: "HH:MM", or "HH:MM:SS" off the whole minute. */
export function clockText(ms: number): string {
  const d = new Date(ms);
  const hm = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.getSeconds() ? `${hm}:${pad(d.getSeconds())}` : hm;
}

/** "HH:MM" or "HH:MM:SS" on 24 hours (also "7:30") -> seconds since midnight; undefined when it is not one. */
export function parseClock(text: string): number | undefined {
  const m = /^\s*(\d{1,2})[:.](\d{2})(?:[:.](\d{2}))?\s*$/.exec(text);
  if (!m) return undefined;
  const [h, min, s] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  return h < 24 && min < 60 && s < 60 ? h * 3600 + min * 60 + s : undefined;
}

/** A length for people: "1 h 05 min", "45 min", "5 min 06 s", "6 s" (seconds only when there are some). */
export function durationText(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor(total / 60) % 60, total % 60];
  const parts = h ? [`${h} h`, `${pad(m)} min`] : m ? [`${m} min`] : [];
  if (s || parts.length === 0) parts.push(parts.length ? `${pad(s)} s` : `${s} s`);
  return parts.join(" ");
}

const UNIT_SECONDS: Record<string, number> = { h: 3600, min: 60, m: 60, s: 1 };

/**
 * A length typed: "1 h 05 min", "90 min", "1h5m", "30 s", "1:05:00" (h:mm:ss), "5:30" (m:ss) or a
 * bare number of minutes -> seconds; undefined when it is none of them or not over zero.
 */
export function parseDuration(text: string): number | undefined {
  const t = text.trim().toLowerCase();
  let seconds: number | undefined;
  const colon = /^(?:(\d+):)?(\d+):(\d{2})$/.exec(t);
  if (colon) seconds = Number(colon[1] ?? 0) * 3600 + Number(colon[2]) * 60 + Number(colon[3]);
  else if (/^\d+$/.test(t)) seconds = Number(t) * 60;
  else if (/^(\d+\s*(h|min|m|s)\s*)+$/.test(t)) {
    seconds = 0;
    for (const [, n, unit] of t.matchAll(/(\d+)\s*(h|min|m|s)/g)) seconds += Number(n) * UNIT_SECONDS[unit!]!;
  }
  return seconds && seconds > 0 ? seconds : undefined;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date of the viewer's own days ("Saturday 28 November 2026", "sabato 28 novembre 2026") in the
 * page's language, never the runtime's default locale (the server's and the browser's differ: React
 * error #418). The time zone stays the viewer's: pass the local midnight of a day (dayStartMs).
 */
export function localDateText(ms: number, locale: string, options: Intl.DateTimeFormatOptions): string {
  const tag = locale.startsWith("it") ? "it-IT" : "en-GB";
  const key = `${tag}/${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(tag, options);
    dateFormats.set(key, format);
  }
  return format.format(new Date(ms));
}
