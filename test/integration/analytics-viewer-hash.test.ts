// The analytics' viewer hash (src/server/domain/analytics/viewer-hash.ts) on a real database: the same
// address and user agent hash alike all day and differently the next day; another address or user
// agent differs; the hash holds neither; the day's salt is one row for every node; salts older
// than yesterday are swept, yesterday's and today's stay.
import assert from "node:assert/strict";
import { test } from "node:test";
import { integrationDb, useIntegrationDatabase } from "../support/integration-db";

useIntegrationDatabase("kinora-viewer-hash-");

test("one hash per viewer and day; salts swept after the day after theirs", async () => {
  const db = await integrationDb();
  const { viewerHash, deleteOldSalts } = await import("../../src/server/domain/analytics/viewer-hash");
  // days of 2099: the sweeps of the suite's worker (and of jobs-admin.test.ts) on the shared PostgreSQL
  // remove salts older than the real yesterday, never these; this test's own sweep "in 2099" removes
  // the real days' salts too, which no other test relies on
  const morning = new Date("2099-03-10T08:00:00Z");
  const evening = new Date("2099-03-10T22:30:00Z");
  const nextDay = new Date("2099-03-11T08:00:00Z");
  const ua = "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0";
  const a = await viewerHash(db, "203.0.113.7", ua, morning);
  assert.match(a, /^[0-9a-f]{32}$/);
  assert.equal(await viewerHash(db, "203.0.113.7", ua, evening), a, "all day the same");
  assert.notEqual(await viewerHash(db, "203.0.113.8", ua, morning), a, "another address");
  assert.notEqual(await viewerHash(db, "203.0.113.7", `${ua} Edg/131.0`, morning), a, "another user agent");
  assert.notEqual(await viewerHash(db, "203.0.113.7", ua, nextDay), a, "another day");
  assert.ok(!a.includes("203") && !a.includes("Mozilla"));
  const rows = await db.analyticsSalt.findMany({ where: { day: { in: [new Date("2099-03-10"), new Date("2099-03-11")] } } });
  assert.equal(rows.length, 2, "one salt per day");
  assert.ok(rows.every((r) => r.salt.length >= 40) && rows[0]!.salt !== rows[1]!.salt);

  // on 2099-03-12 the salt of the 10th goes, the 11th's (yesterday's) stays
  await viewerHash(db, "203.0.113.7", ua, new Date("2099-03-12T01:00:00Z"));
  assert.ok((await deleteOldSalts(db, new Date("2099-03-12T01:00:00Z"))) >= 1);
  const left = await db.analyticsSalt.findMany({
    where: { day: { gte: new Date("2099-03-01"), lte: new Date("2099-03-31") } },
    orderBy: { day: "asc" },
  });
  assert.deepEqual(
    left.map((r) => r.day.toISOString().slice(0, 10)),
    ["2099-03-11", "2099-03-12"],
  );
  // the 10th again: a new salt, so its old hashes are linked to nothing any more
  assert.notEqual(await viewerHash(db, "203.0.113.7", ua, evening), a);
});
