// Exactly one processing notification per transition (domain/box/ingest-state + jobs/handlers/box-notify),
// against a real database (PGlite in a directory of its own, or the suite's PostgreSQL): the job is
// queued in the transaction that moves the item to READY or FAILED, so a retried ingest, a late
// markFailed after READY, or two attempts racing each other queue nothing more.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";

process.env.DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "kinora-notify-")); // before env() is first read

type Db = import("../../src/server/db/client").Db;
let db: Db;
let closeDb: () => Promise<void>;
let state: typeof import("../../src/server/domain/box/ingest-state");

before(async () => {
  const client = await import("../../src/server/db/client");
  db = await client.getDb();
  closeDb = client.closeDb;
  state = await import("../../src/server/domain/box/ingest-state");
});
after(async () => closeDb?.());

async function processingItem(): Promise<string> {
  const code = `n${randomUUID().slice(0, 8)}`;
  const owner = await db.user.create({
    data: {
      userCode: code,
      email: `${code}@example.test`,
      passwordHash: "x",
      firstName: "N",
      lastName: "U",
      birthDate: new Date("1990-01-01"),
      language: "en",
    },
    select: { id: true },
  });
  const id = randomUUID();
  await db.boxItem.create({ data: { id, ownerId: owner.id, contentId: `urn:test:${id}`, title: "T", status: "PROCESSING" } });
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
