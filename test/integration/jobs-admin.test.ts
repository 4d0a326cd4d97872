// The job queue's upkeep on a real database (PGlite in a directory of its own, or the suite's
// PostgreSQL): the periodic sweeps (jobs/periodic.ts, workers/sweeps.ts) delete finished jobs past
// JOB_RETENTION_DAYS and keep failed ones, clear stale rate-limit rows and expired tokens, and each
// runs once per period however many workers look; the failed jobs are listed and retried by the
// operator's command `npm run jobs` (scripts/jobs.ts), run for real on PostgreSQL (on PGlite it
// refuses while another process has the database open, and the same domain functions are used).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import { insertUser, integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

useIntegrationDatabase("kinora-jobs-admin-");
process.env.JOB_RETENTION_DAYS = "7";
const postgres = Boolean(process.env.DATABASE_URL);

type Db = import("../../src/server/db/client").Db;
let db: Db;
let admin: typeof import("../../src/server/jobs/admin");
let periodic: typeof import("../../src/server/jobs/periodic");
let sweepTasks: typeof import("../../src/server/workers/sweeps").sweepTasks;

before(async () => {
  ({ db } = await integrationDbAccess());
  admin = await import("../../src/server/jobs/admin");
  periodic = await import("../../src/server/jobs/periodic");
  ({ sweepTasks } = await import("../../src/server/workers/sweeps"));
});

const DAY_MS = 86_400_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A job row of a type no worker handles, in `status`, last changed `ageDays` ago. */
async function jobRow(type: string, status: "COMPLETED" | "CANCELED" | "FAILED" | "QUEUED", ageDays: number, lastError?: string) {
  const { id } = await db.job.create({
    data: { type, payload: {}, status, attempts: status === "FAILED" ? 3 : 1, lastError },
    select: { id: true },
  });
  await db.$executeRaw`UPDATE "Job" SET "updatedAt" = ${new Date(Date.now() - ageDays * DAY_MS)} WHERE "id" = ${id}::uuid`;
  return id;
}

/** `npm run jobs -- ...args` as an operator runs it: exit code and output. */
function jobsCommand(...args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn("npm", ["run", "--silent", "jobs", "--", ...args], {
      cwd: process.cwd(),
      env: process.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => resolve({ code, out }));
  });
}

describe("the periodic sweeps", () => {
  test("retention: a finished job older than JOB_RETENTION_DAYS goes, a younger one and a failed one stay; stale rate limits and expired tokens go", async () => {
    const type = `test.retention-${randomUUID()}`;
    const oldDone = await jobRow(type, "COMPLETED", 8);
    const oldCanceled = await jobRow(type, "CANCELED", 8);
    const youngDone = await jobRow(type, "COMPLETED", 6);
    const oldFailed = await jobRow(type, "FAILED", 30, "SMTP refused: 554");
    const oldQueued = await jobRow(type, "QUEUED", 8);
    const staleKey = `test:${randomUUID()}`;
    const freshKey = `test:${randomUUID()}`;
    await db.rateLimit.createMany({
      data: [
        { key: staleKey, count: 3, windowStart: new Date(Date.now() - 2 * DAY_MS) },
        { key: freshKey, count: 3, windowStart: new Date() },
      ],
    });
    const userId = await insertUser(db);
    const expired = await db.passwordRenewToken.create({
      data: { userId, tokenHash: randomUUID(), expiresAt: new Date(Date.now() - 1000) },
    });
    const valid = await db.passwordRenewToken.create({
      data: { userId, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 3600_000) },
    });

    // every sweep due now (another worker of the suite may be the one that runs a period: wait for the results)
    await db.$executeRaw`UPDATE "Sweep" SET "nextRunAt" = now(), "lastRemoved" = NULL`;
    const runner = periodic.startPeriodic(db, sweepTasks(db, { sole: !postgres }), { checkMs: 100 });
    try {
      const names = ["jobs.retention", "rate-limits", "tokens", "payments", "uploads"];
      const deadline = Date.now() + 20_000;
      while ((await db.sweep.count({ where: { name: { in: names }, lastRemoved: { not: null } } })) < names.length) {
        assert.ok(Date.now() < deadline, `sweeps not run: ${JSON.stringify(await db.sweep.findMany())}`);
        await sleep(100);
      }
    } finally {
      await runner.stop();
    }
    const left = (await db.job.findMany({ where: { type }, select: { id: true } })).map((j) => j.id).sort();
    assert.deepEqual(left, [youngDone, oldFailed, oldQueued].sort());
    assert.ok(![oldDone, oldCanceled].some((id) => left.includes(id)));
    const failed = await db.job.findUniqueOrThrow({ where: { id: oldFailed } });
    assert.equal(failed.status, "FAILED");
    assert.equal(failed.lastError, "SMTP refused: 554");
    assert.deepEqual(
      (await db.rateLimit.findMany({ where: { key: { in: [staleKey, freshKey] } } })).map((r) => r.key),
      [freshKey],
    );
    assert.deepEqual(
      (await db.passwordRenewToken.findMany({ where: { userId } })).map((t) => t.id),
      [valid.id],
    );
    assert.notEqual(expired.id, valid.id);
    const retention = await db.sweep.findUniqueOrThrow({ where: { name: "jobs.retention" } });
    assert.ok(retention.nextRunAt.getTime() > Date.now() + 3500_000, "next run in an hour");
    assert.equal(retention.lastError, null);
  });

  test("two workers: each period of a sweep runs exactly once", async () => {
    const name = `test.sweep-${randomUUID()}`;
    const runs: { at: number; worker: number }[] = [];
    const task = (worker: number) => ({
      name,
      periodSeconds: 1,
      run: async () => {
        runs.push({ at: Date.now(), worker });
        await sleep(50);
        return 0;
      },
    });
    const started = Date.now();
    const workers = [periodic.startPeriodic(db, [task(1)], { checkMs: 20 }), periodic.startPeriodic(db, [task(2)], { checkMs: 20 })];
    await sleep(3500);
    await Promise.all(workers.map((w) => w.stop()));
    const elapsed = (Date.now() - started) / 1000;
    // periods start at 0, 1, 2, 3 s: one run each (a second worker finding the period taken runs nothing)
    assert.ok(runs.length >= Math.floor(elapsed) - 1 && runs.length <= Math.ceil(elapsed), `${runs.length} runs in ${elapsed} s`);
    for (let i = 1; i < runs.length; i++)
      assert.ok(runs[i]!.at - runs[i - 1]!.at >= 900, `runs ${i - 1} and ${i} ${runs[i]!.at - runs[i - 1]!.at} ms apart`);
    const row = await db.sweep.findUniqueOrThrow({ where: { name } });
    assert.equal(row.lastRemoved, 0);
  });

  test(
    "a worker whose transaction began before another worker's claim does not take that period again",
    { skip: !postgres && "PostgreSQL only: PGlite has one connection, two workers never overlap" },
    async () => {
      const name = `test.sweep-${randomUUID()}`;
      await db.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT now()`; // the transaction's now() is fixed from here
        await sleep(100);
        assert.equal(await periodic.claimSweep(db, name, 60), true, "the other worker claims the period");
        assert.equal(await periodic.claimSweep(tx, name, 60), false, "the late worker finds it taken");
      });
      assert.equal(await periodic.claimSweep(db, name, 60), false);
    },
  );
});

describe("failed jobs: listed and retried", () => {
  test("a failed job is listed with its last error; retry by id and by type puts it back in the queue, attempts reset", async () => {
    const type = `test.failing-${randomUUID()}`;
    const first = await jobRow(type, "FAILED", 1, "connect ECONNREFUSED 127.0.0.1:25");
    const second = await jobRow(type, "FAILED", 2, "boom");
    const listed = await admin.listFailedJobs(db, { type });
    assert.deepEqual(
      listed.map((j) => [j.id, j.type, j.attempts, j.lastError]),
      [
        [first, type, 3, "connect ECONNREFUSED 127.0.0.1:25"],
        [second, type, 3, "boom"],
      ],
    );
    assert.ok(listed[0]!.failedAt.getTime() > listed[1]!.failedAt.getTime(), "newest first");

    if (postgres) {
      const failed = await jobsCommand("failed", "--type", type);
      assert.equal(failed.code, 0, failed.out);
      const lines = failed.out.trim().split("\n");
      assert.equal(lines.length, 2, failed.out);
      assert.match(
        lines[0]!,
        new RegExp(`^${first}  ${type}  attempts 3/3  failed \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z  connect ECONNREFUSED 127\\.0\\.0\\.1:25$`),
      );
      assert.match(lines[1]!, new RegExp(`^${second}  ${type}  attempts 3/3 .* boom$`));
      const byId = await jobsCommand("retry", first);
      assert.equal(byId.code, 0, byId.out);
      assert.match(byId.out, new RegExp(`job ${first} queued again`));
      const again = await jobsCommand("retry", first);
      assert.equal(again.code, 1, "no longer failed");
      assert.match(again.out, /no failed job/);
      const byType = await jobsCommand("retry", "--type", type);
      assert.equal(byType.code, 0, byType.out);
      assert.match(byType.out, new RegExp(`1 failed ${type.replace(/\./g, "\\.")} job queued again`));
      const usage = await jobsCommand("retry");
      assert.equal(usage.code, 2);
      assert.match(usage.out, /usage: npm run jobs/);
    } else {
      // the embedded database is this process's: the command refuses, and says why
      const refused = await jobsCommand("failed");
      assert.equal(refused.code, 1, refused.out);
      assert.match(refused.out, new RegExp(`is open in process ${process.pid} \\(the running Kinora\\).*Stop the instance`));
      assert.equal(await admin.retryJob(db, first), true);
      assert.equal(await admin.retryJob(db, first), false, "no longer failed");
      assert.equal(await admin.retryJobsOfType(db, type), 1);
    }
    for (const id of [first, second]) {
      const job = await db.job.findUniqueOrThrow({ where: { id } });
      assert.equal(job.status, "QUEUED");
      assert.equal(job.attempts, 0);
      assert.ok(job.runAt.getTime() <= Date.now() && job.runAt.getTime() > Date.now() - 60_000, "due now");
    }
    assert.deepEqual(await admin.listFailedJobs(db, { type }), []);
  });
});
