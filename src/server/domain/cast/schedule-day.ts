import { z } from "zod";
import { invalidField } from "@/server/core/errors";
import { zInt } from "@/server/core/schema";
import { DAY_MS, type DayRange } from "@/lib/cast-schedule-rules";

/** The most days one calendar operation spans (a month view is 42). */
export const MAX_DAY_COUNT = 366;

/** The caller's offset east of UTC in ms (X-Service-timezone): the days of a channel are the caller's days. */
export const zOffsetMs = z.preprocess(
  (v) => v ?? 0,
  zInt().pipe(
    z
      .number()
      .min(-18 * 3600_000)
      .max(18 * 3600_000),
  ),
);

/** A day in a path: yyyyMMdd. */
export const zPathDay = z.string().regex(/^\d{8}$/, "field.day");

/** A day count in a path: 1..MAX_DAY_COUNT. */
export const zDayCount = zInt().pipe(z.number().min(1, "field.dayCount").max(MAX_DAY_COUNT, "field.dayCount"));

/** yyyy-MM-dd or yyyyMMdd -> its 00:00:00 in the offset, as an instant (ms); 400 on `field` for a day that does not exist. */
export function dayStart(day: string, offsetMs: number, field = "date"): number {
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(day);
  const utc = m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : NaN;
  const d = new Date(utc);
  if (!m || Number.isNaN(utc) || d.getUTCDate() !== Number(m[3]) || d.getUTCMonth() !== Number(m[2]) - 1)
    throw invalidField(field, "field.day");
  return utc - offsetMs;
}

export const rangeEnd = (r: DayRange) => r.from + r.dayCount * DAY_MS;

/** An instant as an SQL timestamp literal of the UTC time ("2030-03-01 00:00:00.000"): how the program columns store instants. */
export const timestampOf = (ms: number) => new Date(ms).toISOString().replace("T", " ").replace("Z", "");

/** The index of the day of `r` an instant belongs to (rule 3: the day its start is in). */
export const dayIndexOf = (r: DayRange, at: number) => Math.floor((at - r.from) / DAY_MS);
