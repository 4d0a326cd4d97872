// Bundle subscriptions against the clock and a crash, on a server of its own (its rows are changed
// with SQL: on PGlite with the server stopped): a subscription whose end has passed (set by data,
// not by sleeping) stops the plays, leaves the default subscription search and no longer blocks the
// bundle's delete; kill -9 between the provider's confirmation and the activation, then concurrent
// activations after the restart: one subscription, one SALE crediting the creator.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkout } from "../support/checkout";
import { ownServer } from "../support/own-server";
import { newUser } from "./users-fixtures";
import { activate, createBundle, insert, paidSubscription, readyItems, remove, subscribe, subscriptions } from "./bundle-fixtures";

const own = ownServer();
const { api, sql, relogin } = own;

test("a subscription whose end has passed stops the plays, leaves the default search and lets the bundle go", async () => {
  let [creator, viewer] = [await newUser(api()), await newUser(api())];
  const bundle = await createBundle(api(), creator, { duration: 1, durationUnit: "MONTHS" });
  const [item] = await readyItems(api(), creator, 1);
  const vodId = (await insert(api(), creator, bundle.bundleId, [item.boxId], 0)).body.items[0].vodId as string;
  assert.equal((await activate(api(), viewer, bundle.bundleId, await paidSubscription(api(), viewer, bundle.bundleId))).status, 200);
  const play = () => api().post(`/api/vod/${vodId}/play`, {}, { token: viewer.access });
  assert.equal((await play()).body.result, "PLAY");

  // the month has passed
  await sql((q) =>
    q(
      `UPDATE "BundleSubscription" SET "startsAt" = now() - interval '31 days', "expiresAt" = now() - interval '1 second' WHERE "bundleId" = $1::uuid`,
      [bundle.bundleId],
    ),
  );
  [creator, viewer] = [await relogin(creator), await relogin(viewer)];
  const refused = await play();
  assert.equal(refused.status, 200, refused.text);
  assert.equal(refused.body.result, "SUBSCRIPTION_REQUIRED");
  assert.equal((await subscriptions(api(), viewer)).body.totalCount, 0, "running ones only by default");
  const all = await subscriptions(api(), viewer, { expiredIncluded: "true" });
  assert.equal(all.body.totalCount, 1);
  assert.equal(all.body.items[0].bundle.bundleId, bundle.bundleId);

  // an expired subscription does not hold the bundle; its vods still do
  const path = `/api/contentbundle/${bundle.bundleId}`;
  const blocked = await api().delete(path, { token: creator.access });
  assert.equal(blocked.status, 409, blocked.text);
  assert.match(blocked.body.message, /1 vod item\(s\) and 0 running subscription\(s\)/);
  assert.equal((await remove(api(), creator, bundle.bundleId, 0, 1)).status, 200);
  assert.equal((await api().delete(path, { token: creator.access })).status, 204);
  assert.equal(
    (await subscriptions(api(), viewer, { expiredIncluded: true })).body.totalCount,
    0,
    "its expired subscriptions went with it",
  );

  // subscribing again after the end starts a new period from now
  const again = await createBundle(api(), creator, { duration: 5, durationUnit: "DAYS" });
  await activate(api(), viewer, again.bundleId, await paidSubscription(api(), viewer, again.bundleId));
  await sql((q) =>
    q(`UPDATE "BundleSubscription" SET "expiresAt" = now() - interval '1 second' WHERE "bundleId" = $1::uuid`, [again.bundleId]),
  );
  viewer = await relogin(viewer);
  await activate(api(), viewer, again.bundleId, await paidSubscription(api(), viewer, again.bundleId));
  const both = await subscriptions(api(), viewer, { expiredIncluded: true, bundleId: again.bundleId, sort: "expirationDate" });
  assert.equal(both.body.totalCount, 2, "the expired one stays in the history, the new one runs");
  assert.equal((await subscriptions(api(), viewer, { bundleId: again.bundleId })).body.totalCount, 1);
});

test("kill -9 after the provider confirmed, before the subscriber activated: activations after the restart grant once", async () => {
  const creator = await newUser(api());
  let viewer = await newUser(api());
  const bundle = await createBundle(api(), creator, { price: "10,00", duration: 7, durationUnit: "DAYS" });
  const started = await subscribe(api(), viewer, bundle.bundleId);
  assert.equal(started.status, 200, started.text);
  const { trackingId, url } = started.body;
  assert.equal((await checkout(url, "paid")).status, 303);

  await own.killAndRestart();

  viewer = await relogin(viewer);
  const [first, second] = await Promise.all([
    activate(api(), viewer, bundle.bundleId, trackingId),
    activate(api(), viewer, bundle.bundleId, trackingId),
  ]);
  assert.equal(first.status, 200, first.text);
  assert.equal(second.status, 200, second.text);
  assert.deepEqual(first.body, second.body);

  const rows = await sql(async (q) => ({
    subscriptions: await q<{ days: number }>(
      `SELECT round(extract(epoch FROM "expiresAt" - "startsAt") / 86400)::int AS days FROM "BundleSubscription" WHERE "bundleId" = $1::uuid`,
      [bundle.bundleId],
    ),
    ledger: await q<{ type: string; grossCents: number; sellerId: string; net: boolean }>(
      `SELECT l."type", l."grossCents", l."sellerId"::text AS "sellerId", (l."netCents" + l."feeCents" = l."grossCents") AS net
       FROM "LedgerEntry" l JOIN "Payment" p ON p."id" = l."paymentId" WHERE p."trackingId" = $1`,
      [trackingId],
    ),
    seller: (await q<{ id: string }>(`SELECT "id"::text AS id FROM "User" WHERE "userCode" = $1`, [creator.userCode]))[0]!.id,
    payment: (
      await q<{ status: string; kind: string; completed: boolean }>(
        `SELECT "status", "kind", "completedAt" IS NOT NULL AS completed FROM "Payment" WHERE "trackingId" = $1`,
        [trackingId],
      )
    )[0],
  }));
  assert.deepEqual(rows.subscriptions, [{ days: 7 }], "one subscription of one period");
  assert.deepEqual(rows.ledger, [{ type: "SALE", grossCents: 1000, sellerId: rows.seller, net: true }], "one SALE, the creator's");
  assert.deepEqual(rows.payment, { status: "PAID", kind: "BUNDLE", completed: true });
  viewer = await relogin(viewer);
  assert.equal((await subscriptions(api(), viewer)).body.totalCount, 1);
});
