// The idempotency keys' store (src/server/core/idempotency.ts) on a real database: the first claim
// runs, a second one while it runs is busy, after it a replay of the kept answer; another request
// with the key is a mismatch; a released key runs again; a claim abandoned for 5 minutes is taken
// over; a key a day old is free again and swept.
import assert from "node:assert/strict";
import { test } from "node:test";
import { integrationDb, useIntegrationDatabase } from "../support/integration-db";

useIntegrationDatabase("kinora-idempotency-");

test("claim, busy, replay, mismatch, release, takeover, expiry", async () => {
  const db = await integrationDb();
  const { claimIdempotencyKey, completeIdempotencyKey, releaseIdempotencyKey, deleteExpiredIdempotencyKeys, requestFingerprint } =
    await import("../../src/server/core/idempotency");
  // scopes of this run's own (on PostgreSQL the suite's other tests keep keys in the same table)
  const tag = crypto.randomUUID().slice(0, 8);
  const [u1, u2] = [`user:${tag}-1`, `user:${tag}-2`];
  const fp = requestFingerprint("POST", "/api/x", '{"a":1}');
  const other = requestFingerprint("POST", "/api/x", '{"a":2}');
  const t0 = new Date("2020-01-01T10:00:00Z"); // in the past: the sweep below touches no key of the suite's other tests
  const first = await claimIdempotencyKey(db, u1, "k1", fp, t0);
  assert.equal(first.kind, "run");
  assert.deepEqual(await claimIdempotencyKey(db, u1, "k1", fp, new Date(t0.getTime() + 1000)), { kind: "busy" });
  assert.deepEqual(await claimIdempotencyKey(db, u1, "k1", other, new Date(t0.getTime() + 1000)), { kind: "mismatch" });
  assert.equal((await claimIdempotencyKey(db, u2, "k1", fp, t0)).kind, "run", "another scope's key is its own");
  await completeIdempotencyKey(db, (first as { id: string }).id, 201, "sealed-body");
  assert.deepEqual(await claimIdempotencyKey(db, u1, "k1", fp, new Date(t0.getTime() + 2000)), {
    kind: "replay",
    status: 201,
    body: "sealed-body",
  });

  // released (the request failed): the next one runs
  const failed = await claimIdempotencyKey(db, u1, "k2", fp, t0);
  await releaseIdempotencyKey(db, (failed as { id: string }).id);
  assert.equal((await claimIdempotencyKey(db, u1, "k2", fp, new Date(t0.getTime() + 1000))).kind, "run");

  // abandoned (its process died): busy for 5 minutes, then taken over
  await claimIdempotencyKey(db, u1, "k3", fp, t0);
  assert.equal((await claimIdempotencyKey(db, u1, "k3", fp, new Date(t0.getTime() + 4 * 60_000))).kind, "busy");
  assert.equal((await claimIdempotencyKey(db, u1, "k3", fp, new Date(t0.getTime() + 6 * 60_000))).kind, "run");

  // a day later the key is free again (even before the sweep), and the sweep removes what is old
  const dayLater = new Date(t0.getTime() + 24 * 3600_000 + 1000);
  assert.equal((await claimIdempotencyKey(db, u1, "k1", other, dayLater)).kind, "run");
  const swept = await deleteExpiredIdempotencyKeys(db, new Date(dayLater.getTime() + 1000));
  assert.ok(swept >= 2, `swept ${swept}`);
  const left = await db.idempotencyKey.findMany({ where: { scope: { in: [u1, u2] } }, select: { scope: true, key: true } });
  assert.deepEqual(
    left.map((k) => `${k.scope === u1 ? "u1" : "u2"}/${k.key}`).sort(),
    ["u1/k1", "u1/k3"],
    "a day old went (u2/k1, u1/k2); the new claim and the one taken over later stay",
  );
});
