// The six scheduling rules of a cast channel's days (interface: cast scheduling), pure: the server
// checks every write with them before anything is written (domain/cast/schedule-rules.ts: the first
// broken rule is a 409), and the portal's day editor runs the same check and words it beside the
// programs, so an edit and a save agree. No rule numbers reach users: i18n/messages.ts words them.
import type { ProgramType } from "@/generated/prisma/enums";
import type { MessageId } from "@/server/i18n/messages";

export const SECOND = 1000;
export const DAY_MS = 24 * 3600 * SECOND;

/** A run of consecutive days starting at `from` (an instant: a 00:00:00 in the caller's offset). */
export interface DayRange {
  from: number;
  dayCount: number;
}

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

/** A program a broken rule involves: its day (index in the range) and place in it, or a neighbouring day's (`day` absent). */
export interface InvolvedProgram {
  day?: number;
  index?: number;
  /** How a 409 names it: "#3 "News" (2026-11-24 10:00:00 UTC)", or the neighbouring day's without the number. */
  name: string;
}

/** One broken rule: its number, its message and the programs it involves. */
export interface RuleBreak {
  rule: number;
  messageId: MessageId;
  programs: InvolvedProgram[];
}

const inDay = (p: Neighbour, day: number, index: number): InvolvedProgram => ({
  day,
  index,
  name: `#${index + 1} "${p.title}" (${isoSecond(p.startsAt)})`,
});
const neighbour = (p: Neighbour): InvolvedProgram => ({ name: `"${p.title}" (${isoSecond(p.startsAt)})` });

function programBreaks(p: TimedProgram, self: InvolvedProgram, dayFrom: number): RuleBreak[] {
  const breaks: RuleBreak[] = [];
  const broken = (rule: number, messageId: MessageId) => breaks.push({ rule, messageId, programs: [self] });
  // rule 1: whole seconds
  if (p.startsAt % SECOND !== 0 || p.endsAt % SECOND !== 0) broken(1, "error.castRule1");
  // rule 2: it broadcasts during [start, end), so that must not be empty
  if (p.endsAt <= p.startsAt) broken(2, "error.castRule2");
  // rule 3: it belongs to the day it starts in, and lasts at most 24 hours
  if (p.startsAt < dayFrom || p.startsAt >= dayFrom + DAY_MS) broken(3, "error.castRule3Day");
  if (p.endsAt - p.startsAt > DAY_MS) broken(3, "error.castRule3Length");
  // rule 6: a break is a program of its own, showing the slate: it plays no content or stream
  if (p.itemType === "BREAK" && p.sourceId) broken(6, "error.castRule6");
  return breaks;
}

/**
 * Every rule the planned days break, in the order the days and their programs come (empty when they
 * keep all six). Pure, without the database: the portal's day editor runs it before saving.
 */
export function scheduleRuleBreaks(plan: PlannedDays): RuleBreak[] {
  const breaks: RuleBreak[] = [];
  let previous: { p: Neighbour; who: InvolvedProgram } | undefined = plan.before && { p: plan.before, who: neighbour(plan.before) };
  plan.days.forEach((day, d) => {
    const dayFrom = plan.range.from + d * DAY_MS;
    day.forEach((p, i) => {
      const self = inDay(p, d, i);
      breaks.push(...programBreaks(p, self, dayFrom));
      // rule 5: continuous within the day
      if (i > 0 && p.startsAt !== day[i - 1]!.endsAt)
        breaks.push({ rule: 5, messageId: "error.castRule5", programs: [inDay(day[i - 1]!, d, i - 1), self] });
      // rule 4: a day's first program starts no earlier than the end of the last one started before it
      if (i === 0 && previous && p.startsAt < previous.p.endsAt)
        breaks.push({ rule: 4, messageId: "error.castRule4", programs: [previous.who, self] });
    });
    const first = day[0];
    const last = day.at(-1);
    if (first && last) {
      if (last.endsAt - first.startsAt > DAY_MS)
        breaks.push({ rule: 3, messageId: "error.castRule3DayLength", programs: [inDay(first, d, 0), inDay(last, d, day.length - 1)] });
      previous = { p: last, who: inDay(last, d, day.length - 1) };
    }
  });
  // rule 4 again: the last day written must end before the next day's first program
  if (previous && plan.after && plan.after.startsAt < previous.p.endsAt)
    breaks.push({ rule: 4, messageId: "error.castRule4", programs: [previous.who, neighbour(plan.after)] });
  return breaks;
}
