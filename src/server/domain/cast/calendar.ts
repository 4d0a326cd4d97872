import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { zIsoDate } from "@/server/core/schema";
import { loadOwnCastChannel } from "./cast-views";
import { readCalendar, type CalendarDay } from "./daily-programming";
import { dayStart, zDayCount, zOffsetMs, zPathDay } from "./schedule-day";
import { DAY_MS, type DayRange } from "@/lib/cast-schedule-rules";
import { rewriteDays } from "./write-days";

export const calendarInput = z.object({ channelId: z.string(), date: zPathDay, dayCount: zDayCount, offsetMs: zOffsetMs });
export const deleteDayInput = z.object({ channelId: z.string(), date: zPathDay, offsetMs: zOffsetMs });
export const copyCalendarInput = z.object({
  sourceChannelId: z.string("field.required"),
  destChannelId: z.string("field.required"),
  sourceStartDate: zIsoDate(),
  sourceDayCount: zDayCount,
  destStartDate: zIsoDate(),
  destDayCount: zDayCount,
  offsetMs: zOffsetMs,
});

const rangeOf = (input: { date: string; offsetMs: number }, dayCount: number): DayRange => ({
  from: dayStart(input.date, input.offsetMs),
  dayCount,
});

// GET /api/cast/channel/{channelId}/calendar/{yyyyMMdd}/{dayCount} - dayCount days of one of the
// caller's channels from that day (a month view reads 42), each with its programs in order.
export async function getCalendar(ctx: Ctx, input: z.output<typeof calendarInput>): Promise<CalendarDay[]> {
  const channel = await loadOwnCastChannel(ctx.db, requireUserId(ctx), input.channelId);
  return readCalendar(ctx.sql, channel, rangeOf(input, input.dayCount), ctx.baseUrl);
}

// DELETE /api/cast/channel/{channelId}/calendar/{yyyyMMdd}/{dayCount} - removes every program of
// those days (409 while the channel is locked). Nothing left can break a rule.
export async function deleteCalendar(ctx: Ctx, input: z.output<typeof calendarInput>): Promise<void> {
  const range = rangeOf(input, input.dayCount);
  await rewriteDays(ctx, input.channelId, range, () => Array.from({ length: range.dayCount }, () => []));
}

// DELETE /api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd} - removes every program of the day.
export async function deleteDay(ctx: Ctx, input: z.output<typeof deleteDayInput>): Promise<void> {
  await deleteCalendar(ctx, { ...input, dayCount: 1 });
}

// POST /api/cast/calendar/copy {sourceChannelId, destChannelId, sourceStartDate, sourceDayCount,
// destStartDate, destDayCount} - repeats the source days over the destination days, in order and
// again from the first (a 1-day source over 7 days fills the week): destination day i gets source
// day i mod sourceDayCount at the same times of day, replacing what it had. Both channels are the
// caller's (the same one too); a locked destination, a result that breaks a rule (the days around
// the destination included) or plays what it may not is a 409 and nothing is written. Answers the
// number of programs written.
export async function copyCalendar(ctx: Ctx, input: z.output<typeof copyCalendarInput>): Promise<{ programsCount: number }> {
  const ownerId = requireUserId(ctx);
  const source = await loadOwnCastChannel(ctx.db, ownerId, input.sourceChannelId);
  const sourceFrom = dayStart(input.sourceStartDate, input.offsetMs, "sourceStartDate");
  const dest: DayRange = { from: dayStart(input.destStartDate, input.offsetMs, "destStartDate"), dayCount: input.destDayCount };
  let programsCount = 0;
  await rewriteDays(ctx, input.destChannelId, dest, async (_current, tx) => {
    // read in the transaction, after the destination's lock: a copy onto its own channel sees the days as they are
    const rows = await tx.castProgram.findMany({
      where: {
        channelId: source.channelId,
        startsAt: { gte: new Date(sourceFrom), lt: new Date(sourceFrom + input.sourceDayCount * DAY_MS) },
      },
      orderBy: { startsAt: "asc" },
    });
    const days = Array.from({ length: dest.dayCount }, (_, i) => {
      const sourceDay = sourceFrom + (i % input.sourceDayCount) * DAY_MS;
      const shift = dest.from + i * DAY_MS - sourceDay;
      return rows
        .filter((r) => r.startsAt.getTime() >= sourceDay && r.startsAt.getTime() < sourceDay + DAY_MS)
        .map((r) => ({
          itemType: r.itemType,
          title: r.title,
          description: r.description ?? undefined,
          tags: r.tags,
          thumbnailId: r.thumbnailId ?? undefined,
          startsAt: r.startsAt.getTime() + shift,
          endsAt: r.endsAt.getTime() + shift,
          sourceId: r.boxItemId ?? r.streamId ?? undefined,
          offsetSeconds: r.offsetSeconds,
        }));
    });
    programsCount = days.reduce((n, d) => n + d.length, 0);
    return days;
  });
  return { programsCount };
}
