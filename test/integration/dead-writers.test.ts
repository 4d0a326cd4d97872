// The sweep of what uploads of dead processes leave (domain/box/sweep-dead-writers.ts, workers/process-lease.ts) against a real database: PGlite
// in a directory of its own, or the suite's PostgreSQL. Several processes are played by lease rows:
// on PostgreSQL a process is alive while its lease has not expired; the process sweeping and, on the
// embedded database (sole), only it. Left behind are storage temp directories (.tmp/<process>/) and
// progress bars stuck below 100; a swept bar falls back to {value: 0}.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import { insertUser, integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

const dataDir = useIntegrationDatabase("kinora-dead-writers-");

type Db = import("../../src/server/db/client").Db;
let db: Db;
let sql: import("../../src/server/db/sql-runner").SqlPort;
let me: string;
let sweep: typeof import("../../src/server/domain/box/sweep-dead-writers").sweepDeadWriters;
let startProcessLease: typeof import("../../src/server/workers/process-lease").startProcessLease;
let writeLease: typeof import("../../src/server/workers/process-lease").writeLease;
let readBar: typeof import("../../src/server/domain/box/get-upload-progress").getUploadProgress;
let LocalStorage: typeof import("../../src/server/media/storage/local-storage").LocalStorage;

before(async () => {
  ({ db, sql } = await integrationDbAccess());
  me = (await import("../../src/server/lease/process-id")).processId();
  sweep = (await import("../../src/server/domain/box/sweep-dead-writers")).sweepDeadWriters;
  ({ startProcessLease, writeLease } = await import("../../src/server/workers/process-lease"));
  readBar = (await import("../../src/server/domain/box/get-upload-progress")).getUploadProgress;
  LocalStorage = (await import("../../src/server/media/storage/local-storage")).LocalStorage;
});

const newUser = () => insertUser(db);

/** A lease row for a process, expiring in `seconds` (negative: expired). */
const lease = (id: string, seconds: number) => writeLease(db, id, seconds);

/** Processes `live`, `dead` and this one, each with a temp file and a bar of `userId` stuck mid-upload. */
async function world() {
  const live = randomUUID();
  const dead = randomUUID();
  const userId = await newUser();
  const storage = new LocalStorage(path.join(dataDir, `storage-${randomUUID()}`), me);
  const tmp = path.join(storage.localRoot, ".tmp");
  for (const owner of [live, dead, me]) {
    mkdirSync(path.join(tmp, owner), { recursive: true });
    writeFileSync(path.join(tmp, owner, `${randomUUID()}.part`), "half an upload");
  }
  await lease(live, 60);
  await lease(dead, -1);
  await db.uploadProgress.createMany({
    data: [
      { userId, id: "live", value: 30, writerId: live },
      { userId, id: "dead", value: 40, writerId: dead },
      { userId, id: "mine", value: 50, writerId: me },
      { userId, id: "dead-but-done", value: 100, writerId: dead },
      { userId, id: "no-writer", value: 20 }, // written before writers were recorded
    ],
  });
  const ctx = { db, sql, actor: { kind: "user" as const, userId, clientId: "www" } };
  const bar = (id: string) => readBar(ctx, { progressbarId: id });
  const dirs = () => readdirSync(tmp).sort();
  return { live, dead, storage, bar, dirs };
}

const sorted = (...ids: string[]) => [...ids].sort();
/** A swept bar: back at 0 (the values written above are 20 to 50), the document's {value} shape. */
const FAILED = { value: 0 };

describe("sweep of dead writers", () => {
  test("several processes (PostgreSQL): an expired lease's leftovers go, a live lease's and this process's stay", async () => {
    const w = await world();
    await w.storage.putStream("box/o/b/original", (await import("node:stream")).Readable.from(["x"])); // this process's own temp area in use

    await sweep(db, w.storage, { sole: false });
    assert.deepEqual(w.dirs(), sorted(w.live, me));
    assert.deepEqual(await w.bar("dead"), FAILED);
    assert.deepEqual(await w.bar("no-writer"), FAILED);
    assert.deepEqual(await w.bar("live"), { value: 30 });
    assert.deepEqual(await w.bar("mine"), { value: 50 });
    assert.deepEqual(await w.bar("dead-but-done"), { value: 100 }, "a finished upload's bar stays at 100");
    assert.equal(await db.processLease.count({ where: { id: w.dead } }), 0, "the expired lease is deleted after its leftovers");
    assert.equal(await db.processLease.count({ where: { id: w.live } }), 1);

    // the live process is killed: once its lease has expired, the next sweep takes its leftovers too
    await lease(w.live, -1);
    await sweep(db, w.storage, { sole: false });
    assert.deepEqual(w.dirs(), [me]);
    assert.deepEqual(await w.bar("live"), FAILED);
    assert.deepEqual(await w.bar("mine"), { value: 50 });
  });

  test("the sole process (PGlite): everything but its own goes at once, whatever leases say", async () => {
    const w = await world();
    await sweep(db, w.storage, { sole: true });
    assert.deepEqual(w.dirs(), [me]);
    assert.deepEqual(await w.bar("live"), FAILED);
    assert.deepEqual(await w.bar("dead"), FAILED);
    assert.deepEqual(await w.bar("mine"), { value: 50 });
    await db.processLease.deleteMany({ where: { id: w.live } });
  });

  test("a process holds its lease while it runs (renewed by the database's clock) and gives it back when stopped", async () => {
    const held = await startProcessLease(db, { sole: false, ttlSeconds: 30 });
    const row = await db.processLease.findUnique({ where: { id: me } });
    assert.ok(row, "lease taken at start");
    const left = (row.expiresAt.getTime() - Date.now()) / 1000;
    assert.ok(left > 20 && left <= 31, `expires in ${left} s`);
    await held.stop();
    assert.equal(await db.processLease.count({ where: { id: me } }), 0);
  });
});
