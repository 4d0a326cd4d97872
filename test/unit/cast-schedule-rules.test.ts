// The six scheduling rules as a pure check over planned days and their neighbours: what passes
// (continuous days, a day starting where the previous day's last program ends, empty days between),
// and the first broken rule, named with its programs, for each.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DomainError } from "@/server/core/errors";
import { checkScheduleRules } from "@/server/domain/cast/schedule-rules";
import { type PlannedDays, type TimedProgram } from "@/lib/cast-schedule-rules";

const S = 1000;
const H = 3600 * S;
const DAY = 24 * H;
const FROM = Date.UTC(2030, 0, 15);
const p = (title: string, start: number, end: number, over: Partial<TimedProgram> = {}): TimedProgram => ({
  itemType: "BREAK",
  title,
  startsAt: FROM + start,
  endsAt: FROM + end,
  ...over,
});
const plan = (days: TimedProgram[][], over: Partial<PlannedDays> = {}): PlannedDays => ({
  range: { from: FROM, dayCount: days.length },
  days,
  ...over,
});

function broken(planned: PlannedDays): { rule: number; programs: string } {
  try {
    checkScheduleRules(planned);
  } catch (err) {
    assert.ok(err instanceof DomainError);
    assert.equal(err.code, "CONFLICT");
    return err.params as { rule: number; programs: string };
  }
  assert.fail("no rule broken");
}

test("continuous days pass, crossing midnight, with an empty day between and neighbours that fit", () => {
  checkScheduleRules(
    plan([[p("a", H, 2 * H), p("b", 2 * H, 25 * H)], [], [p("c", 2 * DAY + 30 * 60 * S, 2 * DAY + H)]], {
      before: { title: "prev", startsAt: FROM - H, endsAt: FROM },
      after: { title: "next", startsAt: FROM + 3 * DAY, endsAt: FROM + 3 * DAY + H },
    }),
  );
  checkScheduleRules(plan([[p("live", 0, H, { itemType: "LIVE", sourceId: "s" })]]));
  checkScheduleRules(plan([[]]));
});

test("rule 1: whole seconds", () => assert.equal(broken(plan([[p("a", 0, 1500)]])).rule, 1));
test("rule 2: end after start", () =>
  assert.deepEqual(broken(plan([[p("a", H, H)]])), { rule: 2, programs: '#1 "a" (2030-01-15 01:00:00 UTC)' }));
test("rule 3: start inside the day; at most 24 hours; a day of at most 24 hours", () => {
  assert.equal(broken(plan([[p("a", -S, H)]])).rule, 3);
  assert.equal(broken(plan([[p("a", DAY, DAY + H)]])).rule, 3);
  assert.equal(broken(plan([[p("a", 0, DAY + S)]])).rule, 3);
  assert.equal(broken(plan([[p("a", H, 2 * H), p("b", 2 * H, 25 * H + S)]])).rule, 3);
});
test("rule 4: after the previous day's last program, before the next day's first", () => {
  const before = { title: "prev", startsAt: FROM - H, endsAt: FROM + 40 * 60 * S };
  assert.deepEqual(broken(plan([[p("a", 30 * 60 * S, H)]], { before })), {
    rule: 4,
    programs: '"prev" (2030-01-14 23:00:00 UTC), #1 "a" (2030-01-15 00:30:00 UTC)',
  });
  assert.equal(broken(plan([[p("a", 23 * H, DAY + H)], [p("b", DAY + 30 * 60 * S, DAY + H)]])).rule, 4);
  assert.equal(
    broken(plan([[p("a", 23 * H, DAY + H)]], { after: { title: "next", startsAt: FROM + DAY, endsAt: FROM + DAY + H } })).rule,
    4,
  );
});
test("rule 5: continuity (a gap, an overlap)", () => {
  assert.deepEqual(broken(plan([[p("a", 0, H), p("b", H + S, 2 * H)]])).rule, 5);
  assert.deepEqual(broken(plan([[p("a", 0, H), p("b", H - S, 2 * H)]])), {
    rule: 5,
    programs: '#1 "a" (2030-01-15 00:00:00 UTC), #2 "b" (2030-01-15 00:59:59 UTC)',
  });
});
test("rule 6: a break plays nothing", () => assert.equal(broken(plan([[p("a", 0, H, { sourceId: "box" })]])).rule, 6));
