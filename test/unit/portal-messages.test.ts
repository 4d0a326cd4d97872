// The portal's message catalogues (src/messages/*.json, next-intl): Italian says everything English
// says, each text with the same {arguments} and rich <tags>, and every text parses as ICU.
import assert from "node:assert/strict";
import { test } from "node:test";
import { createTranslator } from "next-intl";
import en from "@/messages/en.json";
import it from "@/messages/it.json";

type Tree = { [key: string]: string | Tree };

/** Every text of a catalogue by its dotted key. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

/** The arguments and tags a text uses, sorted: "{days, plural, ...}" and "<strong>" give ["<strong>", "days"]. */
function placeholders(text: string): string[] {
  const args = [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map((m) => m[1]!);
  const tags = [...text.matchAll(/<(\w+)>/g)].map((m) => `<${m[1]}>`);
  return [...new Set([...args, ...tags])].sort();
}

const english = flatten(en as Tree);
const italian = flatten(it as Tree);

test("Italian has exactly the keys of English", () => {
  assert.deepEqual([...italian.keys()].sort(), [...english.keys()].sort());
});

test("each Italian text uses the arguments and tags of its English one", () => {
  for (const [key, text] of english) assert.deepEqual(placeholders(italian.get(key) ?? ""), placeholders(text), key);
});

test("every text formats through next-intl with sample values", () => {
  for (const [locale, messages, catalogue] of [
    ["en", en, english],
    ["it", it, italian],
  ] as const) {
    const t = createTranslator({
      locale,
      messages,
      onError: (error) => {
        throw error;
      },
    });
    // keys are checked against the catalogue at compile time in the pages; here they come from the files
    const format = t as unknown as { markup: (key: string, values: Record<string, unknown>) => string };
    for (const [key, text] of catalogue) {
      const values = Object.fromEntries(
        placeholders(text).map((p) => (p.startsWith("<") ? [p.slice(1, -1), (chunks: string) => chunks] : [p, 2])),
      );
      assert.ok(format.markup(key, values).length > 0, `${locale} ${key}`);
    }
  }
});
