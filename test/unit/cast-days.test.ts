// The cast pages' days in the viewer's zone (lib/cast-days.ts): a range of days over a
// daylight-saving change is read in runs of days sharing an offset, each day's midnight the viewer's.
import assert from "node:assert/strict";
import { after, test } from "node:test";
import { offsetRuns } from "@/lib/cast-days";

const zone = process.env.TZ;
after(() => {
  if (zone === undefined) delete process.env.TZ;
  else process.env.TZ = zone;
});

const HOUR = 3_600_000;

test("a 42-day month grid over the end of summer time in Paris: two runs, the change's day in the first", () => {
  process.env.TZ = "Europe/Paris"; // Node reads TZ again when it changes
  // summer time ends on Sunday 25 October 2026 at 03:00: that day's midnight is still +02:00
  assert.deepEqual(offsetRuns("2026-10-20", 42), [
    { day: "2026-10-20", count: 6, offsetMs: 2 * HOUR },
    { day: "2026-10-26", count: 36, offsetMs: HOUR },
  ]);
});

test("without a change: one run; a zone without summer time: one run whatever the dates", () => {
  process.env.TZ = "Europe/Paris";
  assert.deepEqual(offsetRuns("2026-11-01", 42), [{ day: "2026-11-01", count: 42, offsetMs: HOUR }]);
  process.env.TZ = "Asia/Kolkata";
  assert.deepEqual(offsetRuns("2026-10-20", 42), [{ day: "2026-10-20", count: 42, offsetMs: 5.5 * HOUR }]);
});

test("a spring change in New York: the day of the change starts in the old offset", () => {
  process.env.TZ = "America/New_York";
  // summer time begins on Sunday 8 March 2026 at 02:00
  assert.deepEqual(offsetRuns("2026-03-06", 5), [
    { day: "2026-03-06", count: 3, offsetMs: -5 * HOUR },
    { day: "2026-03-09", count: 2, offsetMs: -4 * HOUR },
  ]);
});
