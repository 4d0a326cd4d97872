// The marketplace over real HTTP: publish (201) and the rule matrix of the five license types, read
// (private, public with seller), update, delete, the private and public searches (userCode,
// excludeUserCode, conditions), the 15-second preview, and acquisition: FREE at once, twice = the
// same box item, one's own = 400, SPOT_PRICE through pay and the sandbox checkout (replay, another
// user's or an unpaid trackingId, concurrent completion); the acquired box item (source
// MARKETPLACE, marketplaceLicense, the seller's files, no storage charged, download as the license
// says); the buyer's use (CC NC and ND, per-view licenses, and a per-view license's price floor: the
// licensor's price plus the platform fee, on publish and update); and shared storage across deletes.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api, ApiResponse } from "../support/api";
import { checkout, payThroughSandbox } from "../support/checkout";
import { fetchOk, parseSigned, walkLadder } from "./playback-fixtures";
import { connect, newUser, UUID, assertValidation, type TestUser } from "./users-fixtures";
import { readyItem, uniqueWord } from "./vod-fixtures";

let api: Api;
let publicToken: string;
let seller: TestUser;
let buyer: TestUser;
let other: TestUser;
let word: string;
let item: any;

before(async () => {
  ({ api } = await connect());
  [seller, buyer, other] = [await newUser(api), await newUser(api), await newUser(api)];
  publicToken = await api.publicToken();
  word = uniqueWord("mk");
  item = await readyItem(api, seller.access, { title: `Market ${word}`, description: "A licensed clip", tag: "licensed" });
});

const list = async (body: Record<string, unknown>, token = seller.access, boxId = item.boxId): Promise<any> => {
  const res = await api.post(`/api/box/${boxId}/marketplace`, body, { token });
  assert.equal(res.status, 201, res.text);
  return res.body;
};
const acquire = (marketplaceId: string, token: string, body: unknown = {}) =>
  api.post(`/api/marketplace/${marketplaceId}/acquire`, body, { token });
const pay = (marketplaceId: string, token: string) =>
  api.post(`/api/marketplace/${marketplaceId}/pay`, { embedded: false, mobile: false, returnUrl: `${api.url}/back` }, { token });
const ids = (res: ApiResponse): string[] => {
  assert.equal(res.status, 200, res.text);
  return res.body.items.map((i: { marketplaceId: string }) => i.marketplaceId);
};
const overview = async (u: TestUser) => (await api.get("/api/user/me/overview", { token: u.access })).body;

/** The content fields of the seller's item, as every item made from it carries them. */
const contentOf = (i: any) => ({
  boxId: i.boxId,
  contentId: i.contentId,
  resourceId: i.resourceId,
  title: i.title,
  description: i.description,
  duration: i.duration,
  tags: i.tags,
});

describe("publish, read, update, delete", () => {
  test("201 with the marketplace item; public read adds the seller; update replaces the terms; delete 204 then 404", async () => {
    const created = await list({
      licenseType: "SPOT_PRICE",
      activationPrice: "12,50",
      duration: "3",
      durationUnit: "months",
      download: "true",
    });
    assert.match(created.marketplaceId, UUID);
    assert.deepEqual(created, {
      marketplaceId: created.marketplaceId,
      ...contentOf(item),
      conditions: { licenseType: "SPOT_PRICE", activationPrice: "12,50", duration: 3, durationUnit: "MONTHS", download: true },
    });
    const read = await api.get(`/api/marketplace/${created.marketplaceId}`, { token: seller.access });
    assert.deepEqual(read.body, created);
    const pub = await api.get(`/api/public/marketplace/${created.marketplaceId}`, { token: publicToken });
    assert.equal(pub.status, 200, pub.text);
    const { seller: shownSeller, ...rest } = pub.body;
    assert.deepEqual(rest, created);
    assert.deepEqual(shownSeller, { userCode: seller.userCode, licenseExpired: false });
    // another user's private read: 404 (no existence leak)
    assert.equal((await api.get(`/api/marketplace/${created.marketplaceId}`, { token: buyer.access })).status, 404);

    const updated = await api.post(
      `/api/marketplace/${created.marketplaceId}`,
      { licenseType: "REVENUE_SHARING", earningPercentage: "30,00" },
      { token: seller.access },
    );
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(updated.body.conditions, { licenseType: "REVENUE_SHARING", earningPercentage: "30,00", download: false });

    assert.equal((await api.delete(`/api/marketplace/${created.marketplaceId}`, { token: buyer.access })).status, 404);
    const deleted = await api.delete(`/api/marketplace/${created.marketplaceId}`, { token: seller.access });
    assert.equal(deleted.status, 204);
    assert.equal(deleted.text, "");
    assert.equal((await api.get(`/api/marketplace/${created.marketplaceId}`, { token: seller.access })).status, 404);
    assert.equal((await api.get(`/api/public/marketplace/${created.marketplaceId}`, { token: publicToken })).status, 404);
  });

  test("the rule matrix of the five license types: each required and each forbidden field is a 400 on that field", async () => {
    const path = `/api/box/${item.boxId}/marketplace`;
    const refused = async (body: Record<string, unknown>, errors: { field: string; defaultMessage: string }[]) =>
      assertValidation(await api.post(path, body, { token: seller.access }), path, errors);
    const required = (field: string) => ({ field, defaultMessage: "is required" });
    const forbidden = (field: string) => ({ field, defaultMessage: "is not allowed with this licenseType" });
    await refused({}, [required("licenseType")]);
    await refused({ licenseType: "RENTAL" }, [
      { field: "licenseType", defaultMessage: "must be one of FREE, CREATIVE_COMMONS, SPOT_PRICE, PAY_PER_VIEW, REVENUE_SHARING" },
    ]);
    // each type's one condition is required
    await refused({ licenseType: "CREATIVE_COMMONS" }, [required("ccType")]);
    await refused({ licenseType: "SPOT_PRICE" }, [required("activationPrice")]);
    await refused({ licenseType: "PAY_PER_VIEW" }, [required("pricePerView")]);
    await refused({ licenseType: "REVENUE_SHARING" }, [required("earningPercentage")]);
    // and every other condition is refused
    const conditions = { ccType: "BY", activationPrice: "1,00", pricePerView: "1,00", earningPercentage: 10 };
    const needs: Record<string, keyof typeof conditions | undefined> = {
      FREE: undefined,
      CREATIVE_COMMONS: "ccType",
      SPOT_PRICE: "activationPrice",
      PAY_PER_VIEW: "pricePerView",
      REVENUE_SHARING: "earningPercentage",
    };
    for (const [licenseType, own] of Object.entries(needs)) {
      await refused(
        { licenseType, ...conditions },
        Object.keys(conditions)
          .filter((f) => f !== own)
          .map(forbidden),
      );
    }
    // duration: not for CREATIVE_COMMONS; duration and durationUnit together
    await refused({ licenseType: "CREATIVE_COMMONS", ccType: "BY", duration: 1, durationUnit: "DAYS" }, [
      forbidden("duration"),
      forbidden("durationUnit"),
    ]);
    await refused({ licenseType: "FREE", duration: 2 }, [required("durationUnit")]);
    await refused({ licenseType: "FREE", durationUnit: "DAYS" }, [required("duration")]);
    await refused({ licenseType: "FREE", duration: 2, durationUnit: "WEEKS" }, [
      { field: "durationUnit", defaultMessage: "must be one of DAYS, MONTHS, YEARS" },
    ]);
    await refused({ licenseType: "FREE", duration: 0, durationUnit: "DAYS" }, [
      { field: "duration", defaultMessage: "must be at least 1" },
    ]);
    // download: refused for the per-view types (false is fine)
    await refused({ licenseType: "PAY_PER_VIEW", pricePerView: "0,50", download: true }, [forbidden("download")]);
    await refused({ licenseType: "REVENUE_SHARING", earningPercentage: 20, download: "true" }, [forbidden("download")]);
    // bounds
    await refused({ licenseType: "REVENUE_SHARING", earningPercentage: 101 }, [
      { field: "earningPercentage", defaultMessage: "must be at most 100" },
    ]);
    await refused({ licenseType: "REVENUE_SHARING", earningPercentage: 0 }, [
      { field: "earningPercentage", defaultMessage: "must be at least 1" },
    ]);
    await refused({ licenseType: "SPOT_PRICE", activationPrice: "0,00" }, [
      { field: "activationPrice", defaultMessage: "must be an amount from 0,01 to 10000,00 with at most two decimals" },
    ]);
    await refused({ licenseType: "CREATIVE_COMMONS", ccType: "BY_XX" }, [
      { field: "ccType", defaultMessage: "must be one of BY, BY_SA, BY_ND, BY_NC, BY_NC_SA, BY_NC_ND" },
    ]);
    // every valid combination is accepted, with exactly its conditions
    const accepted: [Record<string, unknown>, Record<string, unknown>][] = [
      [
        { licenseType: "FREE", download: true, duration: 7, durationUnit: "DAYS" },
        { licenseType: "FREE", download: true, duration: 7, durationUnit: "DAYS" },
      ],
      [
        { licenseType: "creative_commons", ccType: "by_nc_sa", download: true },
        { licenseType: "CREATIVE_COMMONS", ccType: "BY_NC_SA", download: true },
      ],
      [
        { licenseType: "SPOT_PRICE", activationPrice: 2.5 },
        { licenseType: "SPOT_PRICE", activationPrice: "2,50", download: false },
      ],
      [
        { licenseType: "PAY_PER_VIEW", pricePerView: "0.40", download: false, duration: 1, durationUnit: "YEARS" },
        { licenseType: "PAY_PER_VIEW", pricePerView: "0,40", download: false, duration: 1, durationUnit: "YEARS" },
      ],
      [
        { licenseType: "REVENUE_SHARING", earningPercentage: "25" },
        { licenseType: "REVENUE_SHARING", earningPercentage: "25,00", download: false },
      ],
    ];
    for (const [body, conditions] of accepted) assert.deepEqual((await list(body)).conditions, conditions);
    // the same rules on update
    const target = await list({ licenseType: "FREE" });
    const upd = `/api/marketplace/${target.marketplaceId}`;
    assertValidation(
      await api.post(upd, { licenseType: "PAY_PER_VIEW", pricePerView: "1,00", download: true }, { token: seller.access }),
      upd,
      [forbidden("download")],
    );
  });

  test("only one's own READY uploads are listed: another user's box item 404, a missing one 404", async () => {
    assert.equal((await api.post(`/api/box/${item.boxId}/marketplace`, { licenseType: "FREE" }, { token: buyer.access })).status, 404);
    assert.equal((await api.post(`/api/box/not-a-box/marketplace`, { licenseType: "FREE" }, { token: seller.access })).status, 404);
  });
});

describe("searches and preview", () => {
  let mine: any;
  let theirs: any;
  let cc: any;
  let searchWord: string;
  before(async () => {
    searchWord = uniqueWord("sr");
    const sellerItem = await readyItem(api, seller.access, { title: `Search ${searchWord}` });
    const otherItem = await readyItem(api, other.access, { title: `Other ${searchWord}` });
    mine = await list({ licenseType: "FREE", download: true }, seller.access, sellerItem.boxId);
    cc = await list({ licenseType: "CREATIVE_COMMONS", ccType: "BY_SA" }, seller.access, sellerItem.boxId);
    theirs = await list({ licenseType: "SPOT_PRICE", activationPrice: "5,00" }, other.access, otherItem.boxId);
  });
  const search = (body: Record<string, unknown>, token = publicToken) =>
    api.post("/api/public/search/marketplace/contents", { pageSize: 20, pageIndex: 0, queryString: searchWord, ...body }, { token });

  test("public search: the words, newest first, with the seller; userCode, excludeUserCode and conditions filter", async () => {
    const all = await search({});
    assert.deepEqual(ids(all), [theirs.marketplaceId, cc.marketplaceId, mine.marketplaceId]);
    assert.deepEqual(all.body.items[0].seller, { userCode: other.userCode, licenseExpired: false });
    assert.equal(all.body.totalCount, 3);
    assert.equal(all.body.pageCount, 1);
    assert.deepEqual(ids(await search({ userCode: seller.userCode.toUpperCase() })), [cc.marketplaceId, mine.marketplaceId]);
    assert.deepEqual(ids(await search({ excludeUserCode: seller.userCode })), [theirs.marketplaceId]);
    assert.deepEqual(ids(await search({ excludeUserCode: other.userCode })), [cc.marketplaceId, mine.marketplaceId]);
    assert.deepEqual(ids(await search({ userCode: "nobody-of-that-name" })), []);
    assert.deepEqual(ids(await search({ conditions: { licenseType: "CREATIVE_COMMONS" } })), [cc.marketplaceId]);
    assert.deepEqual(ids(await search({ conditions: { licenseType: "CREATIVE_COMMONS", ccType: "BY" } })), []);
    assert.deepEqual(ids(await search({ conditions: { download: true } })), [mine.marketplaceId]);
    assert.deepEqual(ids(await search({ maxPrice: "4,99" })), [cc.marketplaceId, mine.marketplaceId]);
    // the seller's words are searched too, without a user filter
    assert.ok(ids(await search({ queryString: `${seller.userCode} ${searchWord}` })).includes(mine.marketplaceId));
    assert.deepEqual(ids(await search({ queryString: `${seller.userCode} ${searchWord}`, userCode: seller.userCode })), []);
    // a prefix
    assert.equal((await search({ queryString: `${searchWord.slice(0, 6)}*` })).body.totalCount, 3);
    // pages
    const page = await search({ pageSize: 2, pageIndex: 1 });
    assert.deepEqual(ids(page), [mine.marketplaceId]);
    assert.equal(page.body.pageCount, 2);
    // conditions are checked
    const path = "/api/public/search/marketplace/contents";
    assertValidation(await search({ conditions: { ccType: "BY" } }), path, [
      { field: "conditions.licenseType", defaultMessage: "is required when ccType or bundleId is given" },
    ]);
  });

  test("private search: the caller's listings only, without the seller", async () => {
    const res = await api.post("/api/search/marketplace/contents", { queryString: searchWord }, { token: seller.access });
    assert.deepEqual(ids(res), [cc.marketplaceId, mine.marketplaceId]);
    assert.equal(res.body.items[0].seller, undefined);
    assert.deepEqual(
      ids(
        await api.post(
          "/api/search/marketplace/contents",
          { queryString: searchWord, conditions: { licenseType: "FREE" } },
          { token: seller.access },
        ),
      ),
      [mine.marketplaceId],
    );
    assert.equal((await api.post("/api/search/marketplace/contents", {}, { token: publicToken })).status, 403);
  });

  test("preview: 15-second preview URLs for any token, which open nothing of the full ladder", async () => {
    const res = await api.post(`/api/public/marketplace/${theirs.marketplaceId}/preview`, undefined, { token: publicToken });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.result, "PLAY");
    assert.equal(res.body.resource.marketplaceId, theirs.marketplaceId);
    assert.equal(res.body.resource.seller.userCode, other.userCode);
    const signed = parseSigned(res.body.streamer);
    assert.deepEqual([signed.tree, signed.file], ["preview", "index.m3u8"]);
    await fetchOk(res.body.streamer);
    const ladder = new URL(res.body.streamer.replace("/preview/", "/hls/").replace("index.m3u8", "master.m3u8"));
    assert.equal((await fetch(ladder)).status, 403);
  });
});

describe("acquire", () => {
  test("FREE: FULFILLED at once with the box item; twice the same one; one's own 400; the item plays the seller's files, charges no storage", async () => {
    const offer = await list({ licenseType: "FREE", download: true, duration: 30, durationUnit: "DAYS" });
    const storageBefore = (await overview(buyer)).storage;
    const first = await acquire(offer.marketplaceId, buyer.access);
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(Object.keys(first.body).sort(), ["boxContent", "marketplaceContent", "result"]);
    assert.equal(first.body.result, "FULFILLED");
    assert.deepEqual(first.body.marketplaceContent, offer);
    const box = first.body.boxContent;
    assert.match(box.boxId, UUID);
    assert.notEqual(box.boxId, item.boxId);
    assert.equal(box.contentId, `urn:kinora:content:${box.boxId}`);
    assert.deepEqual(
      {
        title: box.title,
        description: box.description,
        duration: box.duration,
        tags: box.tags,
        source: box.source,
        status: box.status,
        vodCount: box.vodCount,
      },
      {
        title: item.title,
        description: item.description,
        duration: item.duration,
        tags: item.tags,
        source: "MARKETPLACE",
        status: "READY",
        vodCount: 0,
      },
    );
    const { licenseId, expirationDate, ...license } = box.marketplaceLicense;
    assert.match(licenseId, UUID);
    assert.match(expirationDate, /^\d{2}\/\d{2}\/\d{4}$/);
    assert.deepEqual(license, {
      marketplaceId: offer.marketplaceId,
      issuerCode: seller.userCode,
      licenseType: "FREE",
      duration: 30,
      durationUnit: "DAYS",
      download: true,
    });
    // twice: the same box item, and still one in the box
    const again = await acquire(offer.marketplaceId, buyer.access, { trackingId: "f".repeat(32) });
    assert.deepEqual(again.body.boxContent, box);
    const mine = await api.post("/api/search/box/contents", { source: "MARKETPLACE", queryString: word }, { token: buyer.access });
    assert.deepEqual(
      mine.body.items.filter((i: any) => i.marketplaceLicense?.marketplaceId === offer.marketplaceId).map((i: any) => i.boxId),
      [box.boxId],
    );
    assert.deepEqual((await api.get(`/api/box/${box.boxId}`, { token: buyer.access })).body, box);
    // one's own listing
    const own = await acquire(offer.marketplaceId, seller.access);
    assert.equal(own.status, 400, own.text);
    assert.equal(own.body.message, "This is your own content: it is already in your box");
    // plays the seller's files, charges the buyer nothing
    const played = await api.post(`/api/box/${box.boxId}/play`, {}, { token: buyer.access });
    assert.equal(played.status, 200, played.text);
    const signed = parseSigned(played.body.streamer);
    assert.equal(signed.box, item.boxId);
    assert.ok((await walkLadder(played.body.streamer)).bytes > 1000);
    assert.equal((await overview(buyer)).storage, storageBefore);
    // download as the license allows
    assert.equal((await api.get(`/api/content/${encodeURIComponent(box.contentId)}/download`, { token: buyer.access })).status, 200);
  });

  test("a license without download: the acquired item gives no download token (403); missing and hidden listings 404", async () => {
    const offer = await list({ licenseType: "CREATIVE_COMMONS", ccType: "BY" });
    const res = await acquire(offer.marketplaceId, buyer.access);
    assert.equal(res.body.result, "FULFILLED");
    assert.equal(res.body.boxContent.marketplaceLicense.ccType, "BY");
    const dl = await api.get(`/api/content/${encodeURIComponent(res.body.boxContent.contentId)}/download`, { token: buyer.access });
    assert.equal(dl.status, 403, dl.text);
    assert.equal(dl.body.message, "The license of this acquired content does not allow downloading it");
    assert.equal((await acquire("00000000-0000-4000-8000-000000000000", buyer.access)).status, 404);
    // an acquired content is not offered again
    const resale = await api.post(`/api/box/${res.body.boxContent.boxId}/marketplace`, { licenseType: "FREE" }, { token: buyer.access });
    assert.equal(resale.status, 400, resale.text);
  });

  test("SPOT_PRICE: PAYMENT_REQUIRED until paid; another user's or an unpaid trackingId does not count; paid: FULFILLED, replays the same; concurrent completion grants once", async () => {
    const offer = await list({ licenseType: "SPOT_PRICE", activationPrice: "4,00", download: true });
    const required = await acquire(offer.marketplaceId, buyer.access);
    assert.equal(required.status, 200, required.text);
    assert.deepEqual(required.body, {
      result: "PAYMENT_REQUIRED",
      message: "This license is sold at a spot price: pay to acquire it",
      marketplaceContent: offer,
    });
    // pay: the payment initiation result; the seller cannot buy; other types are not paid
    assert.equal((await pay(offer.marketplaceId, seller.access)).status, 400);
    const free = await list({ licenseType: "FREE" });
    assert.equal((await pay(free.marketplaceId, buyer.access)).status, 400);
    const started = await pay(offer.marketplaceId, buyer.access);
    assert.equal(started.status, 200, started.text);
    assert.deepEqual(Object.keys(started.body).sort(), ["embedded", "mobile", "resource", "trackingId", "url"]);
    assert.deepEqual(started.body.resource, offer);
    const { trackingId, url } = started.body;
    // not paid yet
    assert.equal((await acquire(offer.marketplaceId, buyer.access, { trackingId })).body.result, "PAYMENT_REQUIRED");
    await payThroughSandbox(url, trackingId);
    // another user presenting the buyer's trackingId gets nothing
    assert.equal((await acquire(offer.marketplaceId, other.access, { trackingId })).body.result, "PAYMENT_REQUIRED");
    // a trackingId of another item does not count either
    const elsewhere = await list({ licenseType: "SPOT_PRICE", activationPrice: "1,00" });
    assert.equal((await acquire(elsewhere.marketplaceId, buyer.access, { trackingId })).body.result, "PAYMENT_REQUIRED");
    // concurrent completion: one license, one box item
    const results = await Promise.all([0, 1, 2].map(() => acquire(offer.marketplaceId, buyer.access, { trackingId })));
    for (const r of results) assert.equal(r.body.result, "FULFILLED", r.text);
    const boxIds = new Set(results.map((r) => r.body.boxContent.boxId));
    assert.equal(boxIds.size, 1);
    const box = results[0]!.body.boxContent;
    assert.deepEqual(
      { licenseType: box.marketplaceLicense.licenseType, activationPrice: box.marketplaceLicense.activationPrice },
      { licenseType: "SPOT_PRICE", activationPrice: "4,00" },
    );
    // replays and plain acquires: the same item; paying again is refused while the license runs
    assert.equal((await acquire(offer.marketplaceId, buyer.access, { trackingId })).body.boxContent.boxId, box.boxId);
    assert.equal((await acquire(offer.marketplaceId, buyer.access)).body.boxContent.boxId, box.boxId);
    assert.equal((await pay(offer.marketplaceId, buyer.access)).status, 400);
    const found = await api.post("/api/search/box/contents", { source: "MARKETPLACE", pageSize: 100 }, { token: buyer.access });
    assert.equal(found.body.items.filter((i: any) => i.marketplaceLicense?.marketplaceId === offer.marketplaceId).length, 1);
  });

  test("a cancelled payment acquires nothing", async () => {
    const offer = await list({ licenseType: "SPOT_PRICE", activationPrice: "2,00" });
    const started = await pay(offer.marketplaceId, other.access);
    await checkout(started.body.url, "cancelled");
    assert.equal(
      (await acquire(offer.marketplaceId, other.access, { trackingId: started.body.trackingId })).body.result,
      "PAYMENT_REQUIRED",
    );
  });
});

describe("the buyer's use", () => {
  const NON_COMMERCIAL = "cannot be PAY_PER_VIEW or CONTENT_BUNDLE: the content is licensed for non-commercial use only";

  test("CC NC: published as a vod, but never sold (pay-per-view or in a bundle); ND: its title stays; per-view licenses: only pay-per-view", async () => {
    const nc = await acquire((await list({ licenseType: "CREATIVE_COMMONS", ccType: "BY_NC_ND" })).marketplaceId, other.access);
    const ncBox = nc.body.boxContent;
    const vodPath = `/api/box/${ncBox.boxId}/vod`;
    assertValidation(await api.post(vodPath, { licenseType: "PAY_PER_VIEW", pricePerView: "1,00" }, { token: other.access }), vodPath, [
      { field: "licenseType", defaultMessage: NON_COMMERCIAL },
    ]);
    // every bundle has a price: an NC content joins none, by insert or by publish
    const bundle = await api.post(
      "/api/contentbundle",
      { name: "Paid", price: "4,00", duration: 1, durationUnit: "MONTHS" },
      { token: other.access },
    );
    assert.equal(bundle.status, 201, bundle.text);
    const insertPath = `/api/contentbundle/${bundle.body.bundleId}/items/insert`;
    assertValidation(await api.post(insertPath, { sourceItems: [{ boxId: ncBox.boxId }], index: 0 }, { token: other.access }), insertPath, [
      {
        field: "sourceItems.0.boxId",
        defaultMessage: "its marketplace license does not allow selling it in a bundle (non-commercial, settled per view, or ended)",
      },
    ]);
    assertValidation(
      await api.post(vodPath, { licenseType: "CONTENT_BUNDLE", bundleId: bundle.body.bundleId }, { token: other.access }),
      vodPath,
      [{ field: "licenseType", defaultMessage: NON_COMMERCIAL }],
    );
    assert.equal((await api.get(`/api/contentbundle/${bundle.body.bundleId}`, { token: other.access })).body.itemCount, 0);
    const vod = await api.post(vodPath, { licenseType: "CREATIVE_COMMONS", ccType: "BY_NC_ND" }, { token: other.access });
    assert.equal(vod.status, 201, vod.text);
    const played = await api.post(`/api/public/vod/${vod.body.vodId}/play`, {}, { token: publicToken });
    assert.equal(played.body.result, "PLAY");
    assert.equal(parseSigned(played.body.streamer).box, item.boxId);
    const boxPath = `/api/box/${ncBox.boxId}`;
    assertValidation(await api.post(boxPath, { ...ncBox, title: "Renamed" }, { token: other.access }), boxPath, [
      { field: "title", defaultMessage: "cannot be changed: the content is licensed without derivatives" },
    ]);
    assert.equal((await api.post(boxPath, ncBox, { token: other.access })).status, 200);

    const ppv = await acquire((await list({ licenseType: "PAY_PER_VIEW", pricePerView: "0,30" })).marketplaceId, other.access);
    const ppvPath = `/api/box/${ppv.body.boxContent.boxId}/vod`;
    assertValidation(await api.post(ppvPath, { licenseType: "FREE" }, { token: other.access }), ppvPath, [
      { field: "licenseType", defaultMessage: "must be PAY_PER_VIEW: the content's license is settled on every paid view" },
    ]);
    assert.equal((await api.post(ppvPath, { licenseType: "PAY_PER_VIEW", pricePerView: "2,00" }, { token: other.access })).status, 201);
  });

  test("the undercut price refused: a per-view license's vod costs at least the licensor's price plus the platform fee, on publish and on every update (400 on pricePerView)", async () => {
    // the licensor asks 2,00 a view; the platform's fee is 10 % (PLATFORM_FEE_PERCENT's default):
    // 2,20, the licensed price plus the fee on it, is the lowest price
    const licensee = await newUser(api);
    const acquired = await acquire((await list({ licenseType: "PAY_PER_VIEW", pricePerView: "2,00" })).marketplaceId, licensee.access);
    assert.equal(acquired.status, 200, acquired.text);
    const boxId = acquired.body.boxContent.boxId;
    const publishPath = `/api/box/${boxId}/vod`;
    const below = [
      {
        field: "pricePerView",
        defaultMessage: "must be at least 2,20: the content's license pays its licensor 2,00 per view, plus the platform fee",
      },
    ];
    for (const pricePerView of ["0,01", "2.00", 2.19, "2,19"])
      assertValidation(
        await api.post(publishPath, { licenseType: "PAY_PER_VIEW", pricePerView }, { token: licensee.access }),
        publishPath,
        below,
      );
    assertValidation(
      await api.post(
        publishPath,
        { licenseType: "PAY_PER_VIEW", pricePerView: "0,01" },
        { token: licensee.access, headers: { "Accept-Language": "it" } },
      ),
      publishPath,
      [
        {
          field: "pricePerView",
          defaultMessage:
            "deve essere almeno 2,20: la licenza del contenuto paga al licenziante 2,00 a visione, più la commissione della piattaforma",
        },
      ],
      "it",
    );
    const box = await api.get(`/api/box/${boxId}`, { token: licensee.access });
    assert.equal(box.body.vodCount, 0, "no refused publish left a vod");

    const published = await api.post(publishPath, { licenseType: "PAY_PER_VIEW", pricePerView: "2,20" }, { token: licensee.access });
    assert.equal(published.status, 201, published.text);
    assert.equal(published.body.pricePerView, "2,20");
    const vodPath = `/api/vod/${published.body.vodId}`;
    // an update is held to the same floor, whatever else it changes
    for (const body of [
      { ...published.body, pricePerView: "0,01" },
      { ...published.body, pricePerView: "2,19", public: false },
    ])
      assertValidation(await api.post(vodPath, body, { token: licensee.access }), vodPath, below);
    // and the license allows no other way of publishing it (FREE, CC, in a bundle)
    const bundle = await api.post(
      "/api/contentbundle",
      { name: "Cheap", price: "0,50", duration: 1, durationUnit: "MONTHS" },
      { token: licensee.access },
    );
    assert.equal(bundle.status, 201, bundle.text);
    for (const body of [
      { licenseType: "FREE" },
      { licenseType: "CREATIVE_COMMONS", ccType: "BY" },
      { licenseType: "CONTENT_BUNDLE", bundleId: bundle.body.bundleId },
    ])
      assertValidation(await api.post(vodPath, body, { token: licensee.access }), vodPath, [
        { field: "licenseType", defaultMessage: "must be PAY_PER_VIEW: the content's license is settled on every paid view" },
      ]);
    const unchanged = await api.get(vodPath, { token: licensee.access });
    assert.deepEqual(
      { pricePerView: unchanged.body.pricePerView, licenseType: unchanged.body.licenseType, public: unchanged.body.public },
      {
        pricePerView: "2,20",
        licenseType: "PAY_PER_VIEW",
        public: true,
      },
    );
    const raised = await api.post(vodPath, { ...published.body, pricePerView: "3,00" }, { token: licensee.access });
    assert.equal(raised.status, 200, raised.text);
    assert.equal(raised.body.pricePerView, "3,00");

    // a viewer buys a view at the floor price: the sale opens and is paid through the sandbox
    const floorVod = await api.post(publishPath, { licenseType: "PAY_PER_VIEW", pricePerView: "2,20" }, { token: licensee.access });
    assert.equal(floorVod.status, 201, floorVod.text);
    const sale = await api.post(
      `/api/public/vod/${floorVod.body.vodId}/pay`,
      { embedded: false, mobile: false, returnUrl: `${api.url}/back` },
      { token: publicToken },
    );
    assert.equal(sale.status, 200, sale.text);
    await payThroughSandbox(sale.body.url, sale.body.trackingId);
    const played = await api.post(
      `/api/public/vod/${floorVod.body.vodId}/play`,
      { trackingId: sale.body.trackingId },
      { token: publicToken },
    );
    assert.equal(played.body.result, "PLAY", played.text);

    // a licensed price no allowed price can cover (10 % on top of 9500,00 is above 10000,00)
    const dear = await acquire((await list({ licenseType: "PAY_PER_VIEW", pricePerView: "9500,00" })).marketplaceId, licensee.access);
    const dearPath = `/api/box/${dear.body.boxContent.boxId}/vod`;
    assertValidation(
      await api.post(dearPath, { licenseType: "PAY_PER_VIEW", pricePerView: "10000,00" }, { token: licensee.access }),
      dearPath,
      [
        {
          field: "pricePerView",
          defaultMessage:
            "cannot cover the content's license, which pays its licensor 9500,00 per view, plus the platform fee: no price up to 10000,00 does",
        },
      ],
    );
  });
});

describe("shared storage", () => {
  test("the seller deletes the original: the buyer's copy still plays; the buyer deletes it: the files are gone; quotas on both sides", async () => {
    const own = await newUser(api);
    const taker = await newUser(api);
    const original = await readyItem(api, own.access, { title: `Shared ${uniqueWord()}` });
    const offer = await list({ licenseType: "FREE" }, own.access, original.boxId);
    const sellerUsed = (await overview(own)).storage;
    const takerUsed = (await overview(taker)).storage;
    const box = (await acquire(offer.marketplaceId, taker.access)).body.boxContent;
    assert.equal((await overview(taker)).storage, takerUsed, "acquiring charges no storage");
    const url = (await api.post(`/api/box/${box.boxId}/play`, {}, { token: taker.access })).body.streamer;

    assert.equal((await api.delete(`/api/box/${original.boxId}`, { token: own.access })).status, 204);
    assert.equal((await api.get(`/api/box/${original.boxId}`, { token: own.access })).status, 404);
    assert.equal((await api.get(`/api/marketplace/${offer.marketplaceId}`, { token: own.access })).status, 404, "the listing went with it");
    assert.ok(Number((await overview(own)).storage.replace(",", ".")) <= Number(sellerUsed.replace(",", ".")));
    // the buyer's copy: still there, still playing (the same URL and a new play)
    const kept = await api.get(`/api/box/${box.boxId}`, { token: taker.access });
    assert.equal(kept.status, 200);
    assert.equal(kept.body.marketplaceLicense.marketplaceId, undefined, "the listing is gone, the license stays");
    assert.ok((await walkLadder(url)).bytes > 1000);
    const again = await api.post(`/api/box/${box.boxId}/play`, {}, { token: taker.access });
    assert.ok((await walkLadder(again.body.streamer)).bytes > 1000);

    assert.equal((await api.delete(`/api/box/${box.boxId}`, { token: taker.access })).status, 204);
    assert.equal((await fetch(url)).status, 404, "the last delete removed the files");
    assert.equal((await overview(taker)).storage, takerUsed);
  });

  test("the buyer deletes first: the seller's original keeps playing", async () => {
    const own = await newUser(api);
    const original = await readyItem(api, own.access, { title: `Kept ${uniqueWord()}` });
    const offer = await list({ licenseType: "FREE" }, own.access, original.boxId);
    const box = (await acquire(offer.marketplaceId, buyer.access)).body.boxContent;
    assert.equal((await api.delete(`/api/box/${box.boxId}`, { token: buyer.access })).status, 204);
    const played = await api.post(`/api/box/${original.boxId}/play`, {}, { token: own.access });
    assert.ok((await walkLadder(played.body.streamer)).bytes > 1000);
    // acquiring again gives a new box item under the same license
    const back = (await acquire(offer.marketplaceId, buyer.access)).body.boxContent;
    assert.notEqual(back.boxId, box.boxId);
    assert.equal(back.marketplaceLicense.licenseId, box.marketplaceLicense.licenseId);
  });
});
