// Bundle subscriptions through the payments core with the sandbox provider: subscribe (payment
// initiation, resource the bundle), activate {trackingId} exactly once (replays, concurrent
// completions, foreign trackingIds), the period from activation and its extension, the play of a
// bundle's vods (SUBSCRIPTION_REQUIRED until a subscription runs, by signed-in subscriber or by the
// paid trackingId in the play body), the subscription search (bundleId, the four sorts), and the
// delete of a bundle someone is subscribed to (409).
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { checkout, payThroughSandbox } from "../support/checkout";
import { assertError, assertValidation, connect, newUser, type TestUser } from "./users-fixtures";
import { uniqueWord } from "./vod-fixtures";
import {
  activate,
  createBundle,
  dayFromNow,
  insert,
  paidSubscription,
  paymentRequest,
  readyItems,
  subscribe,
  subscriptions,
} from "./bundle-fixtures";

let api: Api;
let creator: TestUser;
/** A bundle of two READY contents (1 month at 4,90) and its vods, in order. */
let bundle: any;
let vods: string[];

before(async () => {
  ({ api } = await connect());
  creator = await newUser(api);
  bundle = await createBundle(api, creator, { name: `Films ${uniqueWord()}` });
  const box = await readyItems(api, creator, 2);
  const res = await insert(
    api,
    creator,
    bundle.bundleId,
    box.map((i) => i.boxId),
    0,
  );
  assert.equal(res.status, 200, res.text);
  bundle = res.body.bundle;
  vods = res.body.items.map((i: { vodId: string }) => i.vodId);
});

const trackingIdError = (defaultMessage: string) => [{ field: "trackingId", defaultMessage }];
const activatePath = (b: { bundleId: string }) => `/api/contentbundle/${b.bundleId}/activate`;

describe("subscribe and activate", () => {
  test("subscribe answers the payment initiation result with the bundle; the checkout names it; refusals", async () => {
    const viewer = await newUser(api);
    const res = await subscribe(api, viewer, bundle.bundleId, { ...paymentRequest(api), advanceMonthlyPayments: "2", emdedded: "true" });
    assert.equal(res.status, 200, res.text);
    const { trackingId, url, ...rest } = res.body;
    assert.match(trackingId, /^[0-9a-f]{32}$/);
    assert.equal(url, `${api.url}/checkout/${trackingId}`);
    assert.deepEqual(rest, { embedded: false, mobile: false, resource: bundle });
    const page = await (await fetch(url)).text();
    assert.match(page, new RegExp(`${bundle.name}, 2 x 1 month`));
    assert.match(page, /€9\.80/, "2 periods of 4,90");
    assert.match(page, new RegExp(creator.userCode), "the creator sells it");

    const path = `/api/contentbundle/${bundle.bundleId}/subscribe`;
    assertError(
      await subscribe(api, creator, bundle.bundleId),
      400,
      "You sell this bundle: you play its contents without subscribing",
      path,
    );
    assert.equal((await subscribe(api, viewer, "6f1c0c1e-8d0a-4a53-9f51-0e0c6b5b7a11")).status, 404);
    assert.equal((await api.post(path, paymentRequest(api), { token: await api.publicToken() })).status, 403);
    assertValidation(await subscribe(api, viewer, bundle.bundleId, { returnUrl: "javascript:x" }), path, [
      { field: "returnUrl", defaultMessage: "must be an http(s) URL" },
    ]);
  });

  test("activate once: not paid is a 400; paid starts the period now; replays answer the same and grant nothing", async () => {
    const viewer = await newUser(api);
    const res = await subscribe(api, viewer, bundle.bundleId);
    const { trackingId, url } = res.body;
    assertValidation(
      await activate(api, viewer, bundle.bundleId, trackingId),
      activatePath(bundle),
      trackingIdError("names a payment that is not paid (PENDING)"),
    );
    await payThroughSandbox(url, trackingId);
    const first = await activate(api, viewer, bundle.bundleId, trackingId);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(first.body, bundle);
    const replay = await activate(api, viewer, bundle.bundleId, trackingId.toUpperCase());
    assert.equal(replay.status, 200, replay.text);
    assert.deepEqual(replay.body, first.body);

    const page = await subscriptions(api, viewer);
    assert.equal(page.status, 200, page.text);
    assert.equal(page.body.totalCount, 1, "one subscription, not two");
    const [sub] = page.body.items;
    assert.match(sub.subscriptionId, /^[0-9a-f-]{36}$/);
    assert.deepEqual(sub, { subscriptionId: sub.subscriptionId, bundle, valueDate: dayFromNow(0), expirationDate: dayFromNow(0, 1) });
  });

  test("concurrent activations of one trackingId grant once", async () => {
    const viewer = await newUser(api);
    const days = await createBundle(api, creator, { duration: 10, durationUnit: "DAYS" });
    const trackingId = await paidSubscription(api, viewer, days.bundleId);
    const results = await Promise.all(Array.from({ length: 6 }, () => activate(api, viewer, days.bundleId, trackingId)));
    for (const r of results) assert.equal(r.status, 200, r.text);
    const page = await subscriptions(api, viewer);
    assert.equal(page.body.totalCount, 1);
    assert.equal(page.body.items[0].expirationDate, dayFromNow(10), "one period of 10 days, not six");
  });

  test("subscribing again while active extends the period (by the periods paid)", async () => {
    const viewer = await newUser(api);
    const days = await createBundle(api, creator, { duration: 10, durationUnit: "DAYS" });
    await activate(api, viewer, days.bundleId, await paidSubscription(api, viewer, days.bundleId));
    await activate(api, viewer, days.bundleId, await paidSubscription(api, viewer, days.bundleId));
    assert.equal((await activate(api, viewer, days.bundleId, await paidSubscription(api, viewer, days.bundleId, 2))).status, 200);
    const page = await subscriptions(api, viewer, { bundleId: days.bundleId });
    assert.equal(page.body.totalCount, 1, "the running subscription is extended, not doubled");
    assert.equal(page.body.items[0].valueDate, dayFromNow(0));
    assert.equal(page.body.items[0].expirationDate, dayFromNow(40), "10 + 10 + 2 x 10 days");
  });

  test("a trackingId of another bundle, of another user, of a plan, unknown, cancelled: 400 on trackingId, nothing granted", async () => {
    const [viewer, stranger] = [await newUser(api), await newUser(api)];
    const otherBundle = await createBundle(api, creator);
    const paid = await paidSubscription(api, viewer, bundle.bundleId);
    assertValidation(
      await activate(api, viewer, otherBundle.bundleId, paid),
      activatePath(otherBundle),
      trackingIdError("belongs to the payment of another item"),
    );
    assertValidation(
      await activate(api, stranger, bundle.bundleId, paid),
      activatePath(bundle),
      trackingIdError("belongs to another user's payment"),
    );
    const plan = await api.post("/api/license/Entry/subscribe", paymentRequest(api), { token: viewer.access });
    await payThroughSandbox(plan.body.url, plan.body.trackingId);
    assertValidation(
      await activate(api, viewer, bundle.bundleId, plan.body.trackingId),
      activatePath(bundle),
      trackingIdError("belongs to the payment of another item"),
    );
    assertValidation(
      await activate(api, viewer, bundle.bundleId, "0".repeat(32)),
      activatePath(bundle),
      trackingIdError("names no payment"),
    );
    assertValidation(await api.post(activatePath(bundle), {}, { token: viewer.access }), activatePath(bundle), [
      { field: "trackingId", defaultMessage: "is required" },
    ]);
    const cancelled = await subscribe(api, viewer, bundle.bundleId);
    assert.equal((await checkout(cancelled.body.url, "cancelled")).status, 303);
    assertValidation(
      await activate(api, viewer, bundle.bundleId, cancelled.body.trackingId),
      activatePath(bundle),
      trackingIdError("names a payment that is not paid (CANCELLED)"),
    );
    assert.equal((await subscriptions(api, viewer, { expiredIncluded: true })).body.totalCount, 0);
    assert.equal((await subscriptions(api, stranger, { expiredIncluded: true })).body.totalCount, 0);
  });
});

describe("play of a bundle's vods", () => {
  const play = (vodId: string, token: string, body: unknown = {}, path: "public" | "private" = "public") =>
    api.post(path === "public" ? `/api/public/vod/${vodId}/play` : `/api/vod/${vodId}/play`, body, { token });

  function assertSubscriptionRequired(res: { status: number; body: any; text: string }, vodId: string): void {
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ["message", "resource", "result"]);
    assert.equal(res.body.result, "SUBSCRIPTION_REQUIRED");
    assert.equal(res.body.message, "This content is in a bundle: subscribe to the bundle to watch it");
    assert.equal(res.body.resource.vodId, vodId);
    assert.equal(res.body.resource.licenseType, "CONTENT_BUNDLE");
    assert.deepEqual(res.body.resource.bundle, bundle);
  }

  function assertPlays(res: { status: number; body: any; text: string }, vodId: string): void {
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.result, "PLAY", res.text);
    assert.equal(res.body.resource.vodId, vodId);
    assert.match(res.body.srcs[0].uniqueStreamer, /master\.m3u8/);
  }

  test("SUBSCRIPTION_REQUIRED until the viewer's subscription runs: play {trackingId} activates it, then every play of the bundle plays", async () => {
    const viewer = await newUser(api);
    const publicToken = await api.publicToken();
    assertSubscriptionRequired(await play(vods[1]!, publicToken), vods[1]!);
    assertSubscriptionRequired(await play(vods[1]!, viewer.access), vods[1]!);
    assertSubscriptionRequired(await play(vods[0]!, viewer.access, {}, "private"), vods[0]!);
    assertPlays(await play(vods[1]!, creator.access, {}, "private"), vods[1]!);
    // a bundle's vod is not sold by itself
    assert.equal((await api.post(`/api/vod/${vods[1]}/pay`, paymentRequest(api), { token: viewer.access })).status, 400);

    const res = await subscribe(api, viewer, bundle.bundleId);
    const { trackingId, url } = res.body;
    assertSubscriptionRequired(await play(vods[1]!, viewer.access, { trackingId }), vods[1]!);
    await payThroughSandbox(url, trackingId);
    // back from the checkout on the watch page: the play with the trackingId activates the subscription
    assertPlays(await play(vods[1]!, viewer.access, { trackingId }), vods[1]!);
    assertPlays(await play(vods[0]!, viewer.access, {}, "private"), vods[0]!);
    assertPlays(await play(vods[1]!, viewer.access), vods[1]!);
    assert.equal((await activate(api, viewer, bundle.bundleId, trackingId)).status, 200, "activate after it is a replay");
    assert.equal((await subscriptions(api, viewer)).body.totalCount, 1);
    // the subscription is the viewer's: another user or a public token holding the trackingId gets nothing
    const stranger = await newUser(api);
    assertSubscriptionRequired(await play(vods[1]!, stranger.access, { trackingId }), vods[1]!);
    assertSubscriptionRequired(await play(vods[1]!, publicToken, { trackingId }), vods[1]!);
  });
});

describe("subscription search and delete", () => {
  test("bundleId, query over bundle and publisher, the four sorts; a bundle with a running subscription cannot be deleted", async () => {
    const viewer = await newUser(api);
    const word = uniqueWord("sub");
    const beta = await createBundle(api, creator, { name: `Beta ${word}`, duration: 1, durationUnit: "YEARS" });
    const gamma = await createBundle(api, creator, { name: `Gamma ${word}`, duration: 2, durationUnit: "DAYS", description: "gamma rays" });
    const alpha = await createBundle(api, creator, { name: `Alpha ${word}`, duration: 30, durationUnit: "DAYS" });
    for (const b of [beta, gamma, alpha])
      assert.equal((await activate(api, viewer, b.bundleId, await paidSubscription(api, viewer, b.bundleId))).status, 200);
    const names = async (body: Record<string, unknown>) => {
      const res = await subscriptions(api, viewer, body);
      assert.equal(res.status, 200, res.text);
      return res.body.items.map((s: { bundle: { name: string } }) => s.bundle.name.split(" ")[0]);
    };
    assert.deepEqual(await names({}), ["Alpha", "Gamma", "Beta"], "relevance without a query: the newest subscription first");
    assert.deepEqual(await names({ sort: "valueDate" }), ["Alpha", "Gamma", "Beta"]);
    assert.deepEqual(await names({ sort: "expirationDate" }), ["Gamma", "Alpha", "Beta"], "the soonest to end first");
    assert.deepEqual(await names({ sort: "NAME" }), ["Alpha", "Beta", "Gamma"]);
    assert.deepEqual(await names({ queryString: "gamma" }), ["Gamma"]);
    assert.deepEqual(await names({ queryString: creator.userCode, sort: "name" }), ["Alpha", "Beta", "Gamma"], "the publisher's words");
    assert.deepEqual(await names({ queryString: `${word} gamma` }), ["Gamma"]);
    assert.deepEqual(await names({ bundleId: beta.bundleId }), ["Beta"]);
    const page = await subscriptions(api, viewer, { pageSize: 2, pageIndex: 1, sort: "name" });
    assert.deepEqual({ ...page.body, items: page.body.items.length }, { pageSize: 2, pageIndex: 1, totalCount: 3, pageCount: 2, items: 1 });
    const path = "/api/search/contentbundle/subscriptions";
    assertValidation(await subscriptions(api, viewer, { sort: "price", bundleId: "x", expiredIncluded: "maybe" }), path, [
      { field: "bundleId", defaultMessage: "is not valid" },
      { field: "expiredIncluded", defaultMessage: "must be of type boolean" },
      { field: "sort", defaultMessage: "is not a supported sort" },
    ]);
    assert.equal((await api.post(path, {}, { token: await api.publicToken() })).status, 403);

    const del = await api.delete(`/api/contentbundle/${gamma.bundleId}`, { token: creator.access });
    assert.equal(del.status, 409, del.text);
    assert.equal(del.body.exception, "DataIntegrityViolationException");
    assert.equal(
      del.body.message,
      "This bundle has 0 vod item(s) and 1 running subscription(s): remove its items and let its subscriptions end first",
    );
  });
});
