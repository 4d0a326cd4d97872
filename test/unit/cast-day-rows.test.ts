// The day editor's draft (components/cast/day-rows.ts, day-time.ts, day-problems.ts, sale-words.ts):
// programs flow back to back from the day's start, so a new start or length moves every later one;
// times are written on 24 hours and lengths as "1 h 05 min"; what a save would refuse is said in
// words beside the programs (never a rule number); a sold title's warning names its price.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createTranslator } from "next-intl";
import { dayProblems } from "@/components/cast/day-problems";
import { changeRow, flow, insertRow, moveRow, removeRow, type DayRow } from "@/components/cast/day-rows";
import { clockText, durationText, parseClock, parseDuration } from "@/components/cast/day-time";
import { saleBadge, saleWarning } from "@/components/cast/sale-words";
import { scheduleRuleBreaks } from "@/lib/cast-schedule-rules";
import en from "@/messages/en.json";
import it from "@/messages/it.json";

// the editor's words, as useTranslations gives them to the page (cast.day, bundlesPortal)
const wordsIn = (locale: "en" | "it") => {
  const messages = locale === "en" ? en : it;
  return {
    t: createTranslator({ locale, messages, namespace: "cast.day" }),
    bundle: { t: createTranslator({ locale, messages, namespace: "bundlesPortal" }), locale },
  };
};
const words = wordsIn("en");

const S = 1000;
const MIN = 60 * S;
const FROM = new Date(2030, 0, 15).getTime(); // local midnight: clock texts are the viewer's
const DAY = 24 * 3600 * S;
const row = (title: string, seconds: number, over: Partial<DayRow> = {}): DayRow => ({
  key: title,
  itemType: "BREAK",
  title,
  tags: [],
  seconds,
  offset: 0,
  ...over,
});
const clocks = (start: number, rows: DayRow[]) => flow(start, rows).map((r) => `${clockText(r.startsAt)}-${clockText(r.endsAt)}`);

test("programs flow from the day's start: a new start, length, insert, move or removal moves every later program", () => {
  let rows = insertRow([], 0, row("news", 30 * 60));
  rows = insertRow(rows, 1, row("film", 95 * 60));
  rows = insertRow(rows, 1, row("ads", 5 * 60));
  assert.deepEqual(clocks(FROM + 7 * 3600 * S, rows), ["07:00-07:30", "07:30-07:35", "07:35-09:10"]);
  assert.deepEqual(clocks(FROM + 8 * 3600 * S + 15 * MIN, rows), ["08:15-08:45", "08:45-08:50", "08:50-10:25"]);
  rows = moveRow(rows, 2, 0);
  assert.deepEqual(
    rows.map((r) => r.title),
    ["film", "news", "ads"],
  );
  assert.deepEqual(clocks(FROM + 7 * 3600 * S, rows), ["07:00-08:35", "08:35-09:05", "09:05-09:10"]);
  rows = changeRow(rows, 0, { seconds: 90 * 60 + 6 });
  assert.deepEqual(clocks(FROM + 7 * 3600 * S, rows), ["07:00-08:30:06", "08:30:06-09:00:06", "09:00:06-09:05:06"]);
  rows = removeRow(rows, 1);
  assert.deepEqual(clocks(FROM + 7 * 3600 * S, rows), ["07:00-08:30:06", "08:30:06-08:35:06"]);
  assert.equal(dayProblems(words.t, flow(FROM + 7 * 3600 * S, rows), FROM).size, 0);
});

test("one format: clock times on 24 hours, lengths as 1 h 05 min; both read back from what people type", () => {
  assert.equal(clockText(FROM + 13 * 3600 * S + 5 * MIN), "13:05");
  assert.equal(clockText(FROM + 6 * S), "00:00:06");
  assert.equal(parseClock("07:30"), 7 * 3600 + 30 * 60);
  assert.equal(parseClock("7:30:15"), 7 * 3600 + 30 * 60 + 15);
  assert.equal(parseClock("24:00"), undefined);
  assert.equal(parseClock("7:30 PM"), undefined);
  assert.equal(durationText(3900), "1 h 05 min");
  assert.equal(durationText(2700), "45 min");
  assert.equal(durationText(306), "5 min 06 s");
  assert.equal(durationText(6), "6 s");
  assert.equal(durationText(3600), "1 h 00 min");
  for (const [text, seconds] of [
    ["1 h 05 min", 3900],
    ["1h5m", 3900],
    ["90 min", 5400],
    ["30 s", 30],
    ["1:05:00", 3900],
    ["0:04", 4],
    ["45", 2700],
  ] as const)
    assert.equal(parseDuration(text), seconds, text);
  assert.equal(parseDuration("0 min"), undefined);
  assert.equal(parseDuration("soon"), undefined);
});

test("the day's problems in words beside the programs, never a rule number", () => {
  // the previous day's last program runs until 00:30; the day starts at 00:10
  const rows = [row("morning", 3600), row("film", 100, { itemType: "PRERECORDED", sourceId: "b", maxSeconds: 90 })];
  const early = dayProblems(words.t, flow(FROM + 10 * MIN, rows), FROM, {
    title: "Late show",
    startsAt: FROM - 3600 * S,
    endsAt: FROM + 30 * MIN,
  });
  assert.deepEqual(early.get(0), ['Starts before the previous program ends: "Late show" ends at 00:30, 20 min later.']);
  assert.deepEqual(early.get(1), ["Lasts 10 s longer than its content (1 min 30 s): cut it shorter."]);
  // the next day's first program starts at 00:00 and at 00:30
  const late = [row("night", 3600)];
  const atMidnight = dayProblems(words.t, flow(FROM + DAY - 48 * MIN, late), FROM, undefined, {
    title: "Dawn",
    startsAt: FROM + DAY,
    endsAt: FROM + DAY + 3600 * S,
  });
  assert.deepEqual(atMidnight.get(0), ['Ends after midnight by 12 min, when the next day\'s first program ("Dawn") starts.']);
  const overlap = dayProblems(words.t, flow(FROM + DAY - 25 * MIN, late), FROM, undefined, {
    title: "Dawn",
    startsAt: FROM + DAY + 30 * MIN,
    endsAt: FROM + DAY + 3600 * S,
  });
  assert.deepEqual(overlap.get(0), ['Overlaps the next program by 5 min: "Dawn" starts at 00:30 the next day.']);
  // a program pushed past midnight does not belong to the day
  const pushed = dayProblems(words.t, flow(FROM + DAY - 3600 * S, [row("a", 3600 + 12 * 60), row("b", 60)]), FROM);
  assert.ok(
    pushed
      .get(1)!
      .includes(
        "Starts after midnight by 12 min: a program must start within its day. Shorten the programs before it or move it to the next day.",
      ),
  );
  // programs that do not follow each other (a day read from elsewhere): both sides said
  const placed = flow(FROM, [row("a", 600), row("b", 600)]);
  placed[1] = { ...placed[1]!, startsAt: placed[1]!.startsAt - 5 * MIN };
  const crossed = dayProblems(words.t, placed, FROM);
  assert.deepEqual(crossed.get(0), ["Overlaps the next program by 5 min."]);
  assert.deepEqual(crossed.get(1), ["Starts before the previous program ends, by 5 min."]);
  const [first] = scheduleRuleBreaks({ range: { from: FROM, dayCount: 1 }, days: [placed] });
  assert.equal(first?.rule, 5, "the words come from the rule check a save runs");
  for (const texts of [early, atMidnight, overlap, pushed, crossed].flatMap((m) => [...m.values()]))
    for (const text of texts) assert.doesNotMatch(text, /rule/i);
});

test("a sold title's warning says how it is sold and that the free channel gives it away", () => {
  const ppv = { kind: "PAY_PER_VIEW", priceCents: 499, currency: "EUR" } as const;
  const bundle = {
    kind: "CONTENT_BUNDLE",
    bundleId: "b",
    bundleName: "Gold",
    priceCents: 990,
    currency: "EUR",
    duration: 1,
    durationUnit: "MONTHS",
  } as const;
  assert.equal(saleWarning(words, "Film", [ppv]), "“Film” is sold pay-per-view for €4.99; on this free channel anyone will watch it free.");
  assert.equal(
    saleWarning(words, "Film", [bundle, ppv]),
    "“Film” is sold in the bundle “Gold” (€9.90 for 1 month) and sold pay-per-view for €4.99; on this free channel anyone will watch it free.",
  );
  assert.equal(
    saleWarning(words, "Film", [bundle]),
    "“Film” is sold only in the bundle “Gold” (€9.90 for 1 month); on this free channel anyone will watch it free.",
  );
  assert.equal(saleBadge(words, [bundle, ppv]), "Pay-per-view €4.99");
  assert.equal(saleBadge(words, [bundle]), "Bundle only");
  // in Italian, with the page's number format
  assert.equal(
    saleWarning(wordsIn("it"), "Film", [ppv]),
    "“Film” è venduto in pay-per-view a 4,99\u00a0€; su questo canale gratuito chiunque lo guarderà gratis.",
  );
  assert.equal(saleBadge(wordsIn("it"), [bundle]), "Solo in raccolta");
});
