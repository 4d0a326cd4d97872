// Wire formats of the document (src/lib/wire.ts): dates, {date,time} in the viewer's offset,
// money, durations, omission of empty optionals.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  dateIn,
  dateTimeIn,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatDuration,
  formatMoney,
  moneyIn,
  omitEmpty,
  parseOffset,
} from "@/lib/wire";

const HOUR = 3600_000;

describe("X-Service-timezone", () => {
  test("is milliseconds east of UTC, UTC without it", () => {
    assert.equal(parseOffset("3600000"), HOUR);
    assert.equal(parseOffset("-18000000"), -5 * HOUR);
    assert.equal(parseOffset("19800000"), 5.5 * HOUR);
    assert.equal(parseOffset(" 7200000 "), 2 * HOUR);
    assert.equal(parseOffset(null), 0);
    assert.equal(parseOffset(""), 0);
  });

  test("nonsense and impossible offsets fall back to UTC", () => {
    assert.equal(parseOffset("CET"), 0);
    assert.equal(parseOffset("1e20"), 0);
    assert.equal(parseOffset(String(19 * HOUR)), 0);
    assert.equal(parseOffset("Infinity"), 0);
  });
});

describe("dates dd/MM/yyyy", () => {
  test("out: the calendar day, zero-padded", () => {
    assert.equal(formatDate(new Date("1990-06-05T00:00:00Z")), "05/06/1990");
    assert.equal(formatDate(new Date("0999-12-31T00:00:00Z")), "31/12/0999");
  });

  test("in: dd/MM/yyyy (also unpadded) becomes ISO for the domain", () => {
    assert.equal(dateIn("15/06/1990"), "1990-06-15");
    assert.equal(dateIn("1/2/2020"), "2020-02-01");
    assert.equal(dateIn(" 01/02/2020 "), "2020-02-01");
  });

  test("in: anything else passes through for the domain to reject", () => {
    assert.equal(dateIn("1990-06-15"), "1990-06-15");
    assert.equal(dateIn("15-06-1990"), "15-06-1990");
    assert.equal(dateIn(""), "");
    assert.equal(dateIn(19900615), 19900615);
    assert.equal(dateIn(undefined), undefined);
  });
});

describe("date-times {date, time}", () => {
  const instant = new Date("2024-03-10T23:30:15Z");

  test("out: UTC without an offset", () => {
    assert.deepEqual(formatDateTime(instant, 0), { date: "10/03/2024", time: "23:30:15" });
  });

  test("out: a positive offset rolls over to the next day", () => {
    assert.deepEqual(formatDateTime(instant, HOUR), { date: "11/03/2024", time: "00:30:15" });
  });

  test("out: a half-hour offset (India +5:30)", () => {
    assert.deepEqual(formatDateTime(instant, 5.5 * HOUR), { date: "11/03/2024", time: "05:00:15" });
  });

  test("out: a negative offset rolls back over the day and the year", () => {
    assert.deepEqual(formatDateTime(new Date("2024-01-01T02:00:00Z"), -5 * HOUR), { date: "31/12/2023", time: "21:00:00" });
    assert.deepEqual(formatDateTime(new Date("2024-01-01T02:00:00Z"), -3.5 * HOUR), { date: "31/12/2023", time: "22:30:00" });
  });

  test("in: read in the offset, given back as an ISO instant", () => {
    assert.equal(dateTimeIn({ date: "10/03/2024", time: "23:30:15" }, 0), "2024-03-10T23:30:15.000Z");
    assert.equal(dateTimeIn({ date: "01/01/2024", time: "00:30:00" }, HOUR), "2023-12-31T23:30:00.000Z");
    assert.equal(dateTimeIn({ date: "31/12/2023", time: "22:00:00" }, -5 * HOUR), "2024-01-01T03:00:00.000Z");
    assert.equal(dateTimeIn({ date: "11/03/2024", time: "05:00:15" }, 5.5 * HOUR), "2024-03-10T23:30:15.000Z");
  });

  test("in: seconds may be left out, hours unpadded", () => {
    assert.equal(dateTimeIn({ date: "10/03/2024", time: "9:05" }, 0), "2024-03-10T09:05:00.000Z");
  });

  test("in: an ISO date is accepted too (lenient)", () => {
    assert.equal(dateTimeIn({ date: "2024-03-10", time: "10:00:00" }, HOUR), "2024-03-10T09:00:00.000Z");
  });

  test("round trip in any offset", () => {
    for (const offset of [0, HOUR, -HOUR, 5.5 * HOUR, -9.5 * HOUR, 14 * HOUR, -12 * HOUR]) {
      assert.equal(dateTimeIn(formatDateTime(instant, offset), offset), instant.toISOString(), `offset ${offset}`);
    }
  });

  test("in: malformed values pass through for the domain to reject", () => {
    for (const v of [
      { date: "10/03/2024" },
      { date: "10/03/24", time: "10:00:00" },
      { date: "10/03/2024", time: "25:00:00" },
      { date: "10/03/2024", time: "noon" },
      "10/03/2024 10:00",
      null,
      undefined,
    ]) {
      assert.deepEqual(dateTimeIn(v, 0), v);
    }
  });
});

describe("money", () => {
  test('in: "2,50", "2.50" and 2.5 are the same amount', () => {
    assert.equal(moneyIn("2,50"), 2.5);
    assert.equal(moneyIn("2.50"), 2.5);
    assert.equal(moneyIn(2.5), 2.5);
    assert.equal(moneyIn(" 10 "), 10);
    assert.equal(moneyIn("0,5"), 0.5);
  });

  test("in: anything else passes through for the domain to reject", () => {
    for (const v of ["1.000,50", "2,505", "abc", "", "2,", null, true]) assert.equal(moneyIn(v), v);
  });

  test("out: cents as a comma string with two decimals", () => {
    assert.equal(formatMoney(250), "2,50");
    assert.equal(formatMoney(0), "0,00");
    assert.equal(formatMoney(5), "0,05");
    assert.equal(formatMoney(123456), "1234,56");
    assert.equal(formatMoney(-5), "-0,05");
  });

  test("out: fractional cents are rounded, never printed", () => {
    assert.equal(formatMoney(250.4), "2,50");
    assert.equal(formatMoney(249.6), "2,50");
  });

  test("out: percentages and other decimals", () => {
    assert.equal(formatDecimal(12.5), "12,50");
    assert.equal(formatDecimal(0.126), "0,13");
    assert.equal(formatDecimal(100), "100,00");
  });
});

describe("durations m:ss", () => {
  test("minutes and zero-padded seconds", () => {
    assert.equal(formatDuration(0), "0:00");
    assert.equal(formatDuration(5), "0:05");
    assert.equal(formatDuration(65), "1:05");
    assert.equal(formatDuration(599.6), "10:00");
  });

  test("minutes go past 59 for contents over an hour", () => {
    assert.equal(formatDuration(3600), "60:00");
    assert.equal(formatDuration(3725), "62:05");
    assert.equal(formatDuration(36000), "600:00");
  });

  test("unknown or nonsense durations are 0:00", () => {
    assert.equal(formatDuration(null), "0:00");
    assert.equal(formatDuration(undefined), "0:00");
    assert.equal(formatDuration(-3), "0:00");
    assert.equal(formatDuration(Number.NaN), "0:00");
  });
});

describe("omitEmpty", () => {
  test("drops null, undefined and empty strings, recursively", () => {
    assert.deepEqual(omitEmpty({ a: 1, b: null, c: undefined, d: "", e: { f: null, g: "x" }, h: [{ i: null, j: 0 }] }), {
      a: 1,
      e: { g: "x" },
      h: [{ j: 0 }],
    });
  });

  test("keeps false, 0, empty arrays and empty objects", () => {
    assert.deepEqual(omitEmpty({ a: false, b: 0, c: [], d: {} }), { a: false, b: 0, c: [], d: {} });
  });

  test("keeps Dates as they are and leaves scalars alone", () => {
    const d = new Date(0);
    assert.equal(omitEmpty({ d }).d, d);
    assert.equal(omitEmpty("x"), "x");
    assert.equal(omitEmpty(null), null);
  });
});
