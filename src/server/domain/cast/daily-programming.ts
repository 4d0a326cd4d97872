import { z } from "zod";
import type { Db } from "@/server/db/client";
import type { Ctx } from "@/server/domain/context";
import { optionalUserId, requireUserId } from "@/server/domain/context";
import { loadAudienceCastChannel, loadOwnCastChannel, type CastChannelView } from "./cast-views";
import { programSelect, toProgramView, type ProgramView } from "./program-view";
import { DAY_MS, dayStart, rangeEnd, zOffsetMs, zPathDay, type DayRange } from "./schedule-day";

/** The document's Daily programming: one day of a channel in the caller's offset, its programs in order. */
export interface DailyProgrammingView {
  channel: CastChannelView;
  /** 00:00:00 of the day in the caller's offset. */
  dayStart: Date;
  programs: ProgramView[];
}

/** One day of a calendar: its 00:00:00 and its programs. */
export interface CalendarDay {
  dayStart: Date;
  programs: ProgramView[];
}

export const dayInput = z.object({ channelId: z.string(), date: zPathDay, offsetMs: zOffsetMs });

/** The programs of a channel started in the range, grouped by day: three statements for any number of days and programs. */
export async function readCalendar(db: Db, channelId: string, range: DayRange, baseUrl?: string): Promise<CalendarDay[]> {
  const rows = await db.castProgram.findMany({
    where: { channelId, startsAt: { gte: new Date(range.from), lt: new Date(rangeEnd(range)) } },
    select: programSelect,
    orderBy: { startsAt: "asc" },
  });
  const days: CalendarDay[] = Array.from({ length: range.dayCount }, (_, i) => ({
    dayStart: new Date(range.from + i * DAY_MS),
    programs: [],
  }));
  for (const row of rows) days[Math.floor((row.startsAt.getTime() - range.from) / DAY_MS)]!.programs.push(toProgramView(row, baseUrl));
  return days;
}

/** One of the caller's channels' day as its owner reads it (what every day operation answers). */
export async function readOwnDay(ctx: Ctx, channelId: unknown, from: number): Promise<DailyProgrammingView> {
  const channel = await loadOwnCastChannel(ctx.db, requireUserId(ctx), channelId, ctx.baseUrl);
  const [day] = await readCalendar(ctx.db, channel.channelId, { from, dayCount: 1 }, ctx.baseUrl);
  return { channel, ...day! };
}

// GET /api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd} - the day (00:00:00 to 24:00:00 in
// the caller's X-Service-timezone offset) of one of the caller's channels: the programs started in
// it (rule 3), in order.
export async function getDailyProgramming(ctx: Ctx, input: z.output<typeof dayInput>): Promise<DailyProgrammingView> {
  return readOwnDay(ctx, input.channelId, dayStart(input.date, input.offsetMs));
}

// GET /api/public/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd} - the same day of any channel
// of an active creator, its channel with the publisher.
export async function getPublicDailyProgramming(ctx: Ctx, input: z.output<typeof dayInput>): Promise<DailyProgrammingView> {
  const from = dayStart(input.date, input.offsetMs);
  const channel = await loadAudienceCastChannel(ctx.db, optionalUserId(ctx), input.channelId, ctx.baseUrl);
  const [day] = await readCalendar(ctx.db, channel.channelId, { from, dayCount: 1 }, ctx.baseUrl);
  return { channel, ...day! };
}
