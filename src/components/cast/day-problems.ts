// What stands in the way of saving a day, in words beside the programs it concerns ("Overlaps the
// next program by 5 min."): the scheduling rules found broken by the server's own pure check
// (domain/cast/schedule-rules.ts, so the editor and a save agree) and a content played longer than it lasts.
import type { useTranslations } from "next-intl";
import { DAY_MS } from "@/lib/cast-schedule-rules";
import { scheduleRuleBreaks, type Neighbour, type RuleBreak } from "@/lib/cast-schedule-rules";
import type { PlacedRow } from "./day-rows";
import { clockText, durationText } from "./day-time";

const by = (ms: number) => durationText(Math.abs(ms) / 1000);

/** The page's words for the problems: `useTranslations("cast.day")`. */
export type ProblemWords = ReturnType<typeof useTranslations<"cast.day">>;

/** The words of one broken rule, by the index of each program of the day they are said beside. */
function ruleWords(
  t: ProblemWords,
  b: RuleBreak,
  rows: PlacedRow[],
  dayFrom: number,
  before?: Neighbour,
  after?: Neighbour,
): [number, string][] {
  const indexes = b.programs.flatMap((p) => (p.index === undefined ? [] : [p.index]));
  const [i] = indexes;
  if (i === undefined) return [];
  const p = rows[i]!;
  const dayEnd = dayFrom + DAY_MS;
  switch (b.messageId) {
    case "error.castRule1":
      return [[i, t("wholeSeconds")]];
    case "error.castRule2":
      return [[i, t("longerThanZero")]];
    case "error.castRule3Day":
      return [
        [i, p.startsAt >= dayEnd ? t("afterMidnight", { by: by(p.startsAt - dayEnd) }) : t("beforeDay", { by: by(dayFrom - p.startsAt) })],
      ];
    case "error.castRule3Length":
      return [[i, t("over24")]];
    case "error.castRule3DayLength": {
      const last = rows[indexes.at(-1)!]!;
      const length = last.endsAt - rows[i]!.startsAt;
      return [[indexes.at(-1)!, t("dayLength", { length: by(length), over: by(length - DAY_MS) })]];
    }
    case "error.castRule4":
      // the previous day's last program (no index) and this day's first, or this day's last and the next day's first
      if (b.programs[0]!.index === undefined && before)
        return [[i, t("beforePrevious", { title: before.title, time: clockText(before.endsAt), by: by(before.endsAt - p.startsAt) })]];
      if (!after) return [];
      return [
        [
          i,
          after.startsAt === dayEnd
            ? t("endsAfterMidnight", { by: by(p.endsAt - after.startsAt), title: after.title })
            : t("overlapsNextDay", { by: by(p.endsAt - after.startsAt), title: after.title, time: clockText(after.startsAt) }),
        ],
      ];
    case "error.castRule5": {
      const [a, c] = [rows[indexes[0]!]!, rows[indexes[1]!]!];
      const gap = c.startsAt - a.endsAt;
      return gap < 0
        ? [
            [indexes[0]!, t("overlapsNext", { by: by(gap) })],
            [indexes[1]!, t("startsBeforePrevious", { by: by(gap) })],
          ]
        : [[indexes[0]!, t("gap", { by: by(gap) })]];
    }
    case "error.castRule6":
      return [[i, t("breakPlaysNothing")]];
    default:
      return [[i, t("cannot")]];
  }
}

/** The problems of the placed day by row index, as a save would meet them (the days around taken into account). */
export function dayProblems(
  t: ProblemWords,
  rows: PlacedRow[],
  dayFrom: number,
  before?: Neighbour,
  after?: Neighbour,
): Map<number, string[]> {
  const problems = new Map<number, string[]>();
  const add = ([index, text]: [number, string]) => problems.set(index, [...(problems.get(index) ?? []), text]);
  const timed = rows.map((r) => ({ itemType: r.itemType, title: r.title, startsAt: r.startsAt, endsAt: r.endsAt, sourceId: r.sourceId }));
  for (const b of scheduleRuleBreaks({ range: { from: dayFrom, dayCount: 1 }, days: [timed], before, after }))
    ruleWords(t, b, rows, dayFrom, before, after).forEach(add);
  rows.forEach((r, i) => {
    if (r.maxSeconds !== undefined && r.seconds > r.maxSeconds)
      add([i, t("longerThanContent", { by: by((r.seconds - r.maxSeconds) * 1000), length: durationText(r.maxSeconds) })]);
  });
  return problems;
}
