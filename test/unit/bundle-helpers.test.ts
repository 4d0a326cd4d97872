// Pure helpers of the bundles context: the sparse positions of an ordered bundle (free integers
// between neighbours, or none: then the bundle is renumbered) and the subscription period in UTC
// calendar terms; the media home of a bundle item as its statement reads it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { POSITION_GAP, positionsBetween } from "../../src/server/domain/bundles/item-positions";
import { addPeriods } from "../../src/server/domain/bundles/subscription-period";
import { mediaHomeOf } from "../../src/server/domain/box/box-item-view";

test("positions: an empty bundle, the start, the end, between neighbours, and no room left", () => {
  assert.deepEqual(positionsBetween(undefined, undefined, 3), [POSITION_GAP, 2 * POSITION_GAP, 3 * POSITION_GAP]);
  assert.deepEqual(positionsBetween(undefined, 1024, 2), [1024 - 2 * POSITION_GAP, 1024 - POSITION_GAP]);
  assert.deepEqual(positionsBetween(2048, undefined, 2), [2048 + POSITION_GAP, 2048 + 2 * POSITION_GAP]);
  assert.deepEqual(positionsBetween(1024, 2048, 1), [1536]);
  assert.deepEqual(positionsBetween(1024, 2048, 3), [1280, 1536, 1792]);
  assert.deepEqual(positionsBetween(10, 12, 1), [11]);
  assert.equal(positionsBetween(10, 11, 1), undefined, "adjacent integers: renumber");
  assert.equal(positionsBetween(10, 12, 2), undefined, "room for one, not two");
  assert.equal(positionsBetween(2 ** 31 - 100, undefined, 1), undefined, "past the int range: renumber");
  assert.equal(positionsBetween(undefined, -(2 ** 31) + 100, 1), undefined);
  // halving one gap: about log2(GAP) moves into the same place before a renumbering
  const before = POSITION_GAP;
  let [after, moves] = [2 * POSITION_GAP, 0];
  for (let p = positionsBetween(before, after, 1); p; p = positionsBetween(before, after, 1)) [after, moves] = [p[0]!, moves + 1];
  assert.equal(moves, Math.log2(POSITION_GAP));
});

test("periods: days as 24 h, months and years on the calendar, the day clamped to the month's end", () => {
  const at = (iso: string) => new Date(iso);
  assert.equal(addPeriods(at("2026-01-10T08:30:00Z"), 10, "DAYS").toISOString(), "2026-01-20T08:30:00.000Z");
  assert.equal(addPeriods(at("2026-01-31T08:30:00Z"), 1, "MONTHS").toISOString(), "2026-02-28T08:30:00.000Z");
  assert.equal(addPeriods(at("2028-01-31T00:00:00Z"), 1, "MONTHS").toISOString(), "2028-02-29T00:00:00.000Z");
  assert.equal(addPeriods(at("2026-11-30T23:59:59Z"), 3, "MONTHS").toISOString(), "2027-02-28T23:59:59.000Z");
  assert.equal(addPeriods(at("2028-02-29T12:00:00Z"), 1, "YEARS").toISOString(), "2029-02-28T12:00:00.000Z");
  assert.equal(addPeriods(at("2026-05-15T00:00:00Z"), 2, "YEARS").toISOString(), "2028-05-15T00:00:00.000Z");
});

test("media home of a bundle item read with MEDIA_ELSEWHERE_SQL: its own files, or the seller's; the owner's band pays", () => {
  const item = { id: "box-1", ownerId: "owner-1" };
  assert.deepEqual(mediaHomeOf(item, { boxId: null, ownerId: null }), { ownerId: "owner-1", boxId: "box-1", bandOwnerId: "owner-1" });
  assert.deepEqual(mediaHomeOf(item, { boxId: "box-9", ownerId: "seller-9" }), {
    ownerId: "seller-9",
    boxId: "box-9",
    bandOwnerId: "owner-1",
  });
});
