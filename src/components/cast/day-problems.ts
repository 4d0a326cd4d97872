// What stands in the way of saving a day, in words beside the programs it concerns ("Overlaps the
// next program by 5 min."): the scheduling rules found broken by the server's own pure check
// (domain/cast/schedule-rules.ts, so the editor and a save agree) and a content played longer than it lasts.
import { DAY_MS } from "@/server/domain/cast/schedule-day";
import { scheduleRuleBreaks, type Neighbour, type RuleBreak } from "@/server/domain/cast/schedule-rules";
import type { PlacedRow } from "./day-rows";
import { clockText, durationText } from "./day-time";

const by = (ms: number) => durationText(Math.abs(ms) / 1000);

/** The words of one broken rule, by the index of each program of the day they are said beside. */
function ruleWords(b: RuleBreak, rows: PlacedRow[], dayFrom: number, before?: Neighbour, after?: Neighbour): [number, string][] {
  const indexes = b.programs.flatMap((p) => (p.index === undefined ? [] : [p.index]));
  const [i] = indexes;
  if (i === undefined) return [];
  const p = rows[i]!;
  const dayEnd = dayFrom + DAY_MS;
  switch (b.messageId) {
    case "error.castRule1":
      return [[i, "Its start and end must fall on whole seconds."]];
    case "error.castRule2":
      return [[i, "It must last longer than zero."]];
    case "error.castRule3Day":
      return [
        [
          i,
          p.startsAt >= dayEnd
            ? `Starts after midnight by ${by(p.startsAt - dayEnd)}: a program must start within its day. Shorten the programs before it or move it to the next day.`
            : `Starts before the day begins by ${by(dayFrom - p.startsAt)}.`,
        ],
      ];
    case "error.castRule3Length":
      return [[i, "Lasts over 24 h: a program lasts 24 h at most."]];
    case "error.castRule3DayLength": {
      const last = rows[indexes.at(-1)!]!;
      const length = last.endsAt - rows[i]!.startsAt;
      return [[indexes.at(-1)!, `The day lasts ${by(length)}, ${by(length - DAY_MS)} over 24 h: shorten it.`]];
    }
    case "error.castRule4":
      // the previous day's last program (no index) and this day's first, or this day's last and the next day's first
      if (b.programs[0]!.index === undefined && before)
        return [
          [
            i,
            `Starts before the previous program ends: "${before.title}" ends at ${clockText(before.endsAt)}, ${by(before.endsAt - p.startsAt)} later.`,
          ],
        ];
      if (!after) return [];
      return [
        [
          i,
          after.startsAt === dayEnd
            ? `Ends after midnight by ${by(p.endsAt - after.startsAt)}, when the next day's first program ("${after.title}") starts.`
            : `Overlaps the next program by ${by(p.endsAt - after.startsAt)}: "${after.title}" starts at ${clockText(after.startsAt)} the next day.`,
        ],
      ];
    case "error.castRule5": {
      const [a, c] = [rows[indexes[0]!]!, rows[indexes[1]!]!];
      const gap = c.startsAt - a.endsAt;
      return gap < 0
        ? [
            [indexes[0]!, `Overlaps the next program by ${by(gap)}.`],
            [indexes[1]!, `Starts before the previous program ends, by ${by(gap)}.`],
          ]
        : [[indexes[0]!, `Leaves a gap of ${by(gap)} before the next program: put a break there.`]];
    }
    case "error.castRule6":
      return [[i, "A break plays nothing: it cannot have a content or stream."]];
    default:
      return [[i, "It cannot be scheduled like this."]];
  }
}

/** The problems of the placed day by row index, as a save would meet them (the days around taken into account). */
export function dayProblems(rows: PlacedRow[], dayFrom: number, before?: Neighbour, after?: Neighbour): Map<number, string[]> {
  const problems = new Map<number, string[]>();
  const add = ([index, text]: [number, string]) => problems.set(index, [...(problems.get(index) ?? []), text]);
  const timed = rows.map((r) => ({ itemType: r.itemType, title: r.title, startsAt: r.startsAt, endsAt: r.endsAt, sourceId: r.sourceId }));
  for (const b of scheduleRuleBreaks({ range: { from: dayFrom, dayCount: 1 }, days: [timed], before, after }))
    ruleWords(b, rows, dayFrom, before, after).forEach(add);
  rows.forEach((r, i) => {
    if (r.maxSeconds !== undefined && r.seconds > r.maxSeconds)
      add([i, `Lasts ${by((r.seconds - r.maxSeconds) * 1000)} longer than its content (${durationText(r.maxSeconds)}): cut it shorter.`]);
  });
  return problems;
}
