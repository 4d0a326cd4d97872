// What the portal says about a failed form or upload: a field error under its input, or away from it
// in the form's words; the date field's "required" (not a format the date picker never shows); byte
// amounts without trailing zeros.
import assert from "node:assert/strict";
import { test } from "node:test";
import { z } from "zod";
import { errorsByInput, fieldErrorText } from "../../src/components/form/read-form";
import { DomainError } from "../../src/server/domain/errors";
import { parseInput } from "../../src/server/domain/shared/validation";
import { zBirthDate } from "../../src/server/domain/users/user-fields";
import { formatBytes } from "../../src/lib/format";

test("a field error goes to the input of its path or of its closest parent; a path without an input keeps its key", () => {
  const labels = { title: "Title", tags: "Tags" };
  assert.deepEqual(
    errorsByInput(
      {
        title: "is required",
        "tags.3": "must be at most 64 characters long",
        "tags.5": "must be at most 64 characters long, too",
        boxId: "is not valid",
        constructor: "is not valid",
      },
      labels,
    ),
    { title: "is required", tags: "must be at most 64 characters long", boxId: "is not valid", constructor: "is not valid" },
  );
  // a path that merely starts like an input's is not its part
  assert.deepEqual(errorsByInput({ tagsExtra: "is not valid" }, labels), { tagsExtra: "is not valid" });
  // a hostile path is an own key, never the prototype of the result
  const hostile = errorsByInput(JSON.parse('{"__proto__":"is not valid"}') as Record<string, string>, labels);
  assert.deepEqual(Object.keys(hostile), ["__proto__"]);
  assert.equal(Object.getPrototypeOf(hostile), Object.prototype);
});

test("a field error said away from an input is named by the form's label, by its closest labelled parent, else by its path made readable", () => {
  const labels = { passwordConfirm: "Repeat the password", tags: "Tags", activationUrl: "Activation link" };
  assert.equal(fieldErrorText("activationUrl", "must point to this site", labels), "Activation link: must point to this site");
  assert.equal(fieldErrorText("tags.3", "must be at most 64 characters long", labels), "Tags: must be at most 64 characters long");
  assert.equal(fieldErrorText("finance.billingAddress.zipCode", "is required", labels), "Zip code: is required");
  // only the form's own labels, never an object's inherited properties
  assert.equal(fieldErrorText("constructor", "is not valid", labels), "Constructor: is not valid");
});

test("a birth date: empty is required, a malformed or impossible date says the format, a future one is refused", () => {
  const messageOf = (birthDate: unknown) => {
    try {
      parseInput(z.object({ birthDate: zBirthDate() }), { birthDate });
    } catch (err) {
      assert.ok(err instanceof DomainError);
      return err.fieldErrors[0]?.message;
    }
    return undefined;
  };
  assert.equal(messageOf(""), "field.required");
  assert.equal(messageOf(undefined), "field.required");
  assert.equal(messageOf("2000-02-31"), "field.date");
  assert.equal(messageOf("15/06/1990"), "field.date");
  assert.equal(messageOf(`${new Date().getUTCFullYear() + 1}-01-01`), "field.dateInPast");
  assert.equal(messageOf("1990-06-15"), undefined);
});

test("byte amounts in powers of 1024, without trailing zeros", () => {
  assert.equal(formatBytes(0), "0 B");
  assert.equal(formatBytes(500 * 1024 ** 2), "500 MB");
  assert.equal(formatBytes(1024 ** 3), "1 GB");
  assert.equal(formatBytes(1.5 * 1024), "1.5 KB");
  assert.equal(formatBytes(1023.96 * 1024 ** 2), "1024 MB");
  assert.equal(formatBytes(2.345 * 1024 ** 3), "2.35 GB");
});
