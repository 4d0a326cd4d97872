// The input boundary's small parts: which strings the database cannot store, where they are found in
// an input, which multipart Content-Types carry a usable boundary, and which tokens may be echoed.
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { isStorableText, unstorablePaths } from "@/server/core/storable-text";
import { parseInput } from "@/server/domain/shared/validation";
import { DomainError } from "@/server/core/errors";
import { multipartBoundary } from "@/server/rest/multipart";
import { echoableToken } from "@/server/http/echoable-token";

test("NUL and unpaired surrogates are not storable; paired surrogates (emoji) and controls other than NUL are", () => {
  for (const bad of ["\u0000", "a\u0000", "\ud800", "x\udbffy", "\udc00", "a\udfff", "\ud83c\ud83c"])
    assert.equal(isStorableText(bad), false, JSON.stringify(bad));
  for (const good of ["", "plain", "🎬", "\u0001\u001f\u007f", "é\u202e", "\ud83c\udfac"])
    assert.equal(isStorableText(good), true, JSON.stringify(good));
});

test("unstorable strings are found by their dotted path in plain objects and arrays only", () => {
  const stream = Object.assign(Object.create({ kind: "stream" }), { title: "\u0000" });
  assert.deepEqual(
    unstorablePaths({ title: "ok", profile: { firstName: "a\u0000", tags: ["x", "\ud800"] }, parts: stream, n: 1, none: null }),
    ["profile.firstName", "profile.tags.1"],
  );
  assert.deepEqual(unstorablePaths("\u0000"), ["body"]);
  assert.deepEqual(unstorablePaths(["\u0000"]), ["0"]);
});

test("parseInput refuses unstorable strings with one field error each, before the schema runs", () => {
  const schema = z.object({ title: z.string().max(3) });
  assert.throws(
    () => parseInput(schema, { title: "much too long\u0000", other: { deep: "\ud800" } }),
    (err: unknown) =>
      err instanceof DomainError &&
      err.code === "VALIDATION" &&
      JSON.stringify(err.fieldErrors) ===
        JSON.stringify([
          { field: "title", message: "field.unstorableText" },
          { field: "other.deep", message: "field.unstorableText" },
        ]),
  );
  assert.deepEqual(parseInput(schema, { title: "ok" }), { title: "ok" });
});

test("a multipart boundary is the boundary parameter itself, 1 to 70 characters, plain or quoted", () => {
  assert.equal(multipartBoundary("multipart/form-data; boundary=abc"), "abc");
  assert.equal(multipartBoundary('Multipart/Form-Data; charset=utf-8; BOUNDARY="a b:c"'), "a b:c");
  assert.equal(multipartBoundary("multipart/form-data;boundary=----WebKitFormBoundary7MA4YWxk"), "----WebKitFormBoundary7MA4YWxk");
  for (const bad of [
    "multipart/form-data; xboundary=abc",
    "multipart/form-data; boundary=",
    'multipart/form-data; boundary="abc',
    "multipart/form-data",
    `multipart/form-data; boundary=${"b".repeat(71)}`,
    "multipart/mixed; boundary=abc",
    "application/json; boundary=abc",
    "",
  ]) {
    assert.equal(multipartBoundary(bad), undefined, bad);
  }
});

test("only well-formed bearer tokens are echoed in error descriptions", () => {
  assert.equal(echoableToken("eyJhbGciOiJIUzI1NiJ9.e30.abc-_"), "eyJhbGciOiJIUzI1NiJ9.e30.abc-_");
  assert.equal(echoableToken("garbage"), "garbage");
  for (const bad of ["a\r\nX-Injected: 1", "a\u0000", "a\u007f", "\u0001", "tést", "\u202eabc", '"abc\\', "a b", "", "x".repeat(4097)]) {
    assert.equal(echoableToken(bad), undefined, JSON.stringify(bad));
  }
});
