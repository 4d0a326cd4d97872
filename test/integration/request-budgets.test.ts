// Request budgets shared by the nodes of one database (src/server/core/request-budget.ts): two
// counters on the same database stand for two nodes. Each spends locally and learns the other's
// spending at its next sync; a window's spending starts over in the next window; refusals spend
// nothing; a sync that fails keeps the spending for the next.
import assert from "node:assert/strict";
import { test } from "node:test";
import { integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

useIntegrationDatabase("kinora-budgets-");

const MINUTE = 60;

test("two nodes share a budget: each learns the other's spending at its sync", async () => {
  const { sql, db } = await integrationDbAccess();
  const { BudgetCounter } = await import("../../src/server/core/request-budget");
  const [a, b] = [new BudgetCounter(sql, 60_000), new BudgetCounter(sql, 60_000)]; // synced by hand below
  const key = `api:test:${crypto.randomUUID()}`;
  // the middle of a window, so that it does not end during the test
  const window = Math.floor(Date.now() / 60_000) * 60_000;
  const at = window + 30_000;

  const spentOnA = Array.from({ length: 6 }, () => a.spend(key, 10, MINUTE, at));
  assert.deepEqual(
    spentOnA.map((s) => s.remaining),
    [9, 8, 7, 6, 5, 4],
  );
  assert.ok(spentOnA.every((s) => s.allowed && s.limit === 10 && s.resetSeconds === 30));
  assert.equal(b.spend(key, 10, MINUTE, at).remaining, 9, "b has not synced: it knows only its own spending");

  await a.sync();
  await b.sync();
  const row = await db.rateLimit.findUniqueOrThrow({ where: { key } });
  assert.equal(row.count, 7);
  assert.equal(row.windowStart.getTime(), window);
  // b now knows the 7: three more, then refused; a still knows 6 until its next sync
  assert.deepEqual(
    Array.from({ length: 4 }, () => b.spend(key, 10, MINUTE, at)).map((s) => [s.allowed, s.remaining]),
    [
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ],
  );
  assert.equal(a.spend(key, 10, MINUTE, at).remaining, 3);
  await b.sync();
  await a.sync();
  assert.equal((await db.rateLimit.findUniqueOrThrow({ where: { key } })).count, 11, "refusals spent nothing: 7 + 3 + 1");
  const refused = a.spend(key, 10, MINUTE, at + 1000);
  assert.deepEqual([refused.allowed, refused.remaining, refused.resetSeconds], [false, 0, 29]);

  // the next window: whole again, and the row starts over at the first sync
  const next = a.spend(key, 10, MINUTE, window + 60_000 + 5000);
  assert.deepEqual([next.allowed, next.remaining, next.resetSeconds], [true, 9, 55]);
  await a.sync();
  const restarted = await db.rateLimit.findUniqueOrThrow({ where: { key } });
  assert.deepEqual([restarted.count, restarted.windowStart.getTime()], [1, window + 60_000]);
  // a node late with the previous window's spending changes nothing of the new window
  b.spend(key, 10, MINUTE, at);
  await b.sync();
  assert.equal((await db.rateLimit.findUniqueOrThrow({ where: { key } })).count, 1);
});

test("a sync that fails keeps the spending for the next one", async () => {
  const { sql, db } = await integrationDbAccess();
  const { BudgetCounter } = await import("../../src/server/core/request-budget");
  let failing = true;
  const flaky = {
    ...sql,
    read: (async (text: string, params: unknown[]) => {
      if (failing) throw new Error("connection lost");
      return sql.read(text, params);
    }) as typeof sql.read,
  };
  const counter = new BudgetCounter(flaky, 60_000);
  const key = `api:test:${crypto.randomUUID()}`;
  const at = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
  for (let i = 0; i < 3; i++) counter.spend(key, 10, MINUTE, at);
  await counter.sync();
  assert.equal(await db.rateLimit.findUnique({ where: { key } }), null);
  assert.equal(counter.spend(key, 10, MINUTE, at).remaining, 6, "still counted locally");
  failing = false;
  await counter.sync();
  assert.equal((await db.rateLimit.findUniqueOrThrow({ where: { key } })).count, 4);
});
