// The `conditions` filters of the vod and marketplace searches (shared/search-conditions.ts): what
// each accepts, and the field errors of the conditions that belong to one license type.
import assert from "node:assert/strict";
import { test } from "node:test";
import { marketConditionsInput } from "@/server/domain/marketplace/market-search";
import { vodConditionsInput } from "@/server/domain/vod/vod-search";

const BUNDLE = "0b7c2f0e-4f5e-4a8e-9d7e-2d3c4b5a6f70";

/** The field errors of a parse, as "path: message", or the parsed value. */
function parse(schema: typeof vodConditionsInput | typeof marketConditionsInput, input: unknown): unknown {
  const r = schema.safeParse(input);
  return r.success ? r.data : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

test("absent and null are no conditions; values are read as clients send them", () => {
  assert.equal(parse(vodConditionsInput, null), undefined);
  assert.equal(parse(marketConditionsInput, undefined), undefined);
  assert.deepEqual(parse(vodConditionsInput, { licenseType: " creative_commons ", ccType: "by_sa", bundleId: "" }), {
    licenseType: "CREATIVE_COMMONS",
    ccType: "BY_SA",
    bundleId: undefined,
  });
  assert.deepEqual(parse(vodConditionsInput, { licenseType: "content_bundle", bundleId: BUNDLE }), {
    licenseType: "CONTENT_BUNDLE",
    bundleId: BUNDLE,
  });
  assert.deepEqual(parse(marketConditionsInput, { licenseType: "spot_price", download: "true" }), {
    licenseType: "SPOT_PRICE",
    download: true,
  });
  // download stands alone
  assert.deepEqual(parse(marketConditionsInput, { download: false }), { download: false });
});

test("a condition of one license type needs licenseType (one error), then that type", () => {
  assert.deepEqual(parse(vodConditionsInput, { ccType: "BY", bundleId: BUNDLE }), ["licenseType: field.licenseTypeRequired"]);
  assert.deepEqual(parse(vodConditionsInput, { licenseType: "FREE", ccType: "BY", bundleId: BUNDLE }), [
    "ccType: field.onlyWithCreativeCommons",
    "bundleId: field.onlyWithContentBundle",
  ]);
  assert.deepEqual(parse(marketConditionsInput, { ccType: "BY" }), ["licenseType: field.licenseTypeRequired"]);
  assert.deepEqual(parse(marketConditionsInput, { licenseType: "FREE", ccType: "BY" }), ["ccType: field.onlyWithCreativeCommons"]);
});

test("each search's own values: a bundle is not a marketplace condition, the license types differ", () => {
  assert.deepEqual(parse(vodConditionsInput, { licenseType: "SPOT_PRICE" }), ["licenseType: field.licenseType"]);
  assert.deepEqual(parse(marketConditionsInput, { licenseType: "CONTENT_BUNDLE" }), ["licenseType: field.marketLicenseType"]);
  assert.deepEqual(parse(marketConditionsInput, { licenseType: "FREE", bundleId: BUNDLE }), { licenseType: "FREE" });
  assert.deepEqual(parse(vodConditionsInput, { bundleId: "x", licenseType: "CONTENT_BUNDLE" }), ["bundleId: field.invalid"]);
});
