// The Stripe provider (src/server/payments/stripe) against the local Stripe stand-in, through the
// official SDK over HTTP, with the payments core on a real database: the Checkout Session a payment
// opens (parameters, Idempotency-Key), the session read that settles a payment on completion, and the
// webhook (signature verification with the SDK's test-header helper; every event settles at most once).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, before, describe, test } from "node:test";
import type { Ctx } from "../../src/server/core/context";
import { DomainError } from "../../src/server/core/errors";
import { insertUser, integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";
import { startStripeStandin, stripeSignature, type StandinSession, type StripeStandin } from "../support/stripe-standin";

useIntegrationDatabase("kinora-stripe-");

const KEY = "sk_test_kinora0standin0key0123456789";
const WEBHOOK_SECRET = "whsec_kinora0standin0secret0123456789";

type Db = import("../../src/server/db/client").Db;
let db: Db;
let sql: import("../../src/server/db/sql-runner").SqlPort;
let standin: StripeStandin;
let core: {
  begin: typeof import("../../src/server/payments/begin-payment");
  complete: typeof import("../../src/server/payments/complete-payment");
  resolve: typeof import("../../src/server/payments/resolve-payment");
  provider: typeof import("../../src/server/payments/stripe/stripe-provider");
  webhook: typeof import("../../src/server/payments/stripe/stripe-webhook");
  env: typeof import("../../src/server/env");
};

before(async () => {
  standin = await startStripeStandin({ secretKey: KEY });
  // read by env() at its first call, below
  Object.assign(process.env, {
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standin.url,
    CURRENCY: "EUR",
    PLATFORM_FEE_PERCENT: "10",
  });
  ({ db, sql } = await integrationDbAccess());
  core = {
    begin: await import("../../src/server/payments/begin-payment"),
    complete: await import("../../src/server/payments/complete-payment"),
    resolve: await import("../../src/server/payments/resolve-payment"),
    provider: await import("../../src/server/payments/stripe/stripe-provider"),
    webhook: await import("../../src/server/payments/stripe/stripe-webhook"),
    env: await import("../../src/server/env"),
  };
  RETURN = `${core.env.env().publicUrl}/back?film=1`;
  CANCEL = `${core.env.env().publicUrl}/cancelled`;
});

after(() => standin.close());

// the buyer's way back: on the instance's own origin (return URLs may lead nowhere else)
let RETURN: string;
let CANCEL: string;

interface Opened {
  trackingId: string;
  url: string;
  session: StandinSession;
  ctx: Ctx;
  itemId: string;
  buyerEmail: string;
}

/** A buyer opens the payment of a 12,50 EUR vod of a creator: the core's beginPayment, as the vod context calls it. */
async function openPayment(amountCents = 1250): Promise<Opened> {
  const sellerId = await insertUser(db);
  const buyerEmail = `b${randomUUID().slice(0, 8)}@example.test`;
  const buyerId = await insertUser(db, { email: buyerEmail });
  const ctx: Ctx = { actor: { kind: "user", userId: buyerId, clientId: "www" }, db, sql, baseUrl: "http://kinora.test" };
  const itemId = randomUUID();
  const started = await core.begin.beginPayment(
    ctx,
    { kind: "VOD", itemId, title: "A film about rivers", sellerId, amountCents },
    { advanceMonthlyPayments: 1, returnUrl: RETURN, cancelUrl: CANCEL, embedded: false, mobile: false },
  );
  const row = await db.payment.findUniqueOrThrow({ where: { trackingId: started.trackingId } });
  const session = standin.sessions.get(row.providerRef ?? "");
  assert.ok(session, `the payment's providerRef ${row.providerRef} names a session of the stand-in`);
  return { trackingId: started.trackingId, url: started.url, session, ctx, itemId, buyerEmail };
}

const paymentOf = (trackingId: string) => db.payment.findUniqueOrThrow({ where: { trackingId } });
const ledgerOf = async (trackingId: string) =>
  db.ledgerEntry.findMany({
    where: { payment: { trackingId } },
    orderBy: { createdAt: "asc" },
    select: { type: true, grossCents: true, feeCents: true, netCents: true },
  });

/** An event delivered to the webhook handler, signed like Stripe signs it (now, unless `timestamp` says otherwise). */
const deliver = (payload: string, opts: { secret?: string; timestamp?: number } = {}) =>
  core.webhook.receiveStripeWebhook(db, Buffer.from(payload), stripeSignature(payload, opts.secret ?? WEBHOOK_SECRET, opts.timestamp));

const refusedAs = (code: string, messageId?: string) => (err: unknown) => {
  assert.ok(err instanceof DomainError, String(err));
  assert.equal(err.code, code);
  if (messageId) assert.equal(err.messageId, messageId);
  return true;
};

describe("opening a payment", () => {
  test("one Checkout Session with the payment's price, title, metadata, return URLs, buyer and expiry", async () => {
    const before = standin.requests.length;
    const p = await openPayment(1250);
    const creates = standin.requests.slice(before).filter((r) => r.method === "POST");
    assert.equal(creates.length, 1, "one create");
    const [req] = creates;
    assert.equal(req!.path, "/v1/checkout/sessions");
    assert.equal(req!.authorization, `Bearer ${KEY}`);
    assert.equal(req!.idempotencyKey, `kinora-checkout-${p.trackingId}`);
    const row = await paymentOf(p.trackingId);
    const success = `${RETURN}&trackingId=${p.trackingId}`;
    const cancel = `${CANCEL}?trackingId=${p.trackingId}`;
    assert.deepEqual(req!.form, {
      mode: "payment",
      line_items: [{ quantity: "1", price_data: { currency: "eur", unit_amount: "1250", product_data: { name: "A film about rivers" } } }],
      metadata: { trackingId: p.trackingId },
      client_reference_id: p.trackingId,
      payment_intent_data: { metadata: { trackingId: p.trackingId } },
      success_url: success,
      cancel_url: cancel,
      expires_at: String(Math.floor(row.expiresAt.getTime() / 1000) - 300),
      customer_email: p.buyerEmail,
    });
    // the session as Stripe answers it, and what the core kept of it
    assert.equal(p.session.amount_total, 1250);
    assert.equal(p.session.currency, "eur");
    assert.equal(p.session.status, "open");
    assert.equal(p.session.payment_status, "unpaid");
    assert.ok(p.session.expires_at - p.session.created > 23 * 3600 && p.session.expires_at - p.session.created <= 24 * 3600);
    assert.ok(p.session.expires_at < row.expiresAt.getTime() / 1000, "the session closes before the payment expires");
    assert.equal(p.url, p.session.url, "the buyer is sent to the session's page");
    assert.equal(row.provider, "stripe");
    assert.equal(row.providerRef, p.session.id);
    assert.equal(row.status, "PENDING");
  });

  test("a create retried for the same payment answers the same session (Idempotency-Key); other parameters under it are refused", async () => {
    const provider = core.provider.stripeProvider();
    const payment = {
      trackingId: randomUUID().replaceAll("-", ""),
      title: "Basic plan, 1 period of 30 days",
      amountCents: 2000,
      currency: "EUR",
      successUrl: "https://kinora.test/back",
      cancelUrl: "https://kinora.test/cancel",
      expiresAt: new Date(Date.now() + 24 * 3600_000),
      baseUrl: "https://kinora.test",
    };
    const sessionsBefore = standin.sessions.size;
    const first = await provider.begin(payment);
    const again = await provider.begin(payment);
    assert.deepEqual(again, first);
    assert.equal(standin.sessions.size, sessionsBefore + 1, "one session");
    await assert.rejects(provider.begin({ ...payment, amountCents: 1 }), /same parameters/);
    assert.equal(standin.sessions.size, sessionsBefore + 1);
  });

  test("the session's expiry stays within Stripe's bounds (30 min to 24 h from now)", () => {
    const now = new Date("2030-01-01T00:00:00Z");
    const s = now.getTime() / 1000;
    assert.equal(core.provider.sessionExpiry(new Date(now.getTime() + 24 * 3600_000), now), s + 24 * 3600 - 300);
    assert.equal(core.provider.sessionExpiry(new Date(now.getTime() + 48 * 3600_000), now), s + 24 * 3600 - 60);
    assert.equal(core.provider.sessionExpiry(new Date(now.getTime() + 10 * 60_000), now), s + 31 * 60);
  });

  test("without STRIPE_SECRET_KEY no payment is opened (503) and no webhook is read without STRIPE_WEBHOOK_SECRET", async () => {
    const config = core.env.env();
    const saved = { key: config.STRIPE_SECRET_KEY, secret: config.STRIPE_WEBHOOK_SECRET };
    try {
      config.STRIPE_SECRET_KEY = undefined;
      config.STRIPE_WEBHOOK_SECRET = "";
      assert.throws(() => core.provider.stripeProvider(), refusedAs("UNAVAILABLE", "error.stripeKeyMissing"));
      const buyerId = await insertUser(db);
      const ctx: Ctx = { actor: { kind: "user", userId: buyerId, clientId: "www" }, db, sql };
      const itemId = randomUUID();
      await assert.rejects(
        core.begin.beginPayment(
          ctx,
          { kind: "VOD", itemId, title: "T", sellerId: null, amountCents: 100 },
          {
            advanceMonthlyPayments: 1,
            embedded: false,
            mobile: false,
          },
        ),
        refusedAs("UNAVAILABLE", "error.stripeKeyMissing"),
      );
      assert.equal(await db.payment.count({ where: { itemId } }), 0, "no payment row");
      await assert.rejects(deliver("{}"), refusedAs("UNAVAILABLE", "error.stripeWebhookNotConfigured"));
    } finally {
      config.STRIPE_SECRET_KEY = saved.key;
      config.STRIPE_WEBHOOK_SECRET = saved.secret;
    }
  });
});

describe("the stand-in answers like Stripe", () => {
  test("401 without the secret key, 404 in Stripe's error shape for an unknown session", async () => {
    const unsigned = await fetch(`${standin.url}/v1/checkout/sessions/cs_test_x`);
    assert.equal(unsigned.status, 401);
    assert.equal((await unsigned.json()).error.type, "invalid_request_error");
    const { stripeApiTarget } = await import("../../src/server/payments/stripe/stripe-client");
    const Stripe = (await import("stripe")).default;
    const wrongKey = new Stripe("sk_test_someone0else0000000000", { ...stripeApiTarget(standin.url), maxNetworkRetries: 0 });
    await assert.rejects(wrongKey.checkout.sessions.retrieve("cs_test_x"), { type: "StripeAuthenticationError", statusCode: 401 });
    const missing = await fetch(`${standin.url}/v1/checkout/sessions/cs_test_x`, { headers: { Authorization: `Bearer ${KEY}` } });
    assert.equal(missing.status, 404);
    const { error } = await missing.json();
    assert.deepEqual(
      [error.type, error.code, error.param, error.message],
      ["invalid_request_error", "resource_missing", "session", "No such checkout.session: 'cs_test_x'"],
    );
  });
});

describe("reading the session", () => {
  test("lookup: open is PENDING, paid is PAID, expired is EXPIRED, an unknown session an error", async () => {
    const provider = core.provider.stripeProvider();
    const open = await openPayment();
    assert.equal(await provider.lookup({ trackingId: open.trackingId, providerRef: open.session.id }), "PENDING");
    standin.pay(open.session.id);
    assert.equal(await provider.lookup({ trackingId: open.trackingId, providerRef: open.session.id }), "PAID");
    const late = await openPayment();
    standin.expire(late.session.id);
    assert.equal(await provider.lookup({ trackingId: late.trackingId, providerRef: late.session.id }), "EXPIRED");
    const unpaid = await openPayment();
    standin.completeUnpaid(unpaid.session.id);
    assert.equal(await provider.lookup({ trackingId: unpaid.trackingId, providerRef: unpaid.session.id }), "PENDING");
    assert.equal(await provider.lookup({ trackingId: unpaid.trackingId, providerRef: null }), "PENDING");
    await assert.rejects(provider.lookup({ trackingId: open.trackingId, providerRef: "cs_test_unknown" }), /No such checkout.session/);
    await assert.rejects(provider.lookup({ trackingId: open.trackingId, providerRef: late.session.id }), /not the one of payment/);
  });

  test("completion of a payment paid at Stripe (no webhook yet) reads the session: PAID once, one SALE entry", async () => {
    const p = await openPayment(1250);
    const claim = { trackingId: p.trackingId, kind: "VOD" as const, itemId: p.itemId };
    const early = await core.complete.completePayment(p.ctx, claim);
    assert.deepEqual({ ok: early.ok, reason: !early.ok && early.reason }, { ok: false, reason: "NOT_PAID" });
    standin.pay(p.session.id);
    const first = await core.complete.completePayment(p.ctx, claim);
    const replay = await core.complete.completePayment(p.ctx, claim);
    assert.ok(first.ok && first.firstTime);
    assert.ok(replay.ok && !replay.firstTime);
    assert.equal((await paymentOf(p.trackingId)).status, "PAID");
    assert.deepEqual(await ledgerOf(p.trackingId), [{ type: "SALE", grossCents: 1250, feeCents: 125, netCents: 1125 }]);
  });
});

describe("the webhook", () => {
  test("signature: good is read; tampered body, wrong secret, stale timestamp or none is 400 and changes nothing", async () => {
    const p = await openPayment();
    const honest = standin.sessionEvent("checkout.session.completed", p.session.id); // open, unpaid: nothing to settle
    const forged = honest.replace('"payment_status": "unpaid"', '"payment_status": "paid"');
    assert.notEqual(forged, honest);
    const sixMinutesAgo = Math.floor(Date.now() / 1000) - 6 * 60;
    const badRequest = refusedAs("BAD_REQUEST", "error.stripeSignatureInvalid");

    await assert.rejects(
      core.webhook.receiveStripeWebhook(db, Buffer.from(forged), stripeSignature(honest, WEBHOOK_SECRET)),
      badRequest,
      "tampered",
    );
    await assert.rejects(deliver(forged, { secret: "whsec_someone0else0000000000000000" }), badRequest, "wrong secret");
    await assert.rejects(deliver(forged, { timestamp: sixMinutesAgo }), badRequest, "stale");
    await assert.rejects(core.webhook.receiveStripeWebhook(db, Buffer.from(forged), null), badRequest, "unsigned");
    await assert.rejects(core.webhook.receiveStripeWebhook(db, Buffer.from(forged), "t=1,v1=abc"), badRequest, "garbage");
    assert.equal((await paymentOf(p.trackingId)).status, "PENDING");
    assert.deepEqual(await ledgerOf(p.trackingId), []);

    // within the 5 minutes' tolerance, and an event Kinora has no use for
    assert.deepEqual(await deliver(honest, { timestamp: Math.floor(Date.now() / 1000) - 4 * 60 }), { received: true, ignored: true });
    assert.deepEqual(await deliver(standin.sessionEvent("checkout.session.updated", p.session.id)), { received: true, ignored: true });
    assert.equal((await paymentOf(p.trackingId)).status, "PENDING");
  });

  test("checkout.session.completed settles once: delivered twice, or after the session read, nothing more", async () => {
    const p = await openPayment(1250);
    standin.pay(p.session.id);
    const event = standin.sessionEvent("checkout.session.completed", p.session.id);
    const [a, b] = await Promise.all([deliver(event), deliver(event)]);
    assert.deepEqual(a, { received: true, trackingId: p.trackingId, status: "PAID" });
    assert.deepEqual(b, a);
    const paid = await paymentOf(p.trackingId);
    assert.deepEqual(await deliver(event), a);
    assert.deepEqual(await paymentOf(p.trackingId), paid, "the row is untouched");
    assert.equal(
      await db.job.count({ where: { type: "payments.receipt", payload: { equals: { paymentId: paid.id } } } }),
      1,
      "one receipt",
    );

    // the client completes after the webhook: granted once; the event delivered again after that changes nothing
    const claim = { trackingId: p.trackingId, kind: "VOD" as const, itemId: p.itemId };
    const done = await core.complete.completePayment(p.ctx, claim);
    assert.ok(done.ok && done.firstTime);
    const completed = await paymentOf(p.trackingId);
    assert.deepEqual(await deliver(event), a);
    assert.deepEqual(await paymentOf(p.trackingId), completed);
    assert.deepEqual(await ledgerOf(p.trackingId), [{ type: "SALE", grossCents: 1250, feeCents: 125, netCents: 1125 }]);

    // settled first by the session read (a completion), then the webhook: nothing more either
    const q = await openPayment(500);
    standin.pay(q.session.id);
    assert.equal((await core.resolve.resolvePayment(db, q.trackingId))?.status, "PAID");
    const settled = await paymentOf(q.trackingId);
    assert.deepEqual(await deliver(standin.sessionEvent("checkout.session.completed", q.session.id)), {
      received: true,
      trackingId: q.trackingId,
      status: "PAID",
    });
    assert.deepEqual(await paymentOf(q.trackingId), settled);
    assert.equal((await ledgerOf(q.trackingId)).length, 1);
  });

  test("delayed payment methods: completed unpaid waits, then async_payment_succeeded pays or async_payment_failed fails", async () => {
    const ok = await openPayment();
    standin.completeUnpaid(ok.session.id);
    assert.deepEqual(await deliver(standin.sessionEvent("checkout.session.completed", ok.session.id)), { received: true, ignored: true });
    assert.equal((await paymentOf(ok.trackingId)).status, "PENDING");
    standin.pay(ok.session.id);
    const succeeded = standin.sessionEvent("checkout.session.async_payment_succeeded", ok.session.id);
    assert.deepEqual(await deliver(succeeded), { received: true, trackingId: ok.trackingId, status: "PAID" });

    const ko = await openPayment();
    standin.completeUnpaid(ko.session.id);
    const failed = standin.sessionEvent("checkout.session.async_payment_failed", ko.session.id);
    assert.deepEqual(await deliver(failed), { received: true, trackingId: ko.trackingId, status: "FAILED" });
    assert.deepEqual(await deliver(failed), { received: true, trackingId: ko.trackingId, status: "FAILED" });
    assert.deepEqual(await ledgerOf(ko.trackingId), []);
  });

  test("checkout.session.expired expires the payment (Stripe's word, before our own deadline); a completion is then refused", async () => {
    const p = await openPayment();
    standin.expire(p.session.id);
    const event = standin.sessionEvent("checkout.session.expired", p.session.id);
    assert.deepEqual(await deliver(event), { received: true, trackingId: p.trackingId, status: "EXPIRED" });
    assert.deepEqual(await deliver(event), { received: true, trackingId: p.trackingId, status: "EXPIRED" });
    const done = await core.complete.completePayment(p.ctx, { trackingId: p.trackingId, kind: "VOD", itemId: p.itemId });
    assert.deepEqual({ ok: done.ok, reason: !done.ok && done.reason }, { ok: false, reason: "NOT_PAID" });
  });

  test("charge.refunded (in full) refunds the payment once, found through its session; a partial refund is left alone", async () => {
    const p = await openPayment(1250);
    standin.pay(p.session.id);
    await deliver(standin.sessionEvent("checkout.session.completed", p.session.id));
    assert.deepEqual(await deliver(standin.chargeRefundedEvent(p.session.id, 250)), { received: true, ignored: true });
    assert.equal((await paymentOf(p.trackingId)).status, "PAID");
    const refunded = standin.chargeRefundedEvent(p.session.id);
    assert.deepEqual(await deliver(refunded), { received: true, trackingId: p.trackingId, status: "REFUNDED" });
    assert.deepEqual(await deliver(refunded), { received: true, trackingId: p.trackingId, status: "REFUNDED" });
    assert.deepEqual(await ledgerOf(p.trackingId), [
      { type: "SALE", grossCents: 1250, feeCents: 125, netCents: 1125 },
      { type: "REFUND", grossCents: -1250, feeCents: -125, netCents: -1125 },
    ]);
  });

  test("a session that is not the payment's, or names no Kinora payment, is acknowledged and ignored", async () => {
    const p = await openPayment();
    const other = await openPayment();
    standin.pay(other.session.id);
    // a session naming p's trackingId, though p's session is another one
    other.session.metadata = { trackingId: p.trackingId };
    other.session.client_reference_id = p.trackingId;
    assert.deepEqual(await deliver(standin.sessionEvent("checkout.session.completed", other.session.id)), {
      received: true,
      ignored: true,
    });
    assert.equal((await paymentOf(p.trackingId)).status, "PENDING");
    // a session opened by something else on the same Stripe account
    other.session.metadata = {};
    other.session.client_reference_id = null;
    assert.deepEqual(await deliver(standin.sessionEvent("checkout.session.completed", other.session.id)), {
      received: true,
      ignored: true,
    });
    assert.equal((await paymentOf(other.trackingId)).status, "PENDING");
  });
});
