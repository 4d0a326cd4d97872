// Stripe Checkout end to end: a server with PAYMENT_PROVIDER=stripe whose SDK talks to the local Stripe
// stand-in, a license plan bought through it, and the webhook /payments/stripe/webhook with events
// signed by the SDK's test-header helper. Activation never waits for the webhook (the session is read
// when the client completes); a webhook delivered twice, before or after the completion, grants and
// records nothing more; a tampered one is a 400. The ledger is read at the end, from the database
// (PGlite belongs to the server: it is stopped first).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Api } from "../support/api";
import { withDatabase } from "../support/database";
import { startOwnKinora, type Kinora } from "../support/server";
import { deliverStripeEvent, startStripeStandin, stripeSignature, type StripeStandin } from "../support/stripe-standin";
import { assertError, assertValidation, newUser, type TestUser } from "./users-fixtures";
import { testAdmin } from "./admin-fixtures";

const KEY = "sk_test_kinora0contract0key0123456789";
const WEBHOOK_SECRET = "whsec_kinora0contract0secret0123456789";
const WEBHOOK = "/payments/stripe/webhook";

let standin: StripeStandin;
let server: Kinora;
let api: Api;

before(async () => {
  standin = await startStripeStandin({ secretKey: KEY });
  server = await startOwnKinora({
    PAYMENT_PROVIDER: "stripe",
    STRIPE_SECRET_KEY: KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standin.url,
    SMTP_URL: "",
  });
  api = new Api(server.url);
  RETURN = `${server.url}/back?from=kinora`;
  CANCEL = `${server.url}/cancelled`;
});
after(async () => {
  await server?.stop();
  await standin?.close();
});

// the client's pages, on this instance's own origin (return URLs may lead nowhere else)
let RETURN: string;
let CANCEL: string;

/** The trackingIds of this file's payments, by what happened to them (for the ledger check at the end). */
const paid: string[] = [];
const unpaid: string[] = [];

async function subscribe(u: TestUser, license = "Basic") {
  const res = await api.post(`/api/license/${license}/subscribe`, { returnUrl: RETURN, cancelUrl: CANCEL }, { token: u.access });
  assert.equal(res.status, 200, res.text);
  const { trackingId, url } = res.body as { trackingId: string; url: string };
  const session = [...standin.sessions.values()].find((s) => s.metadata.trackingId === trackingId);
  assert.ok(session, "a Checkout Session names the trackingId in its metadata");
  return { trackingId, url, session };
}

const activate = (u: TestUser, trackingId: string) => api.post("/api/license/Basic/activate", { trackingId }, { token: u.access });
const overview = async (u: TestUser) => (await api.get("/api/user/me/overview", { token: u.access })).body;
const notPaid = (status: string) => [{ field: "trackingId", defaultMessage: `names a payment that is not paid (${status})` }];
const deliver = (payload: string) => deliverStripeEvent(api, payload, stripeSignature(payload, WEBHOOK_SECRET));

test("subscribe opens a Checkout Session; activation before the payment is a 400; paid at Stripe, it activates at once (session read); the webhook twice after that changes nothing", async () => {
  const u = await newUser(api);
  const { trackingId, url, session } = await subscribe(u);
  assert.equal(url, session.url, "the buyer goes to the session's page");
  assert.match(url, new RegExp(`^${standin.url}/c/pay/cs_test_`));
  assert.equal(session.amount_total, 2000);
  assert.equal(session.currency, "eur");
  assert.equal(session.client_reference_id, trackingId);
  assert.equal(session.customer_email, u.email);
  assert.equal(session.success_url, `${RETURN}&trackingId=${trackingId}`);
  assert.equal(session.cancel_url, `${CANCEL}?trackingId=${trackingId}`);

  assertValidation(await activate(u, trackingId), "/api/license/Basic/activate", notPaid("PENDING"));

  standin.pay(session.id); // no webhook: the activation reads the session
  const first = await activate(u, trackingId);
  assert.equal(first.status, 200, first.text);
  assert.equal(first.body.licenseName, "Basic");
  assert.equal(first.body.daysToExpiration, 30);
  paid.push(trackingId);

  const event = standin.sessionEvent("checkout.session.completed", session.id);
  for (let i = 0; i < 2; i++) {
    const res = await deliver(event);
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { received: true, trackingId, status: "PAID" });
  }
  const replay = await activate(u, trackingId);
  assert.equal(replay.status, 200, replay.text);
  assert.deepEqual(replay.body, first.body, "the replay answers the same");
  const now = await overview(u);
  assert.equal(now.licenseName, "Basic");
  assert.equal(now.daysToExpiration, 30, "one period, not two");
});

test("the webhook before the completion: the payment is PAID at once, and two concurrent activations grant it once", async () => {
  const u = await newUser(api);
  const { trackingId, session } = await subscribe(u);
  standin.pay(session.id);
  const event = standin.sessionEvent("checkout.session.completed", session.id);
  const deliveries = await Promise.all([deliver(event), deliver(event)]);
  for (const res of deliveries) assert.deepEqual([res.status, res.body], [200, { received: true, trackingId, status: "PAID" }]);
  paid.push(trackingId);

  const [a, b] = await Promise.all([activate(u, trackingId), activate(u, trackingId)]);
  assert.equal(a.status, 200, a.text);
  assert.equal(b.status, 200, b.text);
  assert.equal(a.body.licenseName, "Basic");
  assert.equal((await overview(u)).daysToExpiration, 30, "granted once");
  assert.equal((await deliver(event)).status, 200, "delivered again after the completion");
  assert.equal((await overview(u)).daysToExpiration, 30);
});

test("a tampered, unsigned, wrongly signed or stale webhook is a 400 and pays nothing", async () => {
  const u = await newUser(api);
  const { trackingId, session } = await subscribe(u);
  unpaid.push(trackingId);
  const honest = standin.sessionEvent("checkout.session.completed", session.id); // the session is open, unpaid
  const forged = honest.replace('"payment_status": "unpaid"', '"payment_status": "paid"');
  assert.notEqual(forged, honest);
  const stale = Math.floor(Date.now() / 1000) - 6 * 60;
  const refusals = {
    tampered: await deliverStripeEvent(api, forged, stripeSignature(honest, WEBHOOK_SECRET)),
    unsigned: await deliverStripeEvent(api, forged, null),
    "wrong secret": await deliverStripeEvent(api, forged, stripeSignature(forged, "whsec_not0the0endpoint0secret000000")),
    stale: await deliverStripeEvent(api, forged, stripeSignature(forged, WEBHOOK_SECRET, stale)),
  };
  for (const [what, res] of Object.entries(refusals)) {
    assert.equal(res.status, 400, what);
    assertError(res, 400, "The Stripe-Signature header is missing, does not match the body or is too old", WEBHOOK);
  }
  assertValidation(await activate(u, trackingId), "/api/license/Basic/activate", notPaid("PENDING"));
  assert.equal((await overview(u)).licenseName, "Free");
});

test("checkout.session.expired: the payment is EXPIRED and activation answers 400", async () => {
  const u = await newUser(api);
  const { trackingId, session } = await subscribe(u);
  unpaid.push(trackingId);
  standin.expire(session.id);
  const res = await deliver(standin.sessionEvent("checkout.session.expired", session.id));
  assert.deepEqual([res.status, res.body], [200, { received: true, trackingId, status: "EXPIRED" }]);
  assertValidation(await activate(u, trackingId), "/api/license/Basic/activate", notPaid("EXPIRED"));
  assert.equal((await overview(u)).licenseName, "Free");
});

test("other events are acknowledged and ignored; the webhook takes POST only", async () => {
  const { trackingId, session } = await subscribe(await newUser(api));
  unpaid.push(trackingId);
  const res = await deliver(standin.sessionEvent("checkout.session.updated", session.id));
  assert.deepEqual([res.status, res.body], [200, { received: true, ignored: true }]);
  const get = await fetch(server.url + WEBHOOK);
  assert.equal(get.status, 405);
});

test("an administrator refunds a paid payment: one refund of its PaymentIntent at Stripe, the payment REFUNDED; a second refund is a 409", async () => {
  const admin = await testAdmin(api);
  const u = await newUser(api);
  const { trackingId, session } = await subscribe(u);
  standin.pay(session.id);
  assert.equal((await activate(u, trackingId)).status, 200);
  const refund = () => api.post(`/api/admin/payments/${trackingId}/refund`, { reason: "Charged twice" }, { token: admin.access });
  const done = await refund();
  assert.equal(done.status, 200, done.text);
  assert.deepEqual(
    [done.body.trackingId, done.body.status, done.body.amount, done.body.provider, done.body.buyer],
    [trackingId, "REFUNDED", "20,00", "stripe", u.userCode],
  );
  const asked = standin.requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds");
  assert.equal(asked.length, 1);
  assert.equal(asked[0]!.form.payment_intent, standin.sessions.get(session.id)!.payment_intent);
  assert.equal(asked[0]!.idempotencyKey, `kinora-refund-${trackingId}`);
  assertError(await refund(), 409, "Only a paid payment is refunded", `/api/admin/payments/${trackingId}/refund`);
  const [entry] = (await api.get(`/api/admin/audit?targetId=${trackingId}`, { token: admin.access })).body;
  assert.deepEqual([entry.action, entry.reason], ["payment.refund", "Charged twice"]);
});

test("the ledger: exactly one SALE for each paid payment, none for the others (read from the database)", async () => {
  if (!process.env.DATABASE_URL) await server.stop(); // PGlite allows one process
  const rows = await withDatabase({ dataDir: server.dataDir, databaseUrl: server.databaseUrl }, (q) =>
    q<{ trackingId: string; status: string; type: string; grossCents: number; feeCents: number; netCents: number }>(
      `SELECT p."trackingId", p."status", l."type", l."grossCents", l."feeCents", l."netCents"
         FROM "Payment" p JOIN "LedgerEntry" l ON l."paymentId" = p."id" WHERE p."trackingId" = ANY($1) ORDER BY p."trackingId"`,
      [[...paid, ...unpaid]],
    ),
  );
  const expected = paid
    .map((trackingId) => ({ trackingId, status: "PAID", type: "SALE", grossCents: 2000, feeCents: 2000, netCents: 0 }))
    .sort((x, y) => x.trackingId.localeCompare(y.trackingId));
  assert.equal(paid.length, 2);
  assert.deepEqual(rows, expected);
});
