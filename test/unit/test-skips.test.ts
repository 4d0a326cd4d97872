// The runner's summary names the skipped tests: read from node:test's TAP and Playwright's list reporter.
import assert from "node:assert/strict";
import { test } from "node:test";
import { nodeTestSkips, playwrightSkips } from "../../scripts/test-skips";

test("skipped node tests are read from TAP, with their reason, also as subtests", () => {
  const tap = [
    "TAP version 13",
    "# Subtest: the committed list of documented endpoints matches the documents",
    "ok 1 - the committed list of documented endpoints matches the documents # SKIP KINORA_SPEC_DIR does not name the directory",
    "  ---",
    "ok 2 - every committed endpoint has a method",
    "    ok 1 - nginx -t accepts both configurations # SKIP",
    "not ok 3 - a failure",
    "# skipped 2",
  ].join("\n");
  assert.deepEqual(nodeTestSkips(tap), [
    "the committed list of documented endpoints matches the documents (KINORA_SPEC_DIR does not name the directory)",
    "nginx -t accepts both configurations",
  ]);
});

test("skipped Playwright tests are read from the list reporter, colours or not", () => {
  const out = [
    "Running 3 tests using 1 worker",
    "  ✓  1 account-journey.spec.ts:10:1 › register and sign in (4.2s)",
    "  \x1b[32m-\x1b[39m  2 \x1b[36mnewcomer-signup.spec.ts:12:3 › the activation mail\x1b[39m",
    "  -  3 guest-purchase.spec.ts:20:1 › a guest buys",
    "    - Expected  - 1",
    "  1 passed (9.0s)",
  ].join("\n");
  assert.deepEqual(playwrightSkips(out), [
    "newcomer-signup.spec.ts:12:3 › the activation mail",
    "guest-purchase.spec.ts:20:1 › a guest buys",
  ]);
});
