import type { DurationUnit } from "@/generated/prisma/enums";

const DAY_MS = 86_400_000;

/** `from` plus `count` periods of `unit`, in UTC calendar terms: a month from 31 January ends on the last day of February. */
export function addPeriods(from: Date, count: number, unit: DurationUnit): Date {
  if (unit === "DAYS") return new Date(from.getTime() + count * DAY_MS);
  const months = unit === "MONTHS" ? count : count * 12;
  const target = new Date(from.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(from.getUTCDate(), lastDay));
  return target;
}
