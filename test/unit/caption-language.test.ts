// The language tag of a caption (issue 26): canonical BCP 47, a known language, its English name.
import assert from "node:assert/strict";
import { test } from "node:test";
import { captionLanguage } from "@/server/media/captions/caption-language";

test("well-formed tags of known languages, canonicalised, with their English names", () => {
  assert.deepEqual(captionLanguage("en"), { tag: "en", name: "English" });
  assert.deepEqual(captionLanguage(" EN-gb "), { tag: "en-GB", name: "British English" });
  assert.deepEqual(captionLanguage("pt-BR"), { tag: "pt-BR", name: "Brazilian Portuguese" });
  assert.deepEqual(captionLanguage("es-419"), { tag: "es-419", name: "Latin American Spanish" });
  assert.equal(captionLanguage("it")?.name, "Italian");
});

test("refused: not a tag, or no language ICU knows", () => {
  for (const bad of ["", "english", "xx", "x-foo", "sgn-BE-FR", "en_GB!", "und"]) assert.equal(captionLanguage(bad), undefined, bad);
});
