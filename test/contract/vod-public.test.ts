// The audience's side of vods over real HTTP: the public read with its publisher, visibility rule 1
// (vod public, publisher's features.vodPublic) and the expiry, and the public search: the content's
// fields and the publisher's (half the weight, only without a userCode filter), filters, order, and
// a search that follows changes to the content and to the publisher.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { publish, readyItem, uniqueWord, vodIds } from "./vod-fixtures";

let api: Api;
let publicToken: string;
let creator: TestUser;
let viewer: TestUser;
let item: any;
let word: string;

before(async () => {
  ({ api } = await connect());
  word = uniqueWord("pv");
  [creator, viewer] = [await newUser(api), await newUser(api)];
  publicToken = await api.publicToken();
  const profile = { firstName: "Ada", lastName: "Lumen", birthDate: "01/01/1990", email: creator.email, pageTitle: "Ada's films" };
  assert.equal((await api.post("/api/user/me", { profile }, { token: creator.access })).status, 200);
  item = await readyItem(api, creator.access, { title: `Sunrise ${word}`, description: "Morning light", tag: ["nature", "sky"] });
});

const searchPublic = (body: Record<string, unknown>, token = publicToken) => api.post("/api/public/search/vod/contents", body, { token });
const setVodPublic = (user: TestUser, vodPublic: boolean) =>
  api.post(
    "/api/user/me",
    { profile: { firstName: "Test", lastName: "User", birthDate: "15/06/1990", email: user.email }, features: { vodPublic } },
    { token: user.access },
  );

describe("GET /api/public/vod/{vodId}", () => {
  test("a visible vod with its publisher, for any token; the same fields as the owner's view", async () => {
    const vod = await publish(api, creator.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "2,5" });
    const overview = (await api.get(`/api/public/user/${creator.userCode}/overview`, { token: publicToken })).body;
    assert.deepEqual(overview, { userCode: creator.userCode, licenseExpired: false, pageTitle: "Ada's films" });
    for (const token of [publicToken, viewer.access, creator.access]) {
      const res = await api.get(`/api/public/vod/${vod.vodId}`, { token });
      assert.equal(res.status, 200, res.text);
      assert.deepEqual(res.body, { ...vod, publisher: overview, views: 0 });
    }
    assert.equal(vod.pricePerView, "2,50");
    const none = await api.get(`/api/public/vod/${vod.vodId}`);
    assert.equal(none.status, 401);
    assert.equal((await api.get(`/api/public/vod/${randomUUID()}`, { token: publicToken })).status, 404);
  });

  test("not public, or expired: 404 to anyone but the owner, who sees it", async () => {
    const hidden = await publish(api, creator.access, item.boxId, { licenseType: "FREE", public: false });
    const expired = await publish(api, creator.access, item.boxId, { licenseType: "FREE", expirationDate: "01/01/2001" });
    for (const vod of [hidden, expired]) {
      for (const token of [publicToken, viewer.access]) {
        const res = await api.get(`/api/public/vod/${vod.vodId}`, { token });
        assert.equal(res.status, 404, res.text);
        assert.equal(res.body.message, "Vod item not found");
      }
      const own = await api.get(`/api/public/vod/${vod.vodId}`, { token: creator.access });
      assert.equal(own.status, 200, own.text);
      assert.equal(own.body.publisher.userCode, creator.userCode);
    }
    // expiring today still plays today; made public again, the hidden one is visible
    const d = new Date();
    const todayText = `${String(d.getUTCDate()).padStart(2, "0")}/${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
    const lastDay = await publish(api, creator.access, item.boxId, { licenseType: "FREE", expirationDate: todayText });
    assert.equal((await api.get(`/api/public/vod/${lastDay.vodId}`, { token: publicToken })).status, 200);
    await api.post(`/api/vod/${hidden.vodId}`, { licenseType: "FREE", public: true }, { token: creator.access });
    assert.equal((await api.get(`/api/public/vod/${hidden.vodId}`, { token: publicToken })).status, 200);
  });

  test("a read follows every edit at once: its content, the publisher's page, the vod, the publisher's vodPublic (PGlite caches the row)", async () => {
    const user = await newUser(api);
    const content = await readyItem(api, user.access, { title: `Cached ${uniqueWord()}` });
    const vod = await publish(api, user.access, content.boxId);
    const read = async () => {
      const res = await api.get(`/api/public/vod/${vod.vodId}`, { token: publicToken });
      assert.equal(res.status, 200, res.text);
      return res.body;
    };
    assert.equal((await read()).title, content.title);
    assert.equal((await read()).title, content.title, "read twice: cached on PGlite");

    const title = `Renamed ${uniqueWord()}`;
    assert.equal((await api.post(`/api/box/${content.boxId}`, { title }, { token: user.access })).status, 200);
    assert.equal((await read()).title, title);
    assert.equal((await api.post(`/api/box/${content.boxId}`, { title, tags: ["fresh"] }, { token: user.access })).status, 200);
    assert.deepEqual((await read()).tags, ["fresh"]);

    const pageTitle = `Page ${uniqueWord()}`;
    const profile = { firstName: "Test", lastName: "User", birthDate: "15/06/1990", email: user.email, pageTitle };
    assert.equal((await api.post("/api/user/me", { profile }, { token: user.access })).status, 200);
    assert.equal((await read()).publisher.pageTitle, pageTitle);

    const priced = await api.post(`/api/vod/${vod.vodId}`, { licenseType: "PAY_PER_VIEW", pricePerView: "1,5" }, { token: user.access });
    assert.equal(priced.status, 200, priced.text);
    assert.deepEqual([(await read()).licenseType, (await read()).pricePerView], ["PAY_PER_VIEW", "1,50"]);

    assert.equal((await setVodPublic(user, false)).status, 200);
    assert.equal((await api.get(`/api/public/vod/${vod.vodId}`, { token: publicToken })).status, 404, "no longer listed");
  });
});

describe("POST /api/public/search/vod/contents", () => {
  test("visibility rule 1 and the expiry: private, expired and vodPublic=false vods are left out", async () => {
    const own = uniqueWord("vis");
    const user = await newUser(api);
    const content = await readyItem(api, user.access, { title: `Visible ${own}` });
    const shown = await publish(api, user.access, content.boxId);
    await publish(api, user.access, content.boxId, { licenseType: "FREE", public: false });
    await publish(api, user.access, content.boxId, { licenseType: "FREE", expirationDate: "31/12/2020" });
    assert.deepEqual(vodIds(await searchPublic({ queryString: own })), [shown.vodId]);
    assert.equal((await api.post("/api/search/vod/contents", { queryString: own }, { token: user.access })).body.totalCount, 3);

    assert.equal((await setVodPublic(user, false)).status, 200);
    assert.deepEqual(vodIds(await searchPublic({ queryString: own })), []);
    assert.deepEqual(vodIds(await searchPublic({ userCode: user.userCode })), []);
    assert.equal((await api.get(`/api/public/vod/${shown.vodId}`, { token: viewer.access })).status, 404);
    assert.equal((await api.get(`/api/public/vod/${shown.vodId}`, { token: user.access })).status, 200);
    await setVodPublic(user, true);
    assert.deepEqual(vodIds(await searchPublic({ queryString: own })), [shown.vodId]);
  });

  test("the publisher's fields match at half the weight: a title match ranks first; not with a userCode filter", async () => {
    const name = uniqueWord("nm");
    const namesake = await newUser(api, { firstName: name });
    const byName = await readyItem(api, namesake.access, { title: `Unrelated ${uniqueWord()}` });
    const nameVod = await publish(api, namesake.access, byName.boxId);
    const titled = await readyItem(api, creator.access, { title: `About ${name}` });
    const titleVod = await publish(api, creator.access, titled.boxId);
    const described = await readyItem(api, creator.access, { title: `Plain ${uniqueWord()}`, description: `mentions ${name}` });
    const descriptionVod = await publish(api, creator.access, described.boxId);

    // the publisher-name match is the newest, and ranks last
    const later = await publish(api, namesake.access, byName.boxId);
    const res = await searchPublic({ queryString: name });
    assert.deepEqual(vodIds(res), [titleVod.vodId, descriptionVod.vodId, later.vodId, nameVod.vodId]);
    assert.equal(res.body.totalCount, 4);
    assert.deepEqual(res.body.items[2].publisher, { userCode: namesake.userCode, licenseExpired: false });
    // a prefix of the name: the same
    assert.deepEqual(vodIds(await searchPublic({ queryString: `${name.slice(0, 8)}*` })), vodIds(res));
    // userCode, page title, last name are publisher fields too
    assert.ok(vodIds(await searchPublic({ queryString: `${creator.userCode}` })).includes(titleVod.vodId));
    assert.ok(vodIds(await searchPublic({ queryString: `lumen ${name}` })).includes(titleVod.vodId));
    // with a userCode filter the query looks at the content only (the publisher is given)
    assert.deepEqual(vodIds(await searchPublic({ queryString: name, userCode: namesake.userCode })), []);
    assert.deepEqual(vodIds(await searchPublic({ queryString: name, userCode: creator.userCode.toUpperCase() })), [
      titleVod.vodId,
      descriptionVod.vodId,
    ]);
  });

  test("filters: userCode (newest first without a query), conditions, tags; an unknown userCode finds nothing", async () => {
    const user = await newUser(api);
    const own = uniqueWord("flt");
    const content = await readyItem(api, user.access, { title: `Filtered ${own}`, tag: ["forest"] });
    const free = await publish(api, user.access, content.boxId);
    const ccBy = await publish(api, user.access, content.boxId, { licenseType: "CREATIVE_COMMONS", ccType: "BY" });
    const ccSa = await publish(api, user.access, content.boxId, { licenseType: "CREATIVE_COMMONS", ccType: "BY_SA" });
    const ppv = await publish(api, user.access, content.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: 1 });

    const all = await searchPublic({ userCode: user.userCode });
    assert.deepEqual(vodIds(all), [ppv.vodId, ccSa.vodId, ccBy.vodId, free.vodId]);
    assert.deepEqual({ ...all.body, items: undefined }, { pageSize: 10, pageIndex: 0, totalCount: 4, pageCount: 1, items: undefined });
    const first = all.body.items[0];
    assert.deepEqual(first, { ...ppv, publisher: { userCode: user.userCode, licenseExpired: false }, views: 0 });
    assert.deepEqual(vodIds(await searchPublic({ userCode: user.userCode, conditions: { licenseType: "CREATIVE_COMMONS" } })), [
      ccSa.vodId,
      ccBy.vodId,
    ]);
    assert.deepEqual(
      vodIds(await searchPublic({ queryString: own, conditions: { licenseType: "CREATIVE_COMMONS", ccType: "BY_SA" } }, viewer.access)),
      [ccSa.vodId],
    );
    assert.deepEqual(vodIds(await searchPublic({ queryString: own, conditions: { licenseType: "PAY_PER_VIEW" } })), [ppv.vodId]);
    assert.deepEqual(vodIds(await searchPublic({ queryString: own, tags: ["forest"], pageSize: "2", pageIndex: "1" })), [
      ccBy.vodId,
      free.vodId,
    ]);
    assert.deepEqual(vodIds(await searchPublic({ queryString: own, tags: "desert" })), []);
    assert.deepEqual(vodIds(await searchPublic({ userCode: `nobody-${own}` })), []);
    const bad = await searchPublic({ conditions: { ccType: "BY" } });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body.errors, [
      { field: "conditions.licenseType", defaultMessage: "is required when ccType or bundleId is given" },
    ]);
    assert.equal((await api.post("/api/public/search/vod/contents", {})).status, 401);
  });

  test("the search follows the content and the publisher: a renamed box item, a changed profile", async () => {
    const user = await newUser(api);
    const before = uniqueWord("old");
    const after = uniqueWord("new");
    const content = await readyItem(api, user.access, { title: `Renamed ${before}` });
    const vod = await publish(api, user.access, content.boxId);
    assert.deepEqual(vodIds(await searchPublic({ queryString: before })), [vod.vodId]);

    const renamed = await api.post(`/api/box/${content.boxId}`, { title: `Renamed ${after}`, tags: ["fresh"] }, { token: user.access });
    assert.equal(renamed.status, 200, renamed.text);
    assert.deepEqual(vodIds(await searchPublic({ queryString: before })), []);
    const found = await searchPublic({ queryString: after });
    assert.deepEqual(vodIds(found), [vod.vodId]);
    assert.equal(found.body.items[0].title, `Renamed ${after}`);
    assert.deepEqual(found.body.items[0].tags, ["fresh"]);

    const pageTitle = uniqueWord("pt");
    const profile = { firstName: "Test", lastName: "User", birthDate: "15/06/1990", email: user.email, pageTitle };
    assert.equal((await api.post("/api/user/me", { profile }, { token: user.access })).status, 200);
    const byPage = await searchPublic({ queryString: pageTitle });
    assert.deepEqual(vodIds(byPage), [vod.vodId]);
    assert.equal(byPage.body.items[0].publisher.pageTitle, pageTitle);
  });
});
