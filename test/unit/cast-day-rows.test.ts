// The day editor's draft (components/cast/day-rows.ts): inserting, moving and removing keep the day
// continuous as the server's insert and move do; the problems a save would meet are found before it,
// by the server's own pure rule check, beside the programs they involve.
import assert from "node:assert/strict";
import { test } from "node:test";
import { changeRow, dayProblems, endOf, insertRow, moveRow, parseLength, removeRow, type DayRow } from "@/components/cast/day-rows";
import { scheduleRuleBreaks } from "@/server/domain/cast/schedule-rules";

const S = 1000;
const FROM = Date.UTC(2030, 0, 15);
const row = (title: string, seconds: number, over: Partial<DayRow> = {}): DayRow => ({
  key: title,
  itemType: "BREAK",
  title,
  tags: [],
  startsAt: 0,
  seconds,
  offset: 0,
  ...over,
});
const starts = (rows: DayRow[]) => rows.map((r) => (r.startsAt - FROM) / S);

test("insert, move and remove keep each program starting when the previous one ends", () => {
  let day = insertRow([], 0, row("a", 60), FROM + 10 * S);
  day = insertRow(day, 1, row("b", 30), FROM);
  day = insertRow(day, 1, row("c", 5), FROM);
  assert.deepEqual(
    day.map((r) => r.title),
    ["a", "c", "b"],
  );
  assert.deepEqual(starts(day), [10, 70, 75]);
  day = moveRow(day, 2, 0);
  assert.deepEqual(
    day.map((r) => r.title),
    ["b", "a", "c"],
  );
  assert.deepEqual(starts(day), [10, 40, 100]);
  day = removeRow(day, 1);
  assert.deepEqual(starts(day), [10, 40]);
  day = changeRow(day, 0, { seconds: 50 }, true);
  assert.deepEqual(starts(day), [10, 60]);
  assert.equal(endOf(day[1]!), FROM + 65 * S);
  assert.equal(dayProblems(day, FROM).size, 0);
});

test("an overlap is a rule 5 problem beside both programs; the first break is the one a save would answer", () => {
  const day = changeRow(insertRow(insertRow([], 0, row("a", 60), FROM), 1, row("b", 60), FROM), 1, { startsAt: FROM + 30 * S }, false);
  const problems = dayProblems(day, FROM);
  assert.deepEqual([...problems.keys()], [0, 1]);
  assert.match(problems.get(1)![0]!, /^Rule 5: "a" and "b" overlap by 0:30\.$/);
  const timed = day.map((r) => ({ itemType: r.itemType, title: r.title, startsAt: r.startsAt, endsAt: endOf(r) }));
  const [first] = scheduleRuleBreaks({ range: { from: FROM, dayCount: 1 }, days: [timed] });
  assert.equal(first?.rule, 5);
  assert.deepEqual(
    first?.programs.map((p) => p.index),
    [0, 1],
  );
});

test("a day starting before the previous day's last program ends, a break playing something, a content cut too long", () => {
  const day = insertRow([], 0, row("a", 60, { sourceId: "x" }), FROM);
  day.push({ ...row("film", 100, { itemType: "PRERECORDED", sourceId: "b", maxSeconds: 90 }), startsAt: endOf(day[0]!) });
  const problems = dayProblems(day, FROM, { title: "late show", startsAt: FROM - 60 * S, endsAt: FROM + 5 * S });
  assert.deepEqual(problems.get(0), [
    "Rule 6: a break plays nothing.",
    "Rule 4: the day must start after the previous day's last program ends, and end before the next day's first starts.",
  ]);
  assert.deepEqual(problems.get(1), ["It lasts longer than its content (1:30): cut it shorter."]);
});

test("lengths are typed as m:ss, h:mm:ss or seconds", () => {
  assert.equal(parseLength("1:30"), 90);
  assert.equal(parseLength("1:02:03"), 3723);
  assert.equal(parseLength("45"), 45);
  assert.equal(parseLength("0:00"), undefined);
  assert.equal(parseLength("abc"), undefined);
});
