// The runner's summary names the skipped and the failed tests: read from node:test's TAP and Playwright's
// list reporter.
import assert from "node:assert/strict";
import { test } from "node:test";
import { nodeTestFailures, nodeTestSkips, playwrightFailures, playwrightSkips } from "../../scripts/test-outcomes";

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

test("failed node tests are read from TAP with the first line of their error, subtests before their suite", () => {
  const tap = [
    "# Subtest: budgets",
    "    # Subtest: the 11th request is a 429",
    "    not ok 1 - the 11th request is a 429",
    "      ---",
    "      duration_ms: 12.5",
    "      failureType: 'testCodeFailure'",
    "      error: |-",
    "        Expected values to be strictly equal:",
    "        200 !== 429",
    "      code: 'ERR_ASSERTION'",
    "      ...",
    "    ok 2 - a key has its own budget",
    "    1..2",
    "not ok 1 - budgets",
    "  ---",
    "  error: '1 subtest failed'",
    "  ...",
    "ok 2 - a todo # TODO",
    "# fail 1",
  ].join("\n");
  assert.deepEqual(nodeTestFailures(tap), [
    "the 11th request is a 429: Expected values to be strictly equal:",
    "budgets: 1 subtest failed",
  ]);
  assert.deepEqual(nodeTestFailures("ok 1 - fine\n# fail 0"), []);
});

test("failed Playwright tests are read from the list reporter, colours or not", () => {
  const out = [
    "  ✓  1 e2e/account-journey.spec.ts:10:1 › register and sign in (4.2s)",
    "  \x1b[31m✘\x1b[39m  2 \x1b[36me2e/api-reference.spec.ts:7:1 › the API reference renders (31.2s)\x1b[39m",
    "  ✘  3 e2e/developers.spec.ts:13:1 › API keys and webhooks (12.0s)",
    "  1 passed (9.0s)",
  ].join("\n");
  assert.deepEqual(playwrightFailures(out), [
    "e2e/api-reference.spec.ts:7:1 › the API reference renders (31.2s)",
    "e2e/developers.spec.ts:13:1 › API keys and webhooks (12.0s)",
  ]);
});
