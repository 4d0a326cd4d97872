import { z } from "zod";
import type { Ctx } from "@/server/core/context";
import { requireUserId } from "@/server/core/context";
import { invalidField } from "@/server/core/errors";
import { checkIndex, zIndex } from "@/server/domain/bundles/item-index";
import { normalizeUuid } from "@/server/core/uuid";
import { readOwnDay, type DailyProgrammingView } from "./daily-programming";
import { insertedProgram, planned, programList, savedProgram } from "./program-input";
import { contentDurations, type PlannedProgram } from "./program-sources";
import { dayStart, zOffsetMs, zPathDay } from "./schedule-day";
import { SECOND } from "@/lib/cast-schedule-rules";
import { rewriteDays, type CurrentDays } from "./write-days";

const dayOf = { channelId: z.string(), date: zPathDay, offsetMs: zOffsetMs };

export const saveDayInput = z.object({ ...dayOf, programs: programList(savedProgram) });
export const insertProgramsInput = z.object({
  ...dayOf,
  /** Where the items go (zero-based, as for bundle items); absent: appended. */
  index: zIndex().optional(),
  items: programList(insertedProgram).min(1),
});
export const moveProgramInput = z.object({ ...dayOf, fromIndex: zIndex(), toIndex: zIndex() });

/** The programs played one after the other from `start`, each keeping its length (rule 5). */
export const chain = (start: number, programs: PlannedProgram[]): PlannedProgram[] => {
  let at = start;
  return programs.map((p) => {
    const next = { ...p, startsAt: at, endsAt: at + (p.endsAt - p.startsAt) };
    at = next.endsAt;
    return next;
  });
};

/** Where a day that has no program yet starts: its 00:00:00, or the end of the previous day's last program (rule 4). */
const firstFreeInstant = (current: CurrentDays, from: number) => Math.max(from, current.before?.endsAt ?? from);

// POST /api/cast/channel/{channelId}/dailyprogramming/{yyyyMMdd} {programs: [...]} - replaces the
// day with the programs given, in order, each with its startDate and endDate (caller's offset),
// programType, sourceId (boxId or streamId), title, description, tags, offset; a programId of the
// day's keeps its id. Refused whole with a 409 when a program breaks a scheduling rule or plays
// what it may not (program-sources.ts), or while the channel is locked. Answers the day.
export async function saveDay(ctx: Ctx, input: z.output<typeof saveDayInput>): Promise<DailyProgrammingView> {
  const from = dayStart(input.date, input.offsetMs);
  const programs = input.programs.map((p) => planned(p, p.startDate.getTime(), p.endDate.getTime()));
  const channelId = await rewriteDays(ctx, input.channelId, { from, dayCount: 1 }, () => [programs]);
  return readOwnDay(ctx, channelId, from);
}

// POST .../dailyprogramming/{yyyyMMdd}/insert {index?, items: [...]} (or a bare array, appended) -
// puts the items before the program at `index`, starting where it started (appended: where the day
// ends; in an empty day at 00:00:00 or when the previous day's last program ends); the programs
// after them move later by their length (rule 5). A LIVE or BREAK item lasts `duration` seconds; a
// PRERECORDED one `duration` or what is left of its content from `offset`. Refused as save is, and
// when the day would then end after the next day's first program (rule 4) or last over 24 hours.
export async function insertPrograms(ctx: Ctx, input: z.output<typeof insertProgramsInput>): Promise<DailyProgrammingView> {
  const ownerId = requireUserId(ctx);
  const from = dayStart(input.date, input.offsetMs);
  input.items.forEach((item, i) => {
    if (item.programType !== "PRERECORDED" && item.duration === undefined) throw invalidField(`items.${i}.duration`, "field.required");
  });
  const channelId = await rewriteDays(ctx, input.channelId, { from, dayCount: 1 }, async (current, tx) => {
    const day = current.days[0]!;
    const index = input.index ?? day.length;
    checkIndex("index", index, day.length);
    const durations = await contentDurations(
      tx,
      ownerId,
      input.items.flatMap((item) => (item.programType === "PRERECORDED" && item.sourceId) || []),
    );
    const items = input.items.map((item) => {
      const seconds = item.duration ?? Math.floor((durations.get(normalizeUuid(item.sourceId) ?? "") ?? 0) - item.offset);
      return planned(item, 0, seconds * SECOND);
    });
    const start = day[index]?.startsAt ?? day.at(-1)?.endsAt ?? firstFreeInstant(current, from);
    return [[...day.slice(0, index), ...chain(start, [...items, ...day.slice(index)])]];
  });
  return readOwnDay(ctx, channelId, from);
}

// POST .../dailyprogramming/{yyyyMMdd}/move {fromIndex, toIndex} - moves the program at fromIndex
// before the one at toIndex (zero-based; the program count moves it to the end), as bundle items
// move; the day keeps its start and every program its length, the times follow (rule 5).
export async function moveProgram(ctx: Ctx, input: z.output<typeof moveProgramInput>): Promise<DailyProgrammingView> {
  const from = dayStart(input.date, input.offsetMs);
  const channelId = await rewriteDays(ctx, input.channelId, { from, dayCount: 1 }, (current) => {
    const day = current.days[0]!;
    if (!day.length) throw invalidField("fromIndex", "field.dayEmpty");
    checkIndex("fromIndex", input.fromIndex, day.length - 1);
    checkIndex("toIndex", input.toIndex, day.length);
    const order = [...day];
    const [moved] = order.splice(input.fromIndex, 1);
    order.splice(input.toIndex > input.fromIndex ? input.toIndex - 1 : input.toIndex, 0, moved!);
    return [chain(day[0]!.startsAt, order)];
  });
  return readOwnDay(ctx, channelId, from);
}
