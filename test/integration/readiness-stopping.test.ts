// Readiness while the process stops (docs/operations.md "Stopping"): the launcher marks the stop on
// SIGTERM and /readyz answers 503 `stopping` from that moment, before the requests in flight have
// finished, so a balancer takes the instance out at once. A real server stops listening at the same
// time (test/contract/stop.test.ts), so the answer is checked here, in the process, on a real database.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

useIntegrationDatabase("kinora-readiness-stopping-");

let readiness: typeof import("../../src/server/workers/readiness").readiness;
let lifecycle: typeof import("../../src/server/http/lifecycle.mjs");
let GET: typeof import("../../src/app/readyz/route").GET;

before(async () => {
  await integrationDbAccess();
  ({ readiness } = await import("../../src/server/workers/readiness"));
  lifecycle = await import("../../src/server/http/lifecycle.mjs");
  ({ GET } = await import("../../src/app/readyz/route"));
});

test("/readyz: ready with its checks, then 503 naming `stopping` from the moment the stop begins, while stop hooks still run", async () => {
  const before = await readiness();
  assert.equal(before.status, "ok", JSON.stringify(before));
  assert.deepEqual(Object.keys(before.checks).sort(), ["database", "ingest", "migrations", "storage", "worker"]);
  assert.equal((await GET()).status, 200);

  // a stop hook that is still running (the job worker handing its jobs back) does not delay the 503
  let releaseHook!: () => void;
  const hookDone = new Promise<void>((resolve) => (releaseHook = resolve));
  let seenDuringHook: Awaited<ReturnType<typeof readiness>> | undefined;
  lifecycle.whenStopping(async () => {
    seenDuringHook = await readiness();
    await hookDone;
  });
  const stopping = lifecycle.markStopping();
  assert.equal(lifecycle.isStopping(), true);
  const res = await GET();
  assert.equal(res.status, 503);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const body = await res.json();
  assert.equal(body.status, "stopping");
  assert.deepEqual(body.failed, ["stopping"]);
  assert.equal(body.checks.stopping.ok, false);
  assert.equal(seenDuringHook?.status, "stopping");
  releaseHook();
  await stopping;
});
