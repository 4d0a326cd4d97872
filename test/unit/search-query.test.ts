// toTsQuery: a user's queryString -> PostgreSQL tsquery text (words ANDed, trailing * = prefix).
import assert from "node:assert/strict";
import { test } from "node:test";
import { toTsQuery } from "@/server/domain/shared/search";

test("words are lower-cased and ANDed", () => {
  assert.equal(toTsQuery("Rock Concert"), "rock & concert");
  assert.equal(toTsQuery("  rock   concert  "), "rock & concert");
});

test("a trailing * makes the last word a prefix match, ** too", () => {
  assert.equal(toTsQuery("conc*"), "conc:*");
  assert.equal(toTsQuery("rock conc*"), "rock & conc:*");
  assert.equal(toTsQuery("rock conc**"), "rock & conc:*");
  assert.equal(toTsQuery("rock conc* "), "rock & conc:*");
});

test("a * inside the query is only a separator", () => {
  assert.equal(toTsQuery("ro*ck concert"), "ro & ck & concert");
});

test("punctuation and tsquery operators never reach PostgreSQL", () => {
  assert.equal(toTsQuery("rock & roll | (live)!"), "rock & roll & live");
  assert.equal(toTsQuery("rock'n'roll"), "rock & n & roll");
  assert.equal(toTsQuery("a:* <-> b"), "a & b");
  assert.equal(toTsQuery("x-ray, 2024."), "x & ray & 2024");
});

test("unicode letters and digits are words", () => {
  assert.equal(toTsQuery("Città Perù"), "città & perù");
  assert.equal(toTsQuery("東京 ライブ"), "東京 & ライブ");
  assert.equal(toTsQuery("Ελληνικά*"), "ελληνικά:*");
});

test("decomposed accents stay in their word", () => {
  assert.equal(toTsQuery("cafe\u0301 noir"), "café & noir");
});

test("nothing searchable gives no query", () => {
  assert.equal(toTsQuery(undefined), undefined);
  assert.equal(toTsQuery(""), undefined);
  assert.equal(toTsQuery("*"), undefined);
  assert.equal(toTsQuery("**"), undefined);
  assert.equal(toTsQuery(" - & | "), undefined);
});

test("weights restrict every word, the prefix too", () => {
  assert.equal(toTsQuery("rock conc*", "ABC"), "rock:ABC & conc:*ABC");
  assert.equal(toTsQuery("rock", "ABC"), "rock:ABC");
});
