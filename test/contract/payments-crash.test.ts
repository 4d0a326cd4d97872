// What a payment survives: kill -9 of the server between the provider's confirmation (the sandbox
// checkout's Pay) and the client's completion, then completion after the restart (granted once, one
// ledger entry), for a license plan and for a marketplace spot price; pending payments expire after 24 h (the expiry job, and a completion that finds one
// past its time), and an expired payment cannot be paid any more; the ledger refuses rewrites.
// PGlite belongs to the server: rows are read with the server stopped. PostgreSQL: a database of its own.
import assert from "node:assert/strict";
import { test } from "node:test";
import { checkout } from "../support/checkout";
import { ownServer } from "../support/own-server";
import { newUser, sleep, type TestUser } from "./users-fixtures";
import { readyItem } from "./vod-fixtures";

const own = ownServer();
const { api, sql, relogin } = own;

/** A URL the server handed out, on the port it listens on now (each restart takes a new one). */
const onServer = (url: string) => api().url + new URL(url).pathname;

async function subscribe(u: TestUser, license: string) {
  const res = await api().post(
    `/api/license/${license}/subscribe`,
    { returnUrl: `${api().url}/ok`, cancelUrl: `${api().url}/no` },
    { token: u.access },
  );
  assert.equal(res.status, 200, res.text);
  return res.body as { trackingId: string; url: string };
}

test("kill -9 after the provider confirmed, before the client completed: completion after the restart grants once", async () => {
  let u = await newUser(api());
  const { trackingId, url } = await subscribe(u, "Basic");
  const paid = await checkout(url, "paid");
  assert.equal(paid.status, 303);

  await own.killAndRestart();

  u = await relogin(u);
  const activate = () => api().post("/api/license/Basic/activate", { trackingId }, { token: u.access });
  const [first, second] = await Promise.all([activate(), activate()]);
  assert.equal(first.status, 200, first.text);
  assert.equal(second.status, 200, second.text);
  assert.equal(first.body.licenseName, "Basic");
  assert.equal(first.body.daysToExpiration, 30);

  const rows = await sql(async (q) => ({
    ledger: await q<{ type: string; grossCents: number; feeCents: number; netCents: number; sellerId: string | null }>(
      `SELECT l."type", l."grossCents", l."feeCents", l."netCents", l."sellerId" FROM "LedgerEntry" l JOIN "Payment" p ON p."id" = l."paymentId" WHERE p."trackingId" = $1`,
      [trackingId],
    ),
    subscriptions: await q<{ periods: number }>(
      `SELECT s."periods" FROM "LicenseSubscription" s JOIN "Payment" p ON p."id" = s."paymentId" WHERE p."trackingId" = $1`,
      [trackingId],
    ),
    payment: (
      await q<{ status: string; completed: boolean }>(
        `SELECT "status", "completedAt" IS NOT NULL AS completed FROM "Payment" WHERE "trackingId" = $1`,
        [trackingId],
      )
    )[0],
  }));
  assert.deepEqual(
    rows.ledger,
    [{ type: "SALE", grossCents: 2000, feeCents: 2000, netCents: 0, sellerId: null }],
    "one SALE; the platform keeps a plan's price",
  );
  assert.deepEqual(rows.subscriptions, [{ periods: 1 }]);
  assert.deepEqual(rows.payment, { status: "PAID", completed: true });

  u = await relogin(u);
  const replay = await api().post("/api/license/Basic/activate", { trackingId }, { token: u.access });
  assert.equal(replay.status, 200);
  assert.equal(replay.body.daysToExpiration, 30, "still one period after the restart");
});

test("kill -9 after the sandbox paid a spot price, before the acquire: the acquire after the restart fulfils once", async () => {
  const seller = await newUser(api());
  let buyer = await newUser(api());
  const content = await readyItem(api(), seller.access, { title: "Offered before a crash" });
  const offer = await api().post(
    `/api/box/${content.boxId}/marketplace`,
    { licenseType: "SPOT_PRICE", activationPrice: "4,00" },
    { token: seller.access },
  );
  assert.equal(offer.status, 201, offer.text);
  const marketplaceId: string = offer.body.marketplaceId;
  const started = await api().post(
    `/api/marketplace/${marketplaceId}/pay`,
    { embedded: false, mobile: false, returnUrl: `${api().url}/back` },
    { token: buyer.access },
  );
  assert.equal(started.status, 200, started.text);
  const { trackingId, url } = started.body as { trackingId: string; url: string };
  assert.equal((await checkout(url, "paid")).status, 303);

  await own.killAndRestart();

  buyer = await relogin(buyer);
  const acquire = () => api().post(`/api/marketplace/${marketplaceId}/acquire`, { trackingId }, { token: buyer.access });
  const results = await Promise.all([acquire(), acquire()]);
  for (const r of results) {
    assert.equal(r.status, 200, r.text);
    assert.equal(r.body.result, "FULFILLED", r.text);
  }
  const boxId: string = results[0]!.body.boxContent.boxId;
  assert.equal(results[1]!.body.boxContent.boxId, boxId, "one box item for both");
  assert.notEqual(boxId, content.boxId);

  const rows = await sql(async (q) => ({
    ledger: await q<{ type: string; grossCents: number; seller: string | null }>(
      `SELECT l."type", l."grossCents", u."userCode" AS seller FROM "LedgerEntry" l JOIN "Payment" p ON p."id" = l."paymentId"
       LEFT JOIN "User" u ON u."id" = l."sellerId" WHERE p."trackingId" = $1`,
      [trackingId],
    ),
    licenses: await q<{ boxItems: number }>(
      `SELECT (SELECT count(*) FROM "BoxItem" b WHERE b."acquiredLicenseId" = a."id")::int AS "boxItems"
       FROM "AcquiredLicense" a JOIN "User" u ON u."id" = a."acquirerId" WHERE a."marketplaceItemId" = $1 AND u."userCode" = $2`,
      [marketplaceId, buyer.userCode],
    ),
    payment: (
      await q<{ status: string; completed: boolean }>(
        `SELECT "status", "completedAt" IS NOT NULL AS completed FROM "Payment" WHERE "trackingId" = $1`,
        [trackingId],
      )
    )[0],
  }));
  assert.deepEqual(rows.ledger, [{ type: "SALE", grossCents: 400, seller: seller.userCode }], "one SALE, to the seller");
  assert.deepEqual(rows.licenses, [{ boxItems: 1 }], "one license, one box item");
  assert.deepEqual(rows.payment, { status: "PAID", completed: true });

  buyer = await relogin(buyer);
  const replay = await acquire();
  assert.equal(replay.body.result, "FULFILLED", replay.text);
  assert.equal(replay.body.boxContent.boxId, boxId, "the same box item after the restart");
});

test("a pending payment expires after 24 h: the expiry job, a late completion, and a late Pay change nothing", async () => {
  let u = await newUser(api());
  const untouched = await subscribe(u, "Entry");
  const late = await subscribe(u, "Entry");
  // 24 h pass: both payments and their expiry jobs are due
  await sql(async (q) => {
    await q(`UPDATE "Payment" SET "expiresAt" = now() - interval '1 second' WHERE "trackingId" = ANY($1)`, [
      [untouched.trackingId, late.trackingId],
    ]);
    await q(`UPDATE "Job" SET "runAt" = now() WHERE "type" = 'payments.expire' AND "payload"->>'trackingId' = $1`, [untouched.trackingId]);
  });
  u = await relogin(u);

  const activate = await api().post("/api/license/Entry/activate", { trackingId: late.trackingId }, { token: u.access });
  assert.equal(activate.status, 400);
  assert.deepEqual(activate.body.errors, [{ field: "trackingId", defaultMessage: "names a payment that is not paid (EXPIRED)" }]);
  const pay = await checkout(onServer(late.url), "paid");
  assert.equal(pay.status, 303);
  assert.equal(new URL(pay.location!).pathname, "/no", "an expired payment goes back to the cancel URL");
  assert.match(await (await fetch(onServer(late.url))).text(), /expired before it was paid/);

  // the job expires the payment nobody asked about, at the worker's next poll (PGlite: read once the
  // server is stopped, after a few polls; PostgreSQL: watched while it runs)
  if (own.postgres) {
    const statusOf = async () =>
      (await sql((q) => q<{ status: string }>(`SELECT "status" FROM "Payment" WHERE "trackingId" = $1`, [untouched.trackingId])))[0]!
        .status;
    for (let i = 0; i < 40 && (await statusOf()) !== "EXPIRED"; i++) await sleep(250);
  } else await sleep(3000);
  const rows = await sql((q) =>
    q<{ trackingId: string; status: string; paid: boolean }>(
      `SELECT "trackingId", "status", "paidAt" IS NOT NULL AS paid FROM "Payment" WHERE "trackingId" = ANY($1) ORDER BY "trackingId"`,
      [[untouched.trackingId, late.trackingId]],
    ),
  );
  for (const row of rows) assert.deepEqual({ status: row.status, paid: row.paid }, { status: "EXPIRED", paid: false }, row.trackingId);
  const ledger = await sql((q) =>
    q(`SELECT 1 FROM "LedgerEntry" l JOIN "Payment" p ON p."id" = l."paymentId" WHERE p."trackingId" = ANY($1)`, [
      [untouched.trackingId, late.trackingId],
    ]),
  );
  assert.equal(ledger.length, 0);
});

test("the ledger is append-only: the database refuses to rewrite or delete an entry", async () => {
  let u = await newUser(api());
  const { trackingId, url } = await subscribe(u, "Entry");
  await checkout(url, "paid");
  u = await relogin(u);
  const refused = await sql(async (q) => {
    const errors: string[] = [];
    for (const statement of [
      `UPDATE "LedgerEntry" SET "grossCents" = 0 WHERE "paymentId" = (SELECT "id" FROM "Payment" WHERE "trackingId" = $1)`,
      `DELETE FROM "LedgerEntry" WHERE "paymentId" = (SELECT "id" FROM "Payment" WHERE "trackingId" = $1)`,
    ])
      await q(statement, [trackingId]).then(
        () => errors.push("accepted"),
        (err: Error) => errors.push(err.message),
      );
    return {
      errors,
      rows: await q<{ grossCents: number }>(
        `SELECT l."grossCents" FROM "LedgerEntry" l JOIN "Payment" p ON p."id" = l."paymentId" WHERE p."trackingId" = $1`,
        [trackingId],
      ),
    };
  });
  assert.deepEqual(refused.errors, ["LedgerEntry is append-only (UPDATE refused)", "LedgerEntry is append-only (DELETE refused)"]);
  assert.deepEqual(refused.rows, [{ grossCents: 1000 }]);
});
