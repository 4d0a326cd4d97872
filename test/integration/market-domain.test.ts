// Marketplace rules against a real database (PGlite in a directory of its own, or the suite's
// PostgreSQL), where HTTP cannot set the stage: the revenue of an acquired content's paid views
// (PAY_PER_VIEW and REVENUE_SHARING licenses) in the ledger and on both creators' Sales pages, in
// cents that add up, and never below a PAY_PER_VIEW license's price (the vod's price floor, a vod
// priced below it before the floor existed, a payment opened at such a price); the end of a license with a duration (the clock set by data: the acquired item
// stops playing, its vods stop being listed); the paid-bundle rule the bundles context asks; and the
// reference count of the shared files.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import { insertUser, integrationDbAccess, useIntegrationDatabase } from "../support/integration-db";

process.env.PAYMENT_PROVIDER = "sandbox";
delete process.env.PLATFORM_FEE_PERCENT; // the default 10 %
useIntegrationDatabase("kinora-market-");

type Db = import("../../src/server/db/client").Db;
type Ctx = import("../../src/server/core/context").Ctx;
let db: Db;
let sql: import("../../src/server/db/sql-runner").SqlPort;
let parse: typeof import("../../src/server/domain/shared/validation").parseInput;
let market: {
  publish: typeof import("../../src/server/domain/marketplace/publish-market-item");
  acquire: typeof import("../../src/server/domain/marketplace/acquire-market-item");
  use: typeof import("../../src/server/domain/marketplace/acquired-use");
};
let vod: {
  publish: typeof import("../../src/server/domain/vod/publish-vod");
  pay: typeof import("../../src/server/domain/vod/pay-vod");
  update: typeof import("../../src/server/domain/vod/update-vod");
  search: typeof import("../../src/server/domain/vod/search-public-vods");
};
let settle: typeof import("../../src/server/payments/settle-payment");
let beginPayment: typeof import("../../src/server/payments/begin-payment").beginPayment;
let sales: typeof import("../../src/server/domain/payments/list-sales");
let summary: typeof import("../../src/server/domain/payments/sales-summary");
let playBox: typeof import("../../src/server/domain/playback/play-box").playBox;
let deleteBoxItem: typeof import("../../src/server/domain/box/delete-box-item").deleteBoxItem;

before(async () => {
  ({ db, sql } = await integrationDbAccess());
  ({ parseInput: parse } = await import("../../src/server/domain/shared/validation"));
  market = {
    publish: await import("../../src/server/domain/marketplace/publish-market-item"),
    acquire: await import("../../src/server/domain/marketplace/acquire-market-item"),
    use: await import("../../src/server/domain/marketplace/acquired-use"),
  };
  vod = {
    publish: await import("../../src/server/domain/vod/publish-vod"),
    pay: await import("../../src/server/domain/vod/pay-vod"),
    update: await import("../../src/server/domain/vod/update-vod"),
    search: await import("../../src/server/domain/vod/search-public-vods"),
  };
  settle = await import("../../src/server/payments/settle-payment");
  ({ beginPayment } = await import("../../src/server/payments/begin-payment"));
  sales = await import("../../src/server/domain/payments/list-sales");
  summary = await import("../../src/server/domain/payments/sales-summary");
  ({ playBox } = await import("../../src/server/domain/playback/play-box"));
  ({ deleteBoxItem } = await import("../../src/server/domain/box/delete-box-item"));
});

const as = (userId: string): Ctx => ({ actor: { kind: "user", userId, clientId: "www" }, db, sql, baseUrl: "http://k.test" });

/** A READY uploaded box item of `ownerId` (its files are not needed: nothing here reads them). */
async function readyItem(ownerId: string, title = "Licensed clip"): Promise<string> {
  const box = await db.boxItem.create({
    data: {
      ownerId,
      contentId: `urn:test:${randomUUID()}`,
      title,
      status: "READY",
      durationSeconds: 2,
      playableAt: new Date(),
      sizeBytes: 1000n,
    },
    select: { id: true },
  });
  return box.id;
}

async function listAndAcquire(
  sellerId: string,
  buyerId: string,
  terms: Record<string, unknown>,
): Promise<{ marketplaceId: string; boxId: string }> {
  const boxId = await readyItem(sellerId);
  const listed = await market.publish.publishMarketItem(as(sellerId), parse(market.publish.publishMarketItemInput, { boxId, ...terms }));
  const acquired = await market.acquire.acquireMarketItem(
    as(buyerId),
    parse(market.acquire.acquireMarketItemInput, { marketplaceId: listed.marketplaceId }),
  );
  assert.equal(acquired.result, "FULFILLED");
  return { marketplaceId: listed.marketplaceId, boxId: acquired.result === "FULFILLED" ? acquired.boxContent.boxId : "" };
}

const publishVod = (ownerId: string, boxId: string, body: Record<string, unknown>) =>
  vod.publish.publishVod(as(ownerId), parse(vod.publish.publishVodInput, { boxId, ...body }));

/** A paid view of a vod by a new viewer: pay, then the provider's settlement. */
async function paidView(vodId: string): Promise<string> {
  const viewer = await insertUser(db);
  const started = await vod.pay.payVod(as(viewer), parse(vod.pay.payVodInput, { vodId, embedded: false, mobile: false }));
  await settle.settlePayment(db, started.trackingId, "PAID");
  return started.trackingId;
}

describe("revenue of acquired contents", () => {
  test("PAY_PER_VIEW and REVENUE_SHARING: every paid view credits the seller in the ledger; fee + both nets = gross; both Sales pages", async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    const ppv = await listAndAcquire(seller, buyer, { licenseType: "PAY_PER_VIEW", pricePerView: 0.4 });
    const rs = await listAndAcquire(seller, buyer, { licenseType: "REVENUE_SHARING", earningPercentage: 30 });
    const ppvVod = await publishVod(buyer, ppv.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: 2.5 });
    const rsVod = await publishVod(buyer, rs.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: 1.99 });

    const views = 7;
    const trackingIds: string[] = [];
    for (let i = 0; i < views; i++) trackingIds.push(await paidView(ppvVod.vodId), await paidView(rsVod.vodId));

    const entries = await db.ledgerEntry.findMany({
      where: { payment: { trackingId: { in: trackingIds } } },
      select: {
        type: true,
        paymentId: true,
        sellerId: true,
        grossCents: true,
        feeCents: true,
        netCents: true,
        payment: { select: { amountCents: true, itemId: true } },
      },
    });
    // per payment: the platform's fee and both creators' nets make its gross
    for (const sale of entries.filter((e) => e.type === "SALE")) {
      assert.equal(sale.sellerId, buyer);
      const share = entries.find((e) => e.type === "SHARE" && e.paymentId === sale.paymentId);
      assert.ok(share, "every paid view credits the seller");
      assert.equal(sale.feeCents + sale.netCents + share.netCents, sale.payment.amountCents);
    }
    const shares = entries.filter((e) => e.type === "SHARE");
    assert.equal(shares.length, 2 * views);
    for (const s of shares) assert.equal(s.sellerId, seller);
    // 2,50: fee 0,25, the license's 0,40 to the seller, 1,85 to the buyer; 1,99: fee 0,20, 30 % of 1,79 = 0,53 to the seller, 1,26 to the buyer
    const ppvSales = entries.filter((e) => e.type === "SALE" && e.payment.itemId === ppvVod.vodId);
    const rsSales = entries.filter((e) => e.type === "SALE" && e.payment.itemId === rsVod.vodId);
    assert.deepEqual(new Set(ppvSales.map((e) => [e.grossCents, e.feeCents, e.netCents].join())), new Set(["250,25,185"]));
    assert.deepEqual(new Set(rsSales.map((e) => [e.grossCents, e.feeCents, e.netCents].join())), new Set(["199,20,126"]));
    assert.deepEqual(new Set(shares.map((s) => s.netCents)), new Set([40, 53]));
    const shareTotal = shares.reduce((t, s) => t + s.netCents, 0);
    assert.equal(shareTotal, views * (40 + 53));
    // not a cent created or lost over the series
    const saleTotal = entries.filter((e) => e.type === "SALE").reduce((t, e) => t + e.feeCents + e.netCents, 0);
    assert.equal(saleTotal + shareTotal, views * (250 + 199));

    // both creators' Sales pages
    const sellerSales = await sales.listSales(as(seller), { pageIndex: 0, pageSize: 100 });
    assert.equal(sellerSales.totalCount, 2 * views);
    assert.ok(sellerSales.items.every((s) => s.type === "SHARE" && s.kind === "VOD"));
    const buyerSales = await sales.listSales(as(buyer), { pageIndex: 0, pageSize: 100 });
    assert.equal(buyerSales.totalCount, 2 * views);
    const [sellerTotals] = (await summary.salesSummary(as(seller))).totals;
    assert.deepEqual({ sales: sellerTotals!.sales, net: sellerTotals!.netCents }, { sales: 2 * views, net: views * 93 });
    const [buyerTotals] = (await summary.salesSummary(as(buyer))).totals;
    assert.deepEqual({ sales: buyerTotals!.sales, net: buyerTotals!.netCents }, { sales: 2 * views, net: views * (185 + 126) });

    // a refund takes both parts back
    await settle.refundPayment(db, trackingIds[0]!);
    const refunds = await db.ledgerEntry.findMany({
      where: { payment: { trackingId: trackingIds[0]! }, type: { in: ["REFUND", "SHARE_REFUND"] } },
    });
    assert.deepEqual(refunds.map((r) => [r.type, r.sellerId, r.netCents].join()).sort(), [
      `REFUND,${buyer},-185`,
      `SHARE_REFUND,${seller},-40`,
    ]);
  });
});

describe("the licensor's price per view", () => {
  /** A DomainError of a refused vod publish or update: 400 on pricePerView with the floor. */
  const belowFloor = (min: string, licensed: string) => (err: { code?: string; fieldErrors?: unknown[] }) => {
    assert.equal(err.code, "VALIDATION");
    assert.deepEqual(err.fieldErrors, [{ field: "pricePerView", message: "field.pricePerViewBelowLicense", params: { min, licensed } }]);
    return true;
  };

  test("a sale at exactly the lowest allowed price pays the licensor the licensed price; a cent less is refused on publish and update", async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    // 2,00 a view; 10 % fee: the floor is 2,20 (2,00 and the fee on it)
    const ppv = await listAndAcquire(seller, buyer, { licenseType: "PAY_PER_VIEW", pricePerView: 2 });
    await assert.rejects(publishVod(buyer, ppv.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: 0.01 }), belowFloor("2,20", "2,00"));
    await assert.rejects(publishVod(buyer, ppv.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: 2.19 }), belowFloor("2,20", "2,00"));
    assert.equal(await db.vodItem.count({ where: { boxItemId: ppv.boxId } }), 0);
    const atFloor = await publishVod(buyer, ppv.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: 2.2 });
    const update = (body: Record<string, unknown>) =>
      vod.update.updateVod(as(buyer), parse(vod.update.updateVodInput, { vodId: atFloor.vodId, ...body }));
    await assert.rejects(update({ licenseType: "PAY_PER_VIEW", pricePerView: 2.19 }), belowFloor("2,20", "2,00"));
    await assert.rejects(update({ licenseType: "PAY_PER_VIEW", pricePerView: 0.01, public: false }), belowFloor("2,20", "2,00"));
    const row = await db.vodItem.findUniqueOrThrow({ where: { id: atFloor.vodId }, select: { pricePerViewCents: true, public: true } });
    assert.deepEqual(row, { pricePerViewCents: 220, public: true });

    // an odd licensed price and the rounding of the fee: 0,05 -> 0,06 (its fee 0,005 rounds up to 0,01)
    const odd = await listAndAcquire(seller, buyer, { licenseType: "PAY_PER_VIEW", pricePerView: 0.05 });
    await assert.rejects(publishVod(buyer, odd.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: 0.05 }), belowFloor("0,06", "0,05"));
    const oddVod = await publishVod(buyer, odd.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: 0.06 });

    const trackingIds = [await paidView(atFloor.vodId), await paidView(oddVod.vodId)];
    const entries = await db.ledgerEntry.findMany({
      where: { payment: { trackingId: { in: trackingIds } } },
      select: { type: true, sellerId: true, grossCents: true, feeCents: true, netCents: true, payment: { select: { itemId: true } } },
    });
    const of = (vodId: string) =>
      entries
        .filter((e) => e.payment.itemId === vodId)
        .map((e) => [e.type, e.sellerId === seller ? "licensor" : "licensee", e.grossCents, e.feeCents, e.netCents].join())
        .sort();
    // 2,20: fee 0,20, the licensor's 2,00, the licensee 0,00; 0,06: fee 0,01, the licensor's 0,05, the licensee 0,00
    assert.deepEqual(of(atFloor.vodId), ["SALE,licensee,220,20,0", "SHARE,licensor,200,0,200"]);
    assert.deepEqual(of(oddVod.vodId), ["SALE,licensee,6,1,0", "SHARE,licensor,5,0,5"]);
  });

  test("a vod priced below the floor before it existed (set by data): no new sale opens, the licensee must raise it; a payment already opened at that price still pays the licensor in full", async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    const ppv = await listAndAcquire(seller, buyer, { licenseType: "PAY_PER_VIEW", pricePerView: 2 });
    const published = await publishVod(buyer, ppv.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: 2.5 });
    // what the code before the floor let a licensee do: 0,01 a view
    await db.vodItem.update({ where: { id: published.vodId }, data: { pricePerViewCents: 1 } });

    const viewer = await insertUser(db);
    await assert.rejects(
      vod.pay.payVod(as(viewer), parse(vod.pay.payVodInput, { vodId: published.vodId, embedded: false, mobile: false })),
      (err: { code?: string; messageId?: string }) => err.code === "CONFLICT" && err.messageId === "error.vodPriceBelowLicense",
    );
    assert.equal(await db.payment.count({ where: { itemId: published.vodId } }), 0, "no payment opened");
    // the licensee's update keeping that price is refused: the floor applies to every write
    await assert.rejects(
      vod.update.updateVod(
        as(buyer),
        parse(vod.update.updateVodInput, { vodId: published.vodId, licenseType: "PAY_PER_VIEW", pricePerView: 0.01, public: false }),
      ),
      belowFloor("2,20", "2,00"),
    );

    // a payment opened at 0,01 before the floor existed (as pay-vod opened it then), settled now:
    // the licensor still gets the licensed 2,00; the platform no fee (the gross is below the licensed
    // price), and the licensee, who set the price, owes the difference (a net of -1,99)
    const started = await beginPayment(
      as(viewer),
      {
        kind: "VOD",
        itemId: published.vodId,
        title: published.title,
        sellerId: buyer,
        amountCents: 1,
        share: { sellerId: seller, cents: 200 },
      },
      { advanceMonthlyPayments: 1, embedded: false, mobile: false },
    );
    await settle.settlePayment(db, started.trackingId, "PAID");
    const entries = await db.ledgerEntry.findMany({
      where: { payment: { trackingId: started.trackingId } },
      select: { type: true, sellerId: true, grossCents: true, feeCents: true, netCents: true },
    });
    assert.deepEqual(
      entries.map((e) => [e.type, e.sellerId === seller ? "licensor" : "licensee", e.grossCents, e.feeCents, e.netCents].join()).sort(),
      ["SALE,licensee,1,0,-199", "SHARE,licensor,200,0,200"],
    );
    // a refund takes both back
    await settle.refundPayment(db, started.trackingId);
    const refunds = await db.ledgerEntry.findMany({
      where: { payment: { trackingId: started.trackingId }, type: { in: ["REFUND", "SHARE_REFUND"] } },
      select: { type: true, netCents: true },
    });
    assert.deepEqual(refunds.map((r) => [r.type, r.netCents].join()).sort(), ["REFUND,199", "SHARE_REFUND,-200"]);

    // raised to the floor, it sells again
    const raised = await vod.update.updateVod(
      as(buyer),
      parse(vod.update.updateVodInput, { vodId: published.vodId, licenseType: "PAY_PER_VIEW", pricePerView: 2.2 }),
    );
    assert.equal(raised.pricePerViewCents, 220);
    await paidView(published.vodId);
  });
});

describe("licenses with a duration", () => {
  test("once ended (set by data): the acquired item stops playing, its vods stop being listed, no new vod, no paid bundle", async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    const buyerCode = (await db.user.findUniqueOrThrow({ where: { id: buyer }, select: { userCode: true } })).userCode;
    const { boxId } = await listAndAcquire(seller, buyer, { licenseType: "FREE", duration: 2, durationUnit: "MONTHS" });
    const published = await publishVod(buyer, boxId, { licenseType: "FREE" });
    // listed until the last whole day of the license
    assert.ok(published.expirationDate, "the vod carries the license's last day");
    const listed = async () =>
      (await vod.search.searchPublicVods(as(buyer), parse(vod.search.searchPublicVodsInput, { userCode: buyerCode }))).items.map(
        (v) => v.vodId,
      );
    assert.deepEqual(await listed(), [published.vodId]);
    assert.equal(await market.use.maySellInPaidBundle(db, boxId), true);
    await playBox(as(buyer), { boxId });

    const license = await db.boxItem.findUniqueOrThrow({ where: { id: boxId }, select: { acquiredLicenseId: true } });
    await db.acquiredLicense.update({ where: { id: license.acquiredLicenseId! }, data: { expiresAt: new Date(Date.now() - 3600_000) } });

    assert.deepEqual(await listed(), []);
    await assert.rejects(
      playBox(as(buyer), { boxId }),
      (err: { code?: string; messageId?: string }) => err.messageId === "error.acquiredLicenseExpired",
    );
    await assert.rejects(publishVod(buyer, boxId, { licenseType: "FREE" }), (err: { code?: string }) => err.code === "CONFLICT");
    assert.equal(await market.use.maySellInPaidBundle(db, boxId), false);
  });

  test("paid bundles: not NonCommercial contents, not licenses settled per view; one's own uploads always", async () => {
    const seller = await insertUser(db);
    const buyer = await insertUser(db);
    const nc = await listAndAcquire(seller, buyer, { licenseType: "CREATIVE_COMMONS", ccType: "BY_NC" });
    const by = await listAndAcquire(seller, buyer, { licenseType: "CREATIVE_COMMONS", ccType: "BY_SA" });
    const ppv = await listAndAcquire(seller, buyer, { licenseType: "PAY_PER_VIEW", pricePerView: 1 });
    const spot = await db.boxItem.findFirstOrThrow({ where: { ownerId: seller }, select: { id: true } });
    assert.equal(await market.use.maySellInPaidBundle(db, nc.boxId), false);
    assert.equal(await market.use.maySellInPaidBundle(db, by.boxId), true);
    assert.equal(await market.use.maySellInPaidBundle(db, ppv.boxId), false);
    assert.equal(await market.use.maySellInPaidBundle(db, spot.id), true);
  });
});

describe("shared files", () => {
  test("StoredMedia counts the box items that show the files; the last delete removes the row", async () => {
    const seller = await insertUser(db);
    const [a, b] = [await insertUser(db), await insertUser(db)];
    const boxId = await readyItem(seller);
    const listed = await market.publish.publishMarketItem(
      as(seller),
      parse(market.publish.publishMarketItemInput, { boxId, licenseType: "FREE" }),
    );
    const acquire = (u: string) =>
      market.acquire.acquireMarketItem(as(u), parse(market.acquire.acquireMarketItemInput, { marketplaceId: listed.marketplaceId }));
    const copies = await Promise.all([acquire(a), acquire(a), acquire(b)]);
    const refs = async () => (await db.storedMedia.findUnique({ where: { id: boxId }, select: { refCount: true } }))?.refCount;
    assert.equal(await refs(), 3, "the upload and one copy per buyer (a's two acquires share one)");
    const storage = async (u: string) =>
      (await db.user.findUniqueOrThrow({ where: { id: u }, select: { storageUsedBytes: true } })).storageUsedBytes;
    assert.equal(await storage(a), 0n);
    await deleteBoxItem(as(seller), { boxId });
    assert.equal(await refs(), 2);
    const boxOf = (r: (typeof copies)[number]) => (r.result === "FULFILLED" ? r.boxContent.boxId : "");
    await deleteBoxItem(as(a), { boxId: boxOf(copies[0]!) });
    await deleteBoxItem(as(b), { boxId: boxOf(copies[2]!) });
    assert.equal(await refs(), undefined);
  });
});
