// The committed list of documented endpoints (test/support/documented-endpoints.json) against the
// documents it is generated from. The documents are not part of the repository: the comparison runs
// only when KINORA_SPEC_DIR names their directory (a developer who has them), and is skipped
// otherwise, which the runner's summary (scripts/test.ts) lists; the coverage test
// (test/contract/endpoint-coverage.test.ts) and the check below use the committed list, in CI too.
import assert from "node:assert/strict";
import { test } from "node:test";
import { parseDocumentedEndpoints, specDir } from "../../scripts/documented-endpoints";
import { documentedEndpoints } from "../support/spec-endpoints";

const dir = specDir();

test(
  "the committed list of documented endpoints matches the documents",
  { skip: dir ? false : "KINORA_SPEC_DIR does not name the directory of the interface documents" },
  () => {
    assert.deepEqual(
      documentedEndpoints(),
      parseDocumentedEndpoints(dir!),
      "test/support/documented-endpoints.json is stale: run `npx tsx scripts/documented-endpoints.ts` and commit it",
    );
  },
);

test("every committed endpoint has a method, a path, an area and its source document", () => {
  const list = documentedEndpoints();
  assert.ok(list.length >= 100, `only ${list.length} endpoints`);
  for (const e of list) {
    assert.match(e.method, /^(GET|POST|PUT|PATCH|DELETE)$/, JSON.stringify(e));
    assert.match(e.path, /^\/\S*$/, JSON.stringify(e));
    assert.ok(e.area.length > 0, JSON.stringify(e));
    assert.ok(e.source === "interface.md" || e.source === "supplement.md", JSON.stringify(e));
  }
});
