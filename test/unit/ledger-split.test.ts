// How a sale's gross divides between the platform, its seller and a second creator (the licensor of
// a content acquired on the marketplace: src/server/payments/ledger.ts splitSale), in whole cents:
// for every gross, fee percentage and share, the parts add up to the gross.
import assert from "node:assert/strict";
import { test } from "node:test";
import { splitSale } from "@/server/payments/ledger";

const SELLER = "seller";
const sum = (s: ReturnType<typeof splitSale>) => s.feeCents + s.sellerNetCents + s.shareNetCents;

test("a series of paid views: no cent created or lost, whatever the rounding", () => {
  let gross = 0;
  let parts = 0;
  for (let cents = 1; cents <= 5000; cents += 7) {
    for (const fee of [0, 10, 12.5, 33]) {
      for (const share of [undefined, { cents: 30 }, { cents: 99999 }, { percent: 1 }, { percent: 33 }, { percent: 100 }]) {
        const split = splitSale(cents, SELLER, share, fee);
        for (const part of Object.values(split))
          assert.ok(Number.isInteger(part) && part >= 0, JSON.stringify({ cents, fee, share, split }));
        assert.equal(sum(split), cents, JSON.stringify({ cents, fee, share, split }));
        gross += cents;
        parts += sum(split);
      }
    }
  }
  assert.equal(parts, gross);
});

test("the fee first, then the share out of what is left, never more than that", () => {
  // 2,50 at 10 %: fee 0,25; a PAY_PER_VIEW license's 0,40 to the licensor; 1,85 to the seller
  assert.deepEqual(splitSale(250, SELLER, { cents: 40 }, 10), { feeCents: 25, sellerNetCents: 185, shareNetCents: 40 });
  // revenue sharing 30 % of the net 1,79 (1,99 - 0,20) = 0,537: 0,53 (rounded down), the seller keeps the odd cent
  assert.deepEqual(splitSale(199, SELLER, { percent: 30 }, 10), { feeCents: 20, sellerNetCents: 126, shareNetCents: 53 });
  // a share above the net takes the net, no more
  assert.deepEqual(splitSale(100, SELLER, { cents: 500 }, 10), { feeCents: 10, sellerNetCents: 0, shareNetCents: 90 });
  // no share: the ledger as before
  assert.deepEqual(splitSale(100, SELLER, undefined, 10), { feeCents: 10, sellerNetCents: 90, shareNetCents: 0 });
  // the platform's own sales: all of it the platform's
  assert.deepEqual(splitSale(100, null, undefined, 10), { feeCents: 100, sellerNetCents: 0, shareNetCents: 0 });
});
