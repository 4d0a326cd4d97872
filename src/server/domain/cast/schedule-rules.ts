import type { ProgramType } from "@/generated/prisma/enums";
import { DomainError } from "@/server/domain/errors";
import type { MessageId } from "@/server/i18n/messages";
import { DAY_MS, SECOND, type DayRange } from "./schedule-day";

// The six scheduling rules of the interface, checked on the whole result of a write (save, insert,
// move, copy) before anything is written: the first broken rule is a 409 naming the rule and the
// programs involved (their position in their day, title and start).

/** A program as the rules see it: times in ms since the epoch. */
export interface TimedProgram {
  itemType: ProgramType;
  title: string;
  startsAt: number;
  endsAt: number;
  /** The box item or stream it plays (none for a BREAK: rule 6). */
  sourceId?: string;
}

/** A program of the channel outside the days written: the last one started before them, the first one after. */
export type Neighbour = Pick<TimedProgram, "title" | "startsAt" | "endsAt">;

export interface PlannedDays {
  range: DayRange;
  /** One list per day of the range, in broadcast order. */
  days: TimedProgram[][];
  before?: Neighbour;
  after?: Neighbour;
}

const isoSecond = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ") + " UTC";

/** How a 409 names a program: "#3 "News" (2026-11-24 10:00:00 UTC)", or the neighbouring day's. */
const named = (p: Neighbour, index?: number) => `${index === undefined ? "" : `#${index + 1} `}"${p.title}" (${isoSecond(p.startsAt)})`;

export const ruleBroken = (rule: number, messageId: MessageId, programs: string[]) =>
  new DomainError("CONFLICT", messageId, { rule, programs: programs.join(", ") });

function checkProgram(p: TimedProgram, i: number, dayFrom: number): void {
  const name = named(p, i);
  // rule 1: whole seconds
  if (p.startsAt % SECOND !== 0 || p.endsAt % SECOND !== 0) throw ruleBroken(1, "error.castRule1", [name]);
  // rule 2: it broadcasts during [start, end), so that must not be empty
  if (p.endsAt <= p.startsAt) throw ruleBroken(2, "error.castRule2", [name]);
  // rule 3: it belongs to the day it starts in, and lasts at most 24 hours
  if (p.startsAt < dayFrom || p.startsAt >= dayFrom + DAY_MS) throw ruleBroken(3, "error.castRule3Day", [name]);
  if (p.endsAt - p.startsAt > DAY_MS) throw ruleBroken(3, "error.castRule3Length", [name]);
  // rule 6: a break is a program of its own, showing the slate: it plays no content or stream
  if (p.itemType === "BREAK" && p.sourceId) throw ruleBroken(6, "error.castRule6", [name]);
}

/** Throws the 409 of the first rule the planned days break; returns when they keep all six. */
export function checkScheduleRules(plan: PlannedDays): void {
  let previous: { p: Neighbour; name: string } | undefined = plan.before && { p: plan.before, name: named(plan.before) };
  plan.days.forEach((day, d) => {
    const dayFrom = plan.range.from + d * DAY_MS;
    day.forEach((p, i) => {
      checkProgram(p, i, dayFrom);
      const name = named(p, i);
      // rule 5: continuous within the day
      if (i > 0 && p.startsAt !== day[i - 1]!.endsAt) throw ruleBroken(5, "error.castRule5", [named(day[i - 1]!, i - 1), name]);
      // rule 4: a day's first program starts no earlier than the end of the last one started before it
      if (i === 0 && previous && p.startsAt < previous.p.endsAt) throw ruleBroken(4, "error.castRule4", [previous.name, name]);
    });
    const first = day[0];
    const last = day.at(-1);
    if (first && last) {
      if (last.endsAt - first.startsAt > DAY_MS)
        throw ruleBroken(3, "error.castRule3DayLength", [named(first, 0), named(last, day.length - 1)]);
      previous = { p: last, name: named(last, day.length - 1) };
    }
  });
  // rule 4 again: the last day written must end before the next day's first program
  if (previous && plan.after && plan.after.startsAt < previous.p.endsAt)
    throw ruleBroken(4, "error.castRule4", [previous.name, named(plan.after)]);
}
