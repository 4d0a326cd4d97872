// The days of the cast pages, in the viewer's own time zone: a day is "yyyy-MM-dd"; the server reads
// days and date-times in the offset the page sends (X-Service-timezone), that of the day's midnight.

const pad = (n: number) => String(n).padStart(2, "0");
const parts = (day: string) => day.split("-").map(Number) as [number, number, number];

/** The local day an instant is in, yyyy-MM-dd. */
export const localDay = (d: Date = new Date()) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The local 00:00:00 of a day, as an instant (ms). */
export const dayStartMs = (day: string) => {
  const [y, m, d] = parts(day);
  return new Date(y, m - 1, d).getTime();
};

/** The day `n` days after (before, when negative) `day`. */
export const addDays = (day: string, n: number) => {
  const [y, m, d] = parts(day);
  return localDay(new Date(y, m - 1, d + n));
};

/** The viewer's offset east of UTC (ms) at the day's midnight: how the server is told which day is meant. */
export const offsetOf = (day: string) => -new Date(dayStartMs(day)).getTimezoneOffset() * 60_000;

/** yyyy-MM-dd -> yyyyMMdd (the procedures' and paths' day). */
export const compactDay = (day: string) => day.replaceAll("-", "");

/** A valid yyyy-MM-dd, or undefined. */
export const parseDay = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && localDay(new Date(dayStartMs(text))) === text ? text : undefined;

/** The day's read input of the procedures for a day. */
export const dayQuery = (channelId: string, day: string) => ({ channelId, date: compactDay(day), offsetMs: offsetOf(day) });

/**
 * `count` days from `day` on, in runs of days whose midnights share the viewer's offset: a range
 * over a daylight-saving change is read in two runs, each in its own offset, so every day is the
 * viewer's own (one offset for all would put the days after the change an hour off).
 */
export function offsetRuns(day: string, count: number): { day: string; count: number; offsetMs: number }[] {
  const runs: { day: string; count: number; offsetMs: number }[] = [];
  for (let i = 0; i < count; i++) {
    const d = addDays(day, i);
    const offsetMs = offsetOf(d);
    const last = runs.at(-1);
    if (last && last.offsetMs === offsetMs) last.count++;
    else runs.push({ day: d, count: 1, offsetMs });
  }
  return runs;
}
