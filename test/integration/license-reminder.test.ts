// The expiry reminder of a paid plan (domain/licenses/activate-license + remind-expiry, job
// licenses.remind) on a real database: every activation queues one reminder due 7 days before the
// new expiry; the reminder is mailed (a mail.send job, read from the queue) only while that expiry is
// still the user's, so a plan renewed, switched or downgraded since gets no stale reminder.
import assert from "node:assert/strict";
import { before, test } from "node:test";
import { insertUser, integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";
import { waitForMail } from "../support/mailbox";

useIntegrationDatabase("kinora-reminder-");
process.env.SMTP_URL = "";
process.env.PAYMENT_PROVIDER = "sandbox";

type Db = import("../../src/server/db/client").Db;
let db: Db;
let sql: import("../../src/server/db/sql-runner").SqlPort;
let licenses: {
  activate: typeof import("../../src/server/domain/licenses/activate-license");
  subscribe: typeof import("../../src/server/domain/licenses/subscribe-license");
  downgrade: typeof import("../../src/server/domain/licenses/downgrade-license");
  remind: typeof import("../../src/server/domain/licenses/remind-expiry");
};
let settle: typeof import("../../src/server/payments/settle-payment");

before(async () => {
  ({ db, sql } = await integrationDbAccess());
  licenses = {
    activate: await import("../../src/server/domain/licenses/activate-license"),
    subscribe: await import("../../src/server/domain/licenses/subscribe-license"),
    downgrade: await import("../../src/server/domain/licenses/downgrade-license"),
    remind: await import("../../src/server/domain/licenses/remind-expiry"),
  };
  settle = await import("../../src/server/payments/settle-payment");
});

const DAY = 86_400_000;
const ctxOf = (userId: string) => ({ actor: { kind: "user" as const, userId, clientId: "www" }, db, sql, baseUrl: "http://kinora.test" });

/** Buys and activates `periods` periods of a plan through the core (sandbox settlement); returns the user's new expiry. */
async function buyAndActivate(userId: string, licenseName: string, periods = 1): Promise<Date> {
  const ctx = ctxOf(userId);
  const started = await licenses.subscribe.subscribeLicense(ctx, {
    licenseName,
    advanceMonthlyPayments: periods,
    embedded: false,
    mobile: false,
  });
  await settle.settlePayment(db, started.trackingId, "PAID");
  await licenses.activate.activateLicense(ctx, { licenseName, trackingId: started.trackingId });
  return (await db.user.findUniqueOrThrow({ where: { id: userId }, select: { licenseExpiresAt: true } })).licenseExpiresAt!;
}

const reminders = async (userId: string) =>
  (await db.job.findMany({ where: { type: "licenses.remind" }, select: { payload: true, runAt: true } }))
    .filter((j) => (j.payload as { userId: string }).userId === userId)
    .map((j) => ({ expiresAt: (j.payload as { expiresAt: string }).expiresAt, runAt: j.runAt.toISOString() }));

/**
 * The plan reminders queued to `email` (mail.send jobs). On PostgreSQL the suite's worker shares this
 * database: it also queues the payment's receipt, and may send a reminder at once, keeping only its
 * recipient and subject in the job (its text is then read from the suite's SMTP sink).
 */
async function remindersTo(email: string): Promise<{ subject: string; text: string }[]> {
  const jobs = await db.job.findMany({ where: { type: "mail.send" }, orderBy: { createdAt: "asc" }, select: { payload: true } });
  const queued = jobs.map((j) => j.payload as { to: string; subject: string; text?: string });
  const mine = queued.filter((m) => m.to === email && / plan expires on /.test(m.subject));
  return Promise.all(
    mine.map(async ({ subject, text }) => ({
      subject,
      text: text ?? (await waitForMail(process.env.KINORA_TEST_MAIL_DIR ?? "", email, (m) => m.subject === subject)).text,
    })),
  );
}

test("an activation queues one reminder 7 days before the new expiry; it is mailed while that expiry holds", async () => {
  const userId = await insertUser(db);
  const { email } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const expiresAt = await buyAndActivate(userId, "Basic");
  assert.ok(Math.abs(expiresAt.getTime() - (Date.now() + 30 * DAY)) < 60_000, "30 days from now");
  assert.deepEqual(await reminders(userId), [
    { expiresAt: expiresAt.toISOString(), runAt: new Date(expiresAt.getTime() - 7 * DAY).toISOString() },
  ]);

  await licenses.remind.remindLicenseExpiry(db, userId, expiresAt);
  const mails = await remindersTo(email);
  assert.equal(mails.length, 1);
  assert.equal(mails[0]!.subject, `Your Basic plan expires on ${expiresAt.toISOString().slice(0, 10)}`);
  assert.match(mails[0]!.text, /Renew it here: http:\/\/localhost:\d+\/plans|Renew it here: .*\/plans/);
});

test("a plan renewed, switched or downgraded since gets no stale reminder", async () => {
  const userId = await insertUser(db);
  const { email } = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  const first = await buyAndActivate(userId, "Entry");
  const renewed = await buyAndActivate(userId, "Entry", 2);
  assert.equal(renewed.getTime(), first.getTime() + 60 * DAY, "the renewal extends the expiry by two periods");
  assert.deepEqual(
    (await reminders(userId)).map((r) => r.expiresAt).sort(),
    [first.toISOString(), renewed.toISOString()].sort(),
    "one reminder per activation",
  );
  await licenses.remind.remindLicenseExpiry(db, userId, first); // the first plan's: no longer the user's expiry
  assert.equal((await remindersTo(email)).length, 0);

  await licenses.downgrade.downgradeLicense(ctxOf(userId));
  await licenses.remind.remindLicenseExpiry(db, userId, renewed);
  assert.equal((await remindersTo(email)).length, 0, "Free never expires: nothing to remind");
});
