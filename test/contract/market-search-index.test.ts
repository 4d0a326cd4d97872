// The public marketplace search's word index (MarketSearchTerm, kept by triggers) over real HTTP:
// it follows a listing's publish, update and delete, its box item's text, its seller's fields and
// account; one word, a prefix (a range of the index) and several words find the same listings; the
// index's filter columns (license, ccType, download, price, excluded seller) filter as the listing
// says; relevance follows the best field of each word (title, tags, description, seller).
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api, ApiResponse } from "../support/api";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { readyItem, uniqueWord } from "./vod-fixtures";

let api: Api;
let publicToken: string;

before(async () => {
  ({ api } = await connect());
  publicToken = await api.publicToken();
});

const list = async (seller: TestUser, boxId: string, body: Record<string, unknown>): Promise<any> => {
  const res = await api.post(`/api/box/${boxId}/marketplace`, body, { token: seller.access });
  assert.equal(res.status, 201, res.text);
  return res.body;
};
const search = (body: Record<string, unknown>) =>
  api.post("/api/public/search/marketplace/contents", { pageSize: 20, pageIndex: 0, ...body }, { token: publicToken });
const ids = (res: ApiResponse): string[] => {
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.totalCount, res.body.items.length, "a page of 20 holds every match here");
  return res.body.items.map((i: { marketplaceId: string }) => i.marketplaceId);
};
const found = async (body: Record<string, unknown>) => ids(await search(body));

describe("the word index follows the listings", () => {
  test("publish, update of the terms, delete: one word, a prefix and the filters see each change", async () => {
    const seller = await newUser(api);
    const w = uniqueWord("ix");
    const item = await readyItem(api, seller.access, { title: `Indexed ${w}` });
    const listing = await list(seller, item.boxId, { licenseType: "FREE", download: true });
    const id = listing.marketplaceId;
    assert.deepEqual(await found({ queryString: w }), [id]);
    assert.deepEqual(await found({ queryString: `${w.slice(0, 7)}*` }), [id]);
    assert.deepEqual(await found({ queryString: `${w.slice(0, 7)}*`, conditions: { licenseType: "SPOT_PRICE" } }), []);
    assert.deepEqual(await found({ queryString: `indexed ${w}` }), [id]);
    assert.deepEqual(await found({ queryString: w, conditions: { download: true } }), [id]);
    assert.deepEqual(await found({ queryString: w, maxPrice: "0,01" }), [id]);

    const updated = await api.post(
      `/api/marketplace/${id}`,
      { licenseType: "SPOT_PRICE", activationPrice: "3,00", download: false },
      { token: seller.access },
    );
    assert.equal(updated.status, 200, updated.text);
    assert.deepEqual(await found({ queryString: w, conditions: { licenseType: "FREE" } }), []);
    assert.deepEqual(await found({ queryString: w, conditions: { licenseType: "SPOT_PRICE" } }), [id]);
    assert.deepEqual(await found({ queryString: w, conditions: { download: true } }), []);
    assert.deepEqual(await found({ queryString: w, conditions: { download: false } }), [id]);
    assert.deepEqual(await found({ queryString: w, maxPrice: "2,99" }), []);
    assert.deepEqual(await found({ queryString: w, maxPrice: "3,00" }), [id]);
    assert.deepEqual(await found({ queryString: `${w.slice(0, 7)}*`, maxPrice: "2,99" }), []);

    const cc = await list(seller, item.boxId, { licenseType: "CREATIVE_COMMONS", ccType: "BY_NC" });
    assert.deepEqual(await found({ queryString: w, conditions: { licenseType: "CREATIVE_COMMONS", ccType: "BY_NC" } }), [cc.marketplaceId]);
    assert.deepEqual(await found({ queryString: w, conditions: { licenseType: "CREATIVE_COMMONS", ccType: "BY" } }), []);

    assert.equal((await api.delete(`/api/marketplace/${id}`, { token: seller.access })).status, 204);
    assert.deepEqual(await found({ queryString: w }), [cc.marketplaceId]);
    assert.deepEqual(await found({ queryString: `${w.slice(0, 7)}*` }), [cc.marketplaceId]);
  });

  test("the box item's text and the seller's fields and account rewrite the listing's words", async () => {
    const seller = await newUser(api);
    const before = uniqueWord("old");
    const after = uniqueWord("new");
    const tag = uniqueWord("tg");
    const item = await readyItem(api, seller.access, { title: `Renamed ${before}` });
    const listing = await list(seller, item.boxId, { licenseType: "FREE" });
    const id = listing.marketplaceId;
    assert.deepEqual(await found({ queryString: before }), [id]);

    const renamed = await api.post(`/api/box/${item.boxId}`, { title: `Renamed ${after}`, tags: [tag] }, { token: seller.access });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(await found({ queryString: before }), []);
    assert.deepEqual(await found({ queryString: `${before.slice(0, 7)}*` }), []);
    const byTitle = await search({ queryString: after });
    assert.deepEqual(ids(byTitle), [id]);
    assert.equal(byTitle.body.items[0].title, `Renamed ${after}`);
    assert.deepEqual(await found({ queryString: tag }), [id]);
    assert.deepEqual(await found({ queryString: after, tags: [tag] }), [id]);
    assert.deepEqual(await found({ queryString: after, tags: ["not-its-tag"] }), []);

    const pageTitle = uniqueWord("pt");
    const profile = { firstName: "Test", lastName: "User", birthDate: "15/06/1990", email: seller.email, pageTitle };
    assert.equal((await api.post("/api/user/me", { profile }, { token: seller.access })).status, 200);
    assert.deepEqual(await found({ queryString: pageTitle }), [id]);
    assert.deepEqual(await found({ queryString: `${pageTitle} ${after}` }), [id]);
    // a userCode filter searches the content's words only
    assert.deepEqual(await found({ queryString: pageTitle, userCode: seller.userCode }), []);
    assert.deepEqual(await found({ queryString: after, userCode: seller.userCode }), [id]);

    // a disabled seller's listings leave the public search
    assert.equal((await api.post("/api/user/me/disable", undefined, { token: seller.access })).status, 204);
    assert.deepEqual(await found({ queryString: after }), []);
    assert.deepEqual(await found({ queryString: pageTitle }), []);
  });

  test("excludeUserCode on one word and a prefix; relevance: title, tags, description, then the seller", async () => {
    const w = uniqueWord("rk");
    const a = await newUser(api);
    const b = await newUser(api, { firstName: w });
    // listed oldest to newest: relevance must beat the publishing date
    const inTitle = await list(a, (await readyItem(api, a.access, { title: `Clip ${w}` })).boxId, { licenseType: "FREE" });
    const inTags = await list(a, (await readyItem(api, a.access, { title: "Clip", tag: w })).boxId, { licenseType: "FREE" });
    const inDescription = await list(a, (await readyItem(api, a.access, { title: "Clip", description: `About ${w}` })).boxId, {
      licenseType: "FREE",
    });
    const bySeller = await list(b, (await readyItem(api, b.access, { title: "Clip" })).boxId, { licenseType: "FREE" });
    const order = [inTitle, inTags, inDescription, bySeller].map((l) => l.marketplaceId);
    assert.deepEqual(await found({ queryString: w }), order);
    assert.deepEqual(await found({ queryString: `${w}*` }), order);
    assert.deepEqual(await found({ queryString: `clip ${w}` }), order);
    assert.deepEqual(await found({ queryString: w, excludeUserCode: a.userCode }), [bySeller.marketplaceId]);
    assert.deepEqual(await found({ queryString: `${w.slice(0, 6)}*`, excludeUserCode: b.userCode.toUpperCase() }), order.slice(0, 3));
    assert.deepEqual(await found({ queryString: w, excludeUserCode: "nobody-of-that-name" }), order);
    // pages of the index's order
    const second = await search({ queryString: w, pageSize: 3, pageIndex: 1 });
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(
      second.body.items.map((i: { marketplaceId: string }) => i.marketplaceId),
      [bySeller.marketplaceId],
    );
    assert.equal(second.body.totalCount, 4);
  });
});
