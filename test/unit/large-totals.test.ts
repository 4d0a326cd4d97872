// The reuse of large search totals (src/server/domain/shared/large-totals.ts): only totals of
// LARGE_TOTAL or more are kept, for a few seconds.
import assert from "node:assert/strict";
import { test } from "node:test";
import { LARGE_TOTAL, rememberedTotal, rememberTotal } from "@/server/domain/shared/large-totals";

test("a small total is never remembered: it is counted every time", () => {
  rememberTotal("small", LARGE_TOTAL - 1, 0);
  assert.equal(rememberedTotal("small", 1), undefined);
});

test("a large total is reused for five seconds, then counted again", () => {
  rememberTotal("large", 81_113, 1000);
  assert.equal(rememberedTotal("large", 1000), 81_113);
  assert.equal(rememberedTotal("large", 5999), 81_113);
  assert.equal(rememberedTotal("large", 6000), undefined);
  assert.equal(rememberedTotal("other", 1000), undefined);
});
