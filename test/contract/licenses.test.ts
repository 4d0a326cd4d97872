// License plans (supplement §5) bought through the payments core with the sandbox provider:
// subscribe (payment initiation), the checkout contract, activate {trackingId} exactly once, renewals,
// switching plans, downgrade, the quotas that follow, the buyer's receipt, and every refusal.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { checkout, payThroughSandbox } from "../support/checkout";
import { mailsTo, waitForMail } from "../support/mailbox";
import { portalSignIn } from "../support/portal-session";
import { assertError, assertValidation, connect, newUser, type TestUser } from "./users-fixtures";

let api: Api;
let mailDir: string;

// the client's pages the buyer comes back to: on this instance's own origin (return URLs may lead
// nowhere else, unless registered for the client: payments-return.test.ts)
let paymentRequest: { embedded: boolean; mobile: boolean; returnUrl: string; cancelUrl: string };

before(async () => {
  ({ api, mailDir } = await connect());
  paymentRequest = { embedded: false, mobile: false, returnUrl: `${api.url}/back?from=kinora`, cancelUrl: `${api.url}/cancelled` };
});

const subscribe = (u: TestUser, license: string, body: Record<string, unknown> = paymentRequest) =>
  api.post(`/api/license/${license}/subscribe`, body, { token: u.access });
const activate = (u: TestUser, license: string, trackingId: unknown) =>
  api.post(`/api/license/${license}/activate`, { trackingId }, { token: u.access });
const overview = async (u: TestUser) => (await api.get("/api/user/me/overview", { token: u.access })).body;

/** Subscribes and pays; returns the trackingId. */
async function buy(u: TestUser, license: string, periods = 1): Promise<string> {
  const res = await subscribe(u, license, { ...paymentRequest, advanceMonthlyPayments: periods });
  assert.equal(res.status, 200, res.text);
  await payThroughSandbox(res.body.url, res.body.trackingId);
  return res.body.trackingId;
}

const trackingIdError = (defaultMessage: string) => [{ field: "trackingId", defaultMessage }];

describe("subscribe", () => {
  test("answers the payment initiation result with the license as resource", async () => {
    const u = await newUser(api);
    const res = await subscribe(u, "Basic");
    assert.equal(res.status, 200, res.text);
    const { trackingId, url, ...rest } = res.body;
    assert.match(trackingId, /^[0-9a-f]{32}$/);
    assert.equal(url, `${api.url}/checkout/${trackingId}`);
    assert.deepEqual(rest, {
      embedded: false,
      mobile: false,
      resource: {
        id: 3,
        name: "Basic",
        price: "20,00",
        dayDuration: 30,
        storage: 20,
        band: 80,
        streamingAmount: 160,
        maxVideoSize: 2048,
        maxUploadNumber: 500,
        support: "EMAIL",
      },
    });
    // every attempt is a payment of its own
    const again = await subscribe(u, "Basic");
    assert.notEqual(again.body.trackingId, trackingId);
  });

  test("the checkout page is a test payment showing item, price and seller", async () => {
    const u = await newUser(api);
    const res = await subscribe(u, "basic", { ...paymentRequest, advanceMonthlyPayments: "3", emdedded: "true" });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.resource.name, "Basic", "the plan name is matched whatever its case");
    const page = await fetch(res.body.url);
    const html = await page.text();
    assert.equal(page.status, 200);
    assert.match(html, /Test payment/);
    assert.match(html, /Basic plan, 3 periods of 30 days/);
    assert.match(html, /€60\.00/, "3 periods of 20,00");
    assert.match(html, /Kinora/, "the platform sells plans");
    assert.match(page.headers.get("content-security-policy") ?? "", /form-action 'self' https: http:/);
  });

  test("refusals: unknown plan 404, Free 400, bad payment request 400 per field, public token 403, no token 401", async () => {
    const u = await newUser(api);
    assertError(await subscribe(u, "Platinum"), 404, "License not found", "/api/license/Platinum/subscribe");
    assertError(
      await subscribe(u, "Free"),
      400,
      "The Free license is not bought: use the downgrade to go back to it",
      "/api/license/Free/subscribe",
    );
    assertValidation(
      await subscribe(u, "Basic", { returnUrl: "javascript:alert(1)", cancelUrl: "ftp://x", advanceMonthlyPayments: 0, mobile: "maybe" }),
      "/api/license/Basic/subscribe",
      [
        { field: "returnUrl", defaultMessage: "must be an http(s) URL" },
        { field: "cancelUrl", defaultMessage: "must be an http(s) URL" },
        { field: "advanceMonthlyPayments", defaultMessage: "must be at least 1" },
        { field: "mobile", defaultMessage: "must be of type boolean" },
      ],
    );
    const pub = await api.post("/api/license/Basic/subscribe", paymentRequest, { token: await api.publicToken() });
    assert.equal(pub.status, 403);
    assert.equal(pub.body.error, "access_denied");
    assert.equal((await api.post("/api/license/Basic/subscribe", paymentRequest)).status, 401);
  });
});

describe("activate", () => {
  test("pay, come back with the trackingId, activate once: replays change nothing", async () => {
    const u = await newUser(api);
    const res = await subscribe(u, "Basic");
    const { trackingId, url } = res.body;
    assertValidation(
      await activate(u, "Basic", trackingId),
      "/api/license/Basic/activate",
      trackingIdError("names a payment that is not paid (PENDING)"),
    );

    const paid = await checkout(url, "paid");
    assert.equal(paid.status, 303);
    const back = new URL(paid.location!);
    assert.equal(`${back.origin}${back.pathname}`, `${api.url}/back`);
    assert.equal(back.searchParams.get("from"), "kinora", "the client's own query is kept");
    assert.equal(back.searchParams.get("trackingId"), trackingId);

    const first = await activate(u, "Basic", trackingId);
    assert.equal(first.status, 200, first.text);
    assert.equal(first.body.userCode, u.userCode);
    assert.equal(first.body.licenseName, "Basic");
    assert.equal(first.body.licenseExpired, false);
    assert.equal(first.body.daysToExpiration, 30);
    assert.equal(first.body.availableRenews, 0);

    const replay = await activate(u, "Basic", trackingId);
    assert.equal(replay.status, 200);
    assert.deepEqual(replay.body, first.body, "a replay answers the same overview and grants nothing");
    assert.equal((await overview(u)).daysToExpiration, 30);

    // posting the checkout again changes nothing and sends the buyer the same way
    const repost = await checkout(url, "cancelled");
    assert.equal(repost.status, 303);
    assert.equal(new URL(repost.location!).origin, api.url);
    assert.equal(new URL(repost.location!).pathname, "/back");
    assert.match(await (await fetch(url)).text(), /This payment is paid/);
  });

  test("two concurrent activations of one trackingId grant once", async () => {
    const u = await newUser(api);
    const trackingId = await buy(u, "Entry");
    const results = await Promise.all(Array.from({ length: 6 }, () => activate(u, "Entry", trackingId)));
    for (const r of results) assert.equal(r.status, 200, r.text);
    const o = await overview(u);
    assert.equal(o.licenseName, "Entry");
    assert.equal(o.daysToExpiration, 30, "one period, not six");
  });

  test("a trackingId of another plan, of another user, unknown, cancelled or failed is a 400 on trackingId", async () => {
    const [u, other] = await Promise.all([newUser(api), newUser(api)]);
    const basic = await buy(u, "Basic");
    assertValidation(
      await activate(u, "Entry", basic),
      "/api/license/Entry/activate",
      trackingIdError("belongs to the payment of another item"),
    );
    assertValidation(
      await activate(other, "Basic", basic),
      "/api/license/Basic/activate",
      trackingIdError("belongs to another user's payment"),
    );
    assertValidation(await activate(u, "Basic", "0".repeat(32)), "/api/license/Basic/activate", trackingIdError("names no payment"));
    assertValidation(await activate(u, "Basic", "not a tracking id"), "/api/license/Basic/activate", trackingIdError("names no payment"));
    assertValidation(await api.post("/api/license/Basic/activate", {}, { token: u.access }), "/api/license/Basic/activate", [
      { field: "trackingId", defaultMessage: "is required" },
    ]);
    assert.equal((await overview(other)).licenseName, "Free", "the other user got nothing");

    for (const outcome of ["cancelled", "failed"] as const) {
      const res = await subscribe(u, "Professional");
      const done = await checkout(res.body.url, outcome);
      assert.equal(done.status, 303);
      const back = new URL(done.location!);
      assert.equal(`${back.origin}${back.pathname}`, paymentRequest.cancelUrl);
      assert.equal(back.searchParams.get("trackingId"), res.body.trackingId);
      assertValidation(
        await activate(u, "Professional", res.body.trackingId),
        "/api/license/Professional/activate",
        trackingIdError(`names a payment that is not paid (${outcome === "cancelled" ? "CANCELLED" : "FAILED"})`),
      );
    }
    assert.equal((await overview(u)).licenseName, "Free", "nothing activated yet");
  });

  test("the current plan is extended by the periods paid; another plan starts now; downgrade goes back to Free", async () => {
    const u = await newUser(api);
    await activate(u, "Basic", await buy(u, "Basic"));
    const renewed = await activate(u, "Basic", await buy(u, "Basic", 2));
    assert.equal(renewed.status, 200, renewed.text);
    assert.equal(renewed.body.licenseName, "Basic");
    assert.equal(renewed.body.daysToExpiration, 90, "30 days + 2 periods of 30");
    assert.equal(renewed.body.availableRenews, 2);

    const switched = await activate(u, "Professional", await buy(u, "Professional"));
    assert.equal(switched.body.licenseName, "Professional");
    assert.equal(switched.body.daysToExpiration, 30, "a new plan starts from now");
    assert.equal(switched.body.daysFromActivation, 0);

    const down = await api.post("/api/license/downgrade", undefined, { token: u.access });
    assert.equal(down.status, 200, down.text);
    assert.equal(down.body.licenseName, "Free");
    assert.equal(down.body.licenseExpired, false);
    assert.equal(down.body.daysToExpiration, undefined, "Free never expires");
    const again = await api.post("/api/license/downgrade", "{ }", { token: u.access });
    assert.equal(again.status, 200);
    assert.equal(again.body.licenseName, "Free");
  });

  test("the active plan's quotas are the ones enforced (upload size) and the buyer gets a receipt", async () => {
    const u = await newUser(api);
    const allowance = async () => {
      const { cookie } = await portalSignIn(api.url, u.userCode, u.password);
      const res = await fetch(`${api.url}/api/trpc/box.uploadAllowance`, { headers: { Cookie: cookie } });
      assert.equal(res.status, 200);
      return ((await res.json()) as { result: { data: { json: { maxFileBytes: number } } } }).result.data.json;
    };
    assert.equal((await allowance()).maxFileBytes, 500 * 1024 * 1024, "Free: 500 MB");
    const trackingId = await buy(u, "Business");
    await activate(u, "Business", trackingId);
    assert.equal((await allowance()).maxFileBytes, 8192 * 1024 * 1024, "Business: 8192 MB");

    const receipt = await waitForMail(mailDir, u.email, (m) => m.text.includes(trackingId));
    assert.equal(receipt.subject, "Your Kinora receipt: Business plan, 1 period of 30 days");
    assert.match(receipt.text, /Amount: €180\.00/);
    await activate(u, "Business", trackingId);
    assert.equal((await mailsTo(mailDir, u.email, (m) => m.text.includes(trackingId))).length, 1, "one receipt per payment");
  });
});
