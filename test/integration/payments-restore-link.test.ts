// The restore link of a guest's receipt (domain/payments/restore-link.ts) on a real database: issued
// for a paid guest purchase, kept only as its hash, it gives the purchase's trackingId to whoever
// opens it while the purchase gives access (any number of times: any device); a token changed by one
// character names nothing; past the access window, or once refunded (which revokes it), it is refused.
import assert from "node:assert/strict";
import { createHash, randomUUID } from "node:crypto";
import { before, test } from "node:test";
import { insertUser, integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

process.env.PAYMENT_PROVIDER = "sandbox";
delete process.env.PPV_ACCESS_HOURS;
useIntegrationDatabase("kinora-restore-");

type Db = import("../../src/server/db/client").Db;
type Ctx = import("../../src/server/core/context").Ctx;
let db: Db;
let sql: import("../../src/server/db/sql-runner").SqlPort;
let core: typeof import("../../src/server/payments/begin-payment");
let settle: typeof import("../../src/server/payments/settle-payment");
let restore: typeof import("../../src/server/domain/payments/restore-link");

before(async () => {
  ({ db, sql } = await integrationDbAccess());
  core = await import("../../src/server/payments/begin-payment");
  settle = await import("../../src/server/payments/settle-payment");
  restore = await import("../../src/server/domain/payments/restore-link");
});

const guestCtx = (): Ctx => ({ db, sql, actor: { kind: "anonymous" }, baseUrl: "http://localhost:3000" });
const request = { advanceMonthlyPayments: 1, embedded: false, mobile: false };
const HOUR = 3600_000;

/** A guest's paid pay-per-view purchase with its e-mail; its id and trackingId. */
async function guestPurchase(): Promise<{ id: string; trackingId: string; paidAt: Date }> {
  const { trackingId } = await core.beginPayment(
    guestCtx(),
    { kind: "VOD", itemId: randomUUID(), title: "A film", sellerId: null, amountCents: 250 },
    request,
  );
  const paid = await settle.settlePayment(db, trackingId, "PAID", new Date(), { email: "guest@example.test", language: "it" });
  assert.equal(paid?.status, "PAID");
  const row = await db.payment.findUniqueOrThrow({ where: { trackingId }, select: { id: true, guestEmail: true, guestLanguage: true } });
  assert.deepEqual([row.guestEmail, row.guestLanguage], ["guest@example.test", "it"]);
  return { id: row.id, trackingId, paidAt: paid!.paidAt! };
}

const refusal = (code: string) => (err: { code?: string }) => err.code === code;

test("a restore link gives the purchase's trackingId on every device until its window ends; only its hash is kept", async () => {
  const p = await guestPurchase();
  const token = await restore.issueRestoreToken(db, p.id);
  assert.match(token, /^[A-Za-z0-9_-]{43}$/);
  // the receipt's own link may be there too: on PostgreSQL the suite's worker sends the receipt this settlement queued
  const stored = await db.purchaseRestoreLink.findMany({ where: { paymentId: p.id }, select: { tokenHash: true } });
  assert.equal(stored.filter((row) => row.tokenHash === createHash("sha256").update(token).digest("hex")).length, 1, "its SHA-256");
  assert.ok(
    stored.every((row) => !row.tokenHash.includes(token)),
    "never the token itself",
  );

  for (let device = 0; device < 2; device++) {
    const restored = await restore.restorePurchase(guestCtx(), { token });
    assert.deepEqual(
      { kind: restored.kind, title: restored.title, trackingId: restored.trackingId },
      { kind: "VOD", title: "A film", trackingId: p.trackingId },
    );
    assert.equal(restored.accessUntil.getTime(), p.paidAt.getTime() + 48 * HOUR, "PPV_ACCESS_HOURS (48) from the payment");
  }
  const afterWindow = new Date(p.paidAt.getTime() + 48 * HOUR + 1000);
  await assert.rejects(restore.restorePurchase(guestCtx(), { token }, afterWindow), refusal("FORBIDDEN"));
});

test("a tampered or unknown token names nothing (404); a refund revokes the link (403)", async () => {
  const p = await guestPurchase();
  const token = await restore.issueRestoreToken(db, p.id);
  const tampered = (token[0] === "A" ? "B" : "A") + token.slice(1);
  await assert.rejects(restore.restorePurchase(guestCtx(), { token: tampered }), refusal("NOT_FOUND"));
  await assert.rejects(restore.restorePurchase(guestCtx(), { token: "" }), refusal("NOT_FOUND"));

  await settle.refundPayment(db, p.trackingId);
  const link = await db.purchaseRestoreLink.findFirstOrThrow({ where: { paymentId: p.id }, select: { revokedAt: true } });
  assert.ok(link.revokedAt instanceof Date, "the refund revoked it");
  await assert.rejects(restore.restorePurchase(guestCtx(), { token }), refusal("FORBIDDEN"));
});

test("a signed-in buyer's payment takes no guest e-mail (its receipt goes to the account)", async () => {
  const userId = await insertUser(db);
  const { trackingId } = await core.beginPayment(
    { db, sql, actor: { kind: "user", userId, clientId: "portal" }, baseUrl: "http://localhost:3000" },
    { kind: "VOD", itemId: randomUUID(), title: "Mine", sellerId: null, amountCents: 100 },
    request,
  );
  await settle.settlePayment(db, trackingId, "PAID", new Date(), { email: "someone@example.test", language: "en" });
  const row = await db.payment.findUniqueOrThrow({ where: { trackingId }, select: { guestEmail: true } });
  assert.equal(row.guestEmail, null);
});
