// How a sale's gross divides between the platform, its seller and a second creator (the licensor of
// a content acquired on the marketplace: src/server/payments/ledger.ts splitSale), in whole cents:
// for every gross, fee percentage and share, the parts add up to the gross; a fixed share (a
// PAY_PER_VIEW license's price) is always paid in full; and a per-view licensed vod's lowest price,
// the licensed price plus the platform's fee on it (minimumGrossCents).
import assert from "node:assert/strict";
import { test } from "node:test";
import { minimumGrossCents, splitSale } from "@/server/payments/ledger";

const SELLER = "seller";
const sum = (s: ReturnType<typeof splitSale>) => s.feeCents + s.sellerNetCents + s.shareNetCents;

test("a series of paid views: no cent created or lost, whatever the rounding", () => {
  let gross = 0;
  let parts = 0;
  for (let cents = 1; cents <= 5000; cents += 7) {
    for (const fee of [0, 10, 12.5, 33]) {
      for (const share of [undefined, { cents: 30 }, { cents: 99999 }, { percent: 1 }, { percent: 33 }, { percent: 100 }]) {
        const split = splitSale(cents, SELLER, share, fee);
        const context = JSON.stringify({ cents, fee, share, split });
        for (const part of Object.values(split)) assert.ok(Number.isInteger(part), context);
        assert.ok(split.feeCents >= 0 && split.shareNetCents >= 0, context);
        assert.ok(split.feeCents <= Math.round((cents * fee) / 100), `never more than the fee: ${context}`);
        // the licensor's fixed price in full; the seller's net below zero only when the gross does not cover it
        if (share?.cents !== undefined) assert.equal(split.shareNetCents, share.cents, context);
        assert.equal(split.sellerNetCents < 0, share?.cents !== undefined && cents < share.cents, context);
        assert.equal(sum(split), cents, context);
        gross += cents;
        parts += sum(split);
      }
    }
  }
  assert.equal(parts, gross);
});

test("the fee first, then the share out of what is left; a fixed share in full, a percentage never more than that", () => {
  // 2,50 at 10 %: fee 0,25; a PAY_PER_VIEW license's 0,40 to the licensor; 1,85 to the seller
  assert.deepEqual(splitSale(250, SELLER, { cents: 40 }, 10), { feeCents: 25, sellerNetCents: 185, shareNetCents: 40 });
  // revenue sharing 30 % of the net 1,79 (1,99 - 0,20) = 0,537: 0,53 (rounded down), the seller keeps the odd cent
  assert.deepEqual(splitSale(199, SELLER, { percent: 30 }, 10), { feeCents: 20, sellerNetCents: 126, shareNetCents: 53 });
  // a licensed price above the gross (a vod priced below its floor before there was one): the
  // licensor still gets it all, the platform no fee, and the seller, who set the price, owes the rest
  assert.deepEqual(splitSale(100, SELLER, { cents: 500 }, 10), { feeCents: 0, sellerNetCents: -400, shareNetCents: 500 });
  assert.deepEqual(splitSale(1, SELLER, { cents: 200 }, 10), { feeCents: 0, sellerNetCents: -199, shareNetCents: 200 });
  // at the floor: 2,20 at 10 %: the licensor's 2,00, the fee on it 0,20, the seller nothing
  assert.deepEqual(splitSale(220, SELLER, { cents: 200 }, 10), { feeCents: 20, sellerNetCents: 0, shareNetCents: 200 });
  // between the floor and a price whose whole fee fits: the fee is what the licensed price leaves
  assert.deepEqual(splitSale(221, SELLER, { cents: 200 }, 10), { feeCents: 21, sellerNetCents: 0, shareNetCents: 200 });
  assert.deepEqual(splitSale(300, SELLER, { cents: 200 }, 10), { feeCents: 30, sellerNetCents: 70, shareNetCents: 200 });
  // no share: the ledger as before
  assert.deepEqual(splitSale(100, SELLER, undefined, 10), { feeCents: 10, sellerNetCents: 90, shareNetCents: 0 });
  // the platform's own sales: all of it the platform's
  assert.deepEqual(splitSale(100, null, undefined, 10), { feeCents: 100, sellerNetCents: 0, shareNetCents: 0 });
});

test("minimumGrossCents: the licensed price plus the platform's fee on it; from there the licensor is paid in full, the seller nothing below zero", () => {
  for (const fee of [0, 1, 10, 12.5, 33, 50, 99, 100]) {
    for (let licensed = 1; licensed <= 3000; licensed += licensed < 300 ? 1 : 37) {
      const min = minimumGrossCents(licensed, fee);
      const context = JSON.stringify({ fee, licensed, min });
      assert.equal(min, licensed + Math.round((licensed * fee) / 100), context);
      // at the minimum: the licensed price to the licensor, the fee on it to the platform, 0 to the seller
      assert.deepEqual(
        splitSale(min, SELLER, { cents: licensed }, fee),
        { feeCents: min - licensed, sellerNetCents: 0, shareNetCents: licensed },
        context,
      );
      // above it the seller's net never goes below zero nor back down
      let previous = 0;
      for (let gross = min; gross < min + 50; gross++) {
        const split = splitSale(gross, SELLER, { cents: licensed }, fee);
        assert.ok(split.sellerNetCents >= previous && split.shareNetCents === licensed, `${context} at ${gross}`);
        previous = split.sellerNetCents;
      }
    }
  }
  assert.equal(minimumGrossCents(200, 10), 220);
  assert.equal(minimumGrossCents(5, 10), 6); // 0,05 + its fee 0,005, rounded up to 0,01
  assert.equal(minimumGrossCents(40, 0), 40);
  assert.equal(minimumGrossCents(0, 10), 0);
});
