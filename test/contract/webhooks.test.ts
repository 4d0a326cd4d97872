// Webhooks (issue 27 item 1, Standard Webhooks) over real HTTP: endpoints registered by a user, events
// delivered to a receiver on this machine and verified with the `standardwebhooks` package, retries
// of a failing receiver in the delivery log, a replay, another user's endpoint. A private address
// refused (without WEBHOOK_ALLOW_PRIVATE_ADDRESSES): api-limits.test.ts, on its server of production defaults.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Api } from "../support/api";
import { eventOf, startReceiver, verified, type Receiver } from "../support/webhook-receiver";
import { assertErrorBody } from "./admin-fixtures";
import { ISO_INSTANT, UUID, assertValidation, connect, newUser, sleep } from "./users-fixtures";
import { buyVod, publish, readyItem, uniqueWord } from "./vod-fixtures";
import { activate, createBundle, paidSubscription } from "./bundle-fixtures";

async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not in ${timeoutMs} ms`);
    await sleep(200);
  }
}

let api: Api;
let hooks: Receiver;
before(async () => {
  ({ api } = await connect());
  hooks = await startReceiver();
});
after(() => hooks.close());

describe("webhook endpoints: POST, GET, DELETE /api/webhooks", () => {
  test("201 with the secret once; the list has no secret; bad fields 400; another user's 404; DELETE 204", async () => {
    const owner = await newUser(api);
    const other = await newUser(api);
    const made = await api.post(
      "/api/webhooks",
      { url: `${hooks.url}?crud`, events: ["box.ready", "payment.completed", "box.ready"], description: "shop" },
      { token: owner.access },
    );
    assert.equal(made.status, 201, made.text);
    const { webhookId, secret, createdAt, ...rest } = made.body;
    assert.match(webhookId, UUID);
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{32}$/);
    assert.match(createdAt, ISO_INSTANT);
    assert.deepEqual(rest, {
      url: `${hooks.url}?crud`,
      events: ["box.ready", "payment.completed"],
      description: "shop",
      enabled: true,
      disabledAt: null,
      disabledReason: null,
    });
    const listed = await api.get("/api/webhooks", { token: owner.access });
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(listed.body, [{ webhookId, createdAt, ...rest }]);
    assert.ok(!listed.text.includes(secret.slice(6)), "the secret is shown once");
    assert.deepEqual((await api.get("/api/webhooks", { token: other.access })).body, []);

    assertValidation(
      await api.post("/api/webhooks", { url: "ftp://example.test/x", events: ["no.such"] }, { token: owner.access }),
      "/api/webhooks",
      [
        { field: "url", defaultMessage: "must be an http or https URL" },
        {
          field: "events",
          defaultMessage:
            "must be one or more of: box.ready, box.failed, vod.published, payment.completed, payment.refunded, bundle.subscribed, market.acquired, live.started, live.ended, live.recording.ready, cast.on_air",
        },
      ],
    );
    assertValidation(
      await api.post("/api/webhooks", { url: "https://user:pw@example.test/x", events: ["box.ready"] }, { token: owner.access }),
      "/api/webhooks",
      [{ field: "url", defaultMessage: "must not carry a user name or password" }],
    );
    assert.equal((await api.post("/api/webhooks", { url: hooks.url, events: ["box.ready"] })).status, 401);

    const path = `/api/webhooks/${webhookId}`;
    assertErrorBody(await api.get(`${path}/deliveries`, { token: other.access }), 404, `${path}/deliveries`);
    assertErrorBody(await api.delete(path, { token: other.access }), 404, path);
    assert.equal((await api.delete(path, { token: owner.access })).status, 204);
    assertErrorBody(await api.delete(path, { token: owner.access }), 404, path);
    assert.deepEqual((await api.get("/api/webhooks", { token: owner.access })).body, []);
  });
});

describe("webhook deliveries", () => {
  test("box.ready after an upload, vod.published, payment.completed after a sandbox purchase, market.acquired, bundle.subscribed: signed by the standard", async () => {
    const seller = await newUser(api);
    const buyer = await newUser(api);
    const made = await api.post(
      "/api/webhooks",
      {
        url: `${hooks.url}?seller=${seller.userCode}`,
        events: ["box.ready", "vod.published", "payment.completed", "market.acquired", "bundle.subscribed"],
      },
      { token: seller.access },
    );
    assert.equal(made.status, 201, made.text);
    const { secret, webhookId } = made.body;
    // what reached the shared receiver for this endpoint: what its secret verifies (other tests' endpoints have theirs)
    const forSeller = (type: string, which?: (data: any) => boolean) => eventOf(hooks.got, secret, type, which);

    const item = await readyItem(api, seller.access, { title: `Hooked ${uniqueWord()}` });
    const ready = await until("box.ready", () => forSeller("box.ready"));
    const readyEvent = verified(secret, ready);
    assert.equal(readyEvent.type, "box.ready");
    assert.match(readyEvent.timestamp, ISO_INSTANT);
    assert.deepEqual(
      { boxId: readyEvent.data.boxId, contentId: readyEvent.data.contentId, title: readyEvent.data.title, status: readyEvent.data.status },
      { boxId: item.boxId, contentId: item.contentId, title: item.title, status: "READY" },
    );
    assert.equal(readyEvent.data.duration, item.duration);
    assert.match(String(ready.headers["webhook-id"]), /^msg_[A-Za-z0-9_-]{22}$/);
    assert.equal(ready.headers["content-type"], "application/json");
    // a body altered on the way does not verify
    assert.throws(() => verified(secret, { ...ready, body: ready.body.replace("READY", "FAILED") }));

    const vod = await publish(api, seller.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "2,50" });
    const published = verified(secret, await until("vod.published", () => forSeller("vod.published")));
    assert.deepEqual(published.data, { vodId: vod.vodId, boxId: item.boxId, title: item.title, licenseType: "PAY_PER_VIEW", public: true });
    const bought = await buyVod(api, buyer.access, vod.vodId);
    const paid = verified(secret, await until("payment.completed", () => forSeller("payment.completed")));
    assert.deepEqual(
      { trackingId: paid.data.trackingId, itemId: paid.data.itemId, amount: paid.data.amount, status: paid.data.status },
      { trackingId: bought, itemId: vod.vodId, amount: "2,50", status: "PAID" },
    );

    // a FREE listing acquired by another creator: the seller's market.acquired
    const listing = await api.post(`/api/box/${item.boxId}/marketplace`, { licenseType: "FREE" }, { token: seller.access });
    assert.equal(listing.status, 201, listing.text);
    const acquired = await api.post(`/api/marketplace/${listing.body.marketplaceId}/acquire`, {}, { token: buyer.access });
    assert.equal(acquired.status, 200, acquired.text);
    const market = verified(secret, await until("market.acquired", () => forSeller("market.acquired")));
    assert.deepEqual(
      [market.data.marketplaceId, market.data.userCode, market.data.licenseType, market.data.paid],
      [listing.body.marketplaceId, buyer.userCode, "FREE", false],
    );
    // a subscription to the seller's bundle, paid and activated: payment.completed and bundle.subscribed
    const bundle = await createBundle(api, seller);
    const trackingId = await paidSubscription(api, buyer, bundle.bundleId);
    assert.equal((await activate(api, buyer, bundle.bundleId, trackingId)).status, 200);
    const subscribed = verified(secret, await until("bundle.subscribed", () => forSeller("bundle.subscribed")));
    assert.deepEqual(
      [subscribed.data.bundleId, subscribed.data.userCode, subscribed.data.trackingId, subscribed.data.renewed],
      [bundle.bundleId, buyer.userCode, trackingId, false],
    );
    assert.ok(Date.parse(subscribed.data.expiresAt) > Date.now());
    await until("the bundle's payment.completed", () => forSeller("payment.completed", (d) => d.trackingId === trackingId));

    // the log: every one delivered at its first attempt, with the receiver's status and a time
    const log = await until("the delivery log", async () => {
      const res = await api.get(`/api/webhooks/${webhookId}/deliveries`, { token: seller.access });
      assert.equal(res.status, 200, res.text);
      return res.body.length === 6 && res.body.every((d: any) => d.status === "SUCCEEDED") ? res.body : undefined;
    });
    assert.deepEqual(log.map((d: any) => d.type).sort(), [
      "box.ready",
      "bundle.subscribed",
      "market.acquired",
      "payment.completed",
      "payment.completed",
      "vod.published",
    ]);
    for (const d of log)
      assert.deepEqual([d.attemptCount, d.lastStatusCode, d.attempts.length, d.attempts[0].statusCode], [1, 200, 1, 200]);
    assert.equal(log.find((d: any) => d.type === "box.ready").messageId, ready.headers["webhook-id"]);
    assert.ok(Number.isInteger(log[0].attempts[0].durationMs) && log[0].attempts[0].durationMs >= 0);
  });

  test("a receiver answering 500 gets retries on the schedule, the log shows them; a replay resends the same message", async () => {
    const seller = await newUser(api);
    const failing = await startReceiver();
    try {
      failing.status.value = 500;
      const made = await api.post("/api/webhooks", { url: failing.url, events: ["box.ready"] }, { token: seller.access });
      assert.equal(made.status, 201, made.text);
      const { webhookId, secret } = made.body;
      await readyItem(api, seller.access, { title: `Failing ${uniqueWord()}` });
      // the first attempt, then the first retry 5 s after it
      await until("two attempts", () => (failing.got.length >= 2 ? true : undefined), 60_000);
      const [first, second] = failing.got;
      assert.equal(first!.headers["webhook-id"], second!.headers["webhook-id"]);
      const gap = second!.at - first!.at;
      assert.ok(gap >= 4500 && gap < 30_000, `retry after ${gap} ms`);
      verified(secret, second!); // each attempt signed (its own timestamp)
      const path = `/api/webhooks/${webhookId}/deliveries`;
      const [delivery] = await until("the log of two attempts", async () => {
        const res = await api.get(path, { token: seller.access });
        return res.body[0]?.attemptCount === 2 ? res.body : undefined;
      });
      assert.equal(delivery.status, "PENDING");
      assert.equal(delivery.lastStatusCode, 500);
      assert.equal(delivery.lastError, "HTTP 500");
      assert.deepEqual(
        delivery.attempts.map((a: any) => [a.statusCode, a.error]),
        [
          [500, "HTTP 500"],
          [500, "HTTP 500"],
        ],
      );
      // the next attempt on the schedule: 5 min after the second
      const next = Date.parse(delivery.nextAttemptAt) - Date.parse(delivery.attempts[1].at);
      assert.ok(Math.abs(next - 300_000) < 2000, `next attempt in ${next} ms`);

      // the receiver is fixed: a replay now, with the same webhook-id
      failing.status.value = 204;
      const other = await newUser(api);
      const retryPath = `${path}/${delivery.deliveryId}/retry`;
      assertErrorBody(await api.post(retryPath, undefined, { token: other.access }), 404, retryPath);
      const replayed = await api.post(retryPath, undefined, { token: seller.access });
      assert.equal(replayed.status, 202, replayed.text);
      assert.equal(replayed.body.deliveryId, delivery.deliveryId);
      const done = await until("the replay", async () => {
        const res = await api.get(path, { token: seller.access });
        return res.body[0]?.status === "SUCCEEDED" ? res.body[0] : undefined;
      });
      assert.equal(done.attemptCount, 3);
      assert.deepEqual(
        done.attempts.map((a: any) => a.statusCode),
        [500, 500, 204],
      );
      assert.equal(failing.got.length, 3);
      assert.equal(failing.got[2]!.headers["webhook-id"], first!.headers["webhook-id"]);
      assert.equal(verified(secret, failing.got[2]!).type, "box.ready");
    } finally {
      await failing.close();
    }
  });
});
