// Exactly one processing notification per transition (domain/box/ingest-state + workers/jobs/box-notify),
// against a real database (PGlite in a directory of its own, or the suite's PostgreSQL): the job is
// queued in the transaction that moves the item to READY or FAILED, so a retried ingest, a late
// markFailed after READY, or two attempts racing each other queue nothing more.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, test } from "node:test";
import { insertUser, integrationDb, useIntegrationDatabase } from "../support/integration-db";

useIntegrationDatabase("kinora-notify-");

type Db = import("../../src/server/db/client").Db;
let db: Db;
let state: typeof import("../../src/server/domain/box/ingest-state");

before(async () => {
  db = await integrationDb();
  state = await import("../../src/server/domain/box/ingest-state");
});

async function processingItem(): Promise<string> {
  const ownerId = await insertUser(db);
  const id = randomUUID();
  await db.boxItem.create({ data: { id, ownerId, contentId: `urn:test:${id}`, title: "T", status: "PROCESSING" } });
  return id;
}

const notifications = (boxItemId: string) =>
  db.job.findMany({ where: { boxItemId, type: "box.notify" }, select: { payload: true } }).then((jobs) => jobs.map((j) => j.payload));

test("READY: queued once, whatever marks it again or races it; a late FAILED changes nothing", async () => {
  const id = await processingItem();
  await Promise.all([state.markReady(db, id), state.markReady(db, id), state.markFailed(db, id, "late")]);
  await state.markReady(db, id); // a retried attempt that got to the end again
  await state.markFailed(db, id, "a retry that failed after all");
  const item = await db.boxItem.findUniqueOrThrow({ where: { id }, select: { status: true } });
  const queued = await notifications(id);
  assert.equal(queued.length, 1, JSON.stringify(queued));
  assert.deepEqual(queued[0], { boxItemId: id, status: item.status });
});

test("FAILED: queued once", async () => {
  const id = await processingItem();
  await state.markFailed(db, id, "The file could not be read as a video.");
  await state.markFailed(db, id, "again");
  await state.markReady(db, id);
  assert.deepEqual(await notifications(id), [{ boxItemId: id, status: "FAILED" }]);
  const item = await db.boxItem.findUniqueOrThrow({ where: { id }, select: { status: true, failureReason: true } });
  assert.deepEqual(item, { status: "FAILED", failureReason: "The file could not be read as a video." });
});
