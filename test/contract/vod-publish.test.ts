// The owner's side of vods over real HTTP: publish from a READY box item (each license type, each
// validation rule), read, update, delete, vodCount, the box delete refused while vods exist, and the
// private search (public and publishing-condition filters).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { postMultipart, today, waitForItem, isFinal } from "./box-fixtures";
import { assertValidation, connect, ISO_INSTANT, newUser, type TestUser } from "./users-fixtures";
import { assertVodOf, publish, readyItem, uniqueWord, vodClip, vodIds } from "./vod-fixtures";
import { uploadFile } from "./box-fixtures";

let api: Api;
let owner: TestUser;
let other: TestUser;
let item: any;
let word: string;

before(async () => {
  ({ api } = await connect());
  [owner, other] = [await newUser(api), await newUser(api)];
  word = uniqueWord("pub");
  item = await readyItem(api, owner.access, { title: `Publish me ${word}`, description: "A short clip", tag: ["alpha", "beta"] });
});

const PRICE_MESSAGE = "must be an amount from 0,01 to 10000,00 with at most two decimals";
const LICENSE_MESSAGE = "must be one of FREE, CREATIVE_COMMONS, PAY_PER_VIEW, CONTENT_BUNDLE";

/** 409 in the error shape of supplement §4. */
function assertConflict(res: { status: number; body: any; text: string }, message: RegExp, path: string, exception?: string): void {
  assert.equal(res.status, 409, res.text);
  const { timestamp, message: text, ...rest } = res.body;
  assert.match(timestamp, ISO_INSTANT);
  assert.match(text, message);
  assert.deepEqual(rest, { status: 409, error: "Conflict", path, ...(exception ? { exception } : {}) });
}

describe("POST /api/box/{boxId}/vod", () => {
  test("201 with the vod item of each license type; the content's fields; money leaves as a comma string", async () => {
    const free = await publish(api, owner.access, item.boxId, { licenseType: "FREE" });
    assertVodOf(free, item, { licenseType: "FREE" });
    assert.equal(free.valueDate, today());
    assert.equal(free.title, `Publish me ${word}`);
    assert.deepEqual(free.tags, ["alpha", "beta"]);
    assert.equal(free.description, "A short clip");
    assert.match(free.duration, /^0:0[12]$/);
    assert.equal(free.publisher, undefined, "no publisher in the owner's view");

    const cc = await publish(api, owner.access, item.boxId, { licenseType: "creative_commons", ccType: " by_sa " });
    assertVodOf(cc, item, { licenseType: "CREATIVE_COMMONS", ccType: "BY_SA" });

    for (const [sent, shown] of [
      ["2,50", "2,50"],
      ["2.50", "2,50"],
      [2.5, "2,50"],
      ["3", "3,00"],
      [10000, "10000,00"],
    ] as const) {
      const ppv = await publish(api, owner.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: sent });
      assertVodOf(ppv, item, { licenseType: "PAY_PER_VIEW", pricePerView: shown });
    }

    // public and expirationDate; strings for booleans (supplement §3)
    const hidden = await publish(api, owner.access, item.boxId, { licenseType: "FREE", public: "false", expirationDate: "31/12/2099" });
    assertVodOf(hidden, item, { licenseType: "FREE", public: false, expirationDate: "31/12/2099" });
    // a condition of another license type is not kept; unknown and read-only fields are ignored
    const plain = await publish(api, owner.access, item.boxId, {
      licenseType: "FREE",
      ccType: "BY",
      pricePerView: "1,00",
      vodId: randomUUID(),
      title: "Not this title",
      emdedded: true,
    });
    assertVodOf(plain, item, { licenseType: "FREE" });
  });

  test("each rule is a 400 naming its field", async () => {
    const path = `/api/box/${item.boxId}/vod`;
    const cases: [Record<string, unknown>, { field: string; defaultMessage: string }[]][] = [
      [{}, [{ field: "licenseType", defaultMessage: "is required" }]],
      [{ licenseType: "RENT" }, [{ field: "licenseType", defaultMessage: LICENSE_MESSAGE }]],
      [{ licenseType: "CONTENT_BUNDLE" }, [{ field: "bundleId", defaultMessage: "is required" }]],
      [{ licenseType: "CONTENT_BUNDLE", bundleId: randomUUID() }, [{ field: "bundleId", defaultMessage: "is not one of your bundles" }]],
      [{ licenseType: "CREATIVE_COMMONS" }, [{ field: "ccType", defaultMessage: "is required" }]],
      [
        { licenseType: "CREATIVE_COMMONS", ccType: "BY_XX" },
        [{ field: "ccType", defaultMessage: "must be one of BY, BY_SA, BY_ND, BY_NC, BY_NC_SA, BY_NC_ND" }],
      ],
      [{ licenseType: "PAY_PER_VIEW" }, [{ field: "pricePerView", defaultMessage: "is required" }]],
      [{ licenseType: "PAY_PER_VIEW", pricePerView: "" }, [{ field: "pricePerView", defaultMessage: "is required" }]],
      ...[0, "0,00", "-1", "2,555", 2.555, "abc", 10000.01, true].map(
        (price): [Record<string, unknown>, { field: string; defaultMessage: string }[]] => [
          { licenseType: "PAY_PER_VIEW", pricePerView: price },
          [{ field: "pricePerView", defaultMessage: PRICE_MESSAGE }],
        ],
      ),
      [{ licenseType: "FREE", public: "maybe" }, [{ field: "public", defaultMessage: "must be of type boolean" }]],
      [{ licenseType: "FREE", expirationDate: "31/02/2030" }, [{ field: "expirationDate", defaultMessage: "must be a date dd/MM/yyyy" }]],
      [{ licenseType: "FREE", expirationDate: "tomorrow" }, [{ field: "expirationDate", defaultMessage: "must be a date dd/MM/yyyy" }]],
      [
        { licenseType: "PAY_PER_VIEW", pricePerView: "x", public: 3 },
        [
          { field: "pricePerView", defaultMessage: PRICE_MESSAGE },
          { field: "public", defaultMessage: "must be of type boolean" },
        ],
      ],
    ];
    for (const [body, errors] of cases) assertValidation(await api.post(path, body, { token: owner.access }), path, errors);
    const after = await api.get(`/api/box/${item.boxId}`, { token: owner.access });
    const published = (await api.post("/api/search/vod/contents", { pageSize: 100 }, { token: owner.access })).body.totalCount;
    assert.equal(after.body.vodCount, published, "no refused publish left a vod");
  });

  test("only a READY content of the caller's own box: 409 while PROCESSING or FAILED, 404 for another user's", async () => {
    const processing = await uploadFile(api, owner.access, vodClip(), { title: "Just uploaded" });
    assert.equal(processing.status, 201, processing.text);
    const early = await api.post(`/api/box/${processing.body.boxId}/vod`, { licenseType: "FREE" }, { token: owner.access });
    assertConflict(early, /still being processed: publish it once it is READY/, `/api/box/${processing.body.boxId}/vod`);

    const broken = await postMultipart(
      api,
      "/api/box",
      owner.access,
      { title: "Broken" },
      { filename: "x.mp4", data: Buffer.from("not media") },
    );
    assert.equal(broken.status, 201, broken.text);
    const failed = await waitForItem(api, owner.access, broken.body.boxId, isFinal);
    assert.equal(failed.status, "FAILED");
    const refused = await api.post(`/api/box/${failed.boxId}/vod`, { licenseType: "FREE" }, { token: owner.access });
    assertConflict(refused, /could not be processed and cannot be published/, `/api/box/${failed.boxId}/vod`);

    for (const boxId of [item.boxId, randomUUID(), "not-an-id"]) {
      const res = await api.post(`/api/box/${boxId}/vod`, { licenseType: "FREE" }, { token: other.access });
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.message, "Box content not found");
    }
    const publicToken = await api.publicToken();
    assert.equal((await api.post(`/api/box/${item.boxId}/vod`, { licenseType: "FREE" }, { token: publicToken })).status, 403);
  });
});

describe("one vod: read, update, delete; the content's vodCount and its delete", () => {
  test("GET /api/vod/{vodId}: the owner's vod as published; 404 for another user", async () => {
    const vod = await publish(api, owner.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "1,99" });
    const read = await api.get(`/api/vod/${vod.vodId}`, { token: owner.access });
    assert.equal(read.status, 200, read.text);
    assert.deepEqual(read.body, vod);
    const theirs = await api.get(`/api/vod/${vod.vodId}`, { token: other.access });
    assert.equal(theirs.status, 404);
    assert.equal(theirs.body.message, "Vod item not found");
    assert.equal((await api.get(`/api/vod/${randomUUID()}`, { token: owner.access })).status, 404);
    assert.equal((await api.get(`/api/vod/nope`, { token: owner.access })).status, 404);
  });

  test("POST /api/vod/{vodId}: the same fields as publish; the object read and posted back keeps its read-only fields", async () => {
    const vod = await publish(api, owner.access, item.boxId, { licenseType: "FREE", expirationDate: "01/01/2100" });
    const path = `/api/vod/${vod.vodId}`;
    const changed = await api.post(
      path,
      {
        ...vod,
        licenseType: "PAY_PER_VIEW",
        pricePerView: "4,99",
        title: "Hacked",
        boxId: randomUUID(),
        vodId: randomUUID(),
        valueDate: "01/01/2000",
        publisher: { userCode: "x" },
      },
      { token: owner.access },
    );
    assert.equal(changed.status, 200, changed.text);
    assertVodOf(changed.body, item, { licenseType: "PAY_PER_VIEW", pricePerView: "4,99", expirationDate: "01/01/2100" });
    assert.equal(changed.body.vodId, vod.vodId);
    assert.equal(changed.body.valueDate, vod.valueDate);
    assert.deepEqual((await api.get(path, { token: owner.access })).body, changed.body);

    // public "false" hides it; an absent public keeps the choice; an absent expirationDate clears it
    const hidden = await api.post(path, { licenseType: "CREATIVE_COMMONS", ccType: "BY_NC", public: "false" }, { token: owner.access });
    assertVodOf(hidden.body, item, { licenseType: "CREATIVE_COMMONS", ccType: "BY_NC", public: false });
    const kept = await api.post(path, { licenseType: "FREE" }, { token: owner.access });
    assertVodOf(kept.body, item, { licenseType: "FREE", public: false });

    assertValidation(await api.post(path, { licenseType: "CREATIVE_COMMONS" }, { token: owner.access }), path, [
      { field: "ccType", defaultMessage: "is required" },
    ]);
    assert.equal((await api.post(path, { licenseType: "FREE" }, { token: other.access })).status, 404);
    assert.deepEqual((await api.get(path, { token: owner.access })).body, kept.body, "refused updates changed nothing");
  });

  test("DELETE /api/vod/{vodId}: 204 without a body, then 404; another user's 404", async () => {
    const vod = await publish(api, owner.access, item.boxId);
    assert.equal((await api.delete(`/api/vod/${vod.vodId}`, { token: other.access })).status, 404);
    const res = await api.delete(`/api/vod/${vod.vodId}`, { token: owner.access });
    assert.equal(res.status, 204);
    assert.equal(res.text, "");
    assert.equal((await api.get(`/api/vod/${vod.vodId}`, { token: owner.access })).status, 404);
    assert.equal((await api.delete(`/api/vod/${vod.vodId}`, { token: owner.access })).status, 404);
  });

  test("vodCount counts a content's vods; its delete answers 409 with the exception until they are gone", async () => {
    const content = await readyItem(api, owner.access, { title: `Counted ${word}` });
    assert.equal(content.vodCount, 0);
    const first = await publish(api, owner.access, content.boxId);
    const second = await publish(api, owner.access, content.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: 1 });
    assert.equal((await api.get(`/api/box/${content.boxId}`, { token: owner.access })).body.vodCount, 2);
    const listed = await api.post("/api/search/box/contents", { queryString: `Counted ${word}` }, { token: owner.access });
    assert.equal(listed.body.items[0].vodCount, 2);

    const path = `/api/box/${content.boxId}`;
    const blocked = await api.delete(path, { token: owner.access });
    assertConflict(blocked, /published as 2 vod item\(s\): delete them first/, path, "DataIntegrityViolationException");
    assert.equal((await api.get(path, { token: owner.access })).status, 200, "the content is still there");
    assert.equal((await api.get(`/api/vod/${first.vodId}`, { token: owner.access })).status, 200);

    await api.delete(`/api/vod/${first.vodId}`, { token: owner.access });
    assert.equal((await api.get(path, { token: owner.access })).body.vodCount, 1);
    await api.delete(`/api/vod/${second.vodId}`, { token: owner.access });
    assert.equal((await api.delete(path, { token: owner.access })).status, 204);
  });
});

describe("POST /api/search/vod/contents", () => {
  test("the caller's vods only, private and expired ones included, newest first; public and conditions filter", async () => {
    const mine = await readyItem(api, owner.access, { title: `Searchable ${word} clip` });
    const free = await publish(api, owner.access, mine.boxId);
    const cc = await publish(api, owner.access, mine.boxId, { licenseType: "CREATIVE_COMMONS", ccType: "BY" });
    const ccSa = await publish(api, owner.access, mine.boxId, { licenseType: "CREATIVE_COMMONS", ccType: "BY_SA", public: false });
    const expired = await publish(api, owner.access, mine.boxId, {
      licenseType: "PAY_PER_VIEW",
      pricePerView: 3,
      expirationDate: "01/01/2001",
    });
    const search = (body: Record<string, unknown>, token = owner.access) =>
      api.post("/api/search/vod/contents", { queryString: `searchable ${word}`, ...body }, { token });

    const all = await search({});
    assert.deepEqual(vodIds(all), [expired.vodId, ccSa.vodId, cc.vodId, free.vodId]);
    assert.deepEqual({ ...all.body, items: undefined }, { pageSize: 10, pageIndex: 0, totalCount: 4, pageCount: 1, items: undefined });
    assert.equal(all.body.items[0].expirationDate, "01/01/2001");
    assert.equal(all.body.items[0].publisher, undefined);
    assert.deepEqual(vodIds(await search({ public: false })), [ccSa.vodId]);
    assert.deepEqual(vodIds(await search({ public: "true" })), [expired.vodId, cc.vodId, free.vodId]);
    assert.deepEqual(vodIds(await search({ conditions: { licenseType: "CREATIVE_COMMONS" } })), [ccSa.vodId, cc.vodId]);
    assert.deepEqual(vodIds(await search({ conditions: { licenseType: "CREATIVE_COMMONS", ccType: "BY" } })), [cc.vodId]);
    assert.deepEqual(vodIds(await search({ conditions: { licenseType: "pay_per_view" } })), [expired.vodId]);
    assert.deepEqual(vodIds(await search({ conditions: { licenseType: "CONTENT_BUNDLE", bundleId: randomUUID() } })), []);
    assert.deepEqual(vodIds(await search({ conditions: null, public: "" })), vodIds(all));
    // pages; a prefix; the content only (the owner's name is no content word)
    const page = await search({ pageSize: 3, pageIndex: 1 });
    assert.deepEqual(vodIds(page), [free.vodId]);
    assert.equal(page.body.pageCount, 2);
    const past = await search({ pageSize: 3, pageIndex: 5 });
    assert.deepEqual({ ...past.body }, { pageSize: 3, pageIndex: 5, totalCount: 4, pageCount: 2, items: [] });
    assert.equal((await search({ queryString: `searchable ${word.slice(0, 6)}*` })).body.totalCount, 4);
    assert.equal((await search({ queryString: `${owner.userCode} ${word}` })).body.totalCount, 0);
    assert.equal((await search({ tags: ["nope"] })).body.totalCount, 0);
    // another user sees none of them
    assert.equal((await search({}, other.access)).body.totalCount, 0);
  });

  test("publishing-condition rules: each is a 400 naming its field", async () => {
    const path = "/api/search/vod/contents";
    const cases: [unknown, string, string][] = [
      [{ ccType: "BY" }, "conditions.licenseType", "is required when ccType or bundleId is given"],
      [{ bundleId: randomUUID() }, "conditions.licenseType", "is required when ccType or bundleId is given"],
      [{ licenseType: "FREE", ccType: "BY" }, "conditions.ccType", "is allowed only with licenseType CREATIVE_COMMONS"],
      [{ licenseType: "FREE", bundleId: randomUUID() }, "conditions.bundleId", "is allowed only with licenseType CONTENT_BUNDLE"],
      [{ licenseType: "RENT" }, "conditions.licenseType", LICENSE_MESSAGE],
      [
        { licenseType: "CREATIVE_COMMONS", ccType: "XX" },
        "conditions.ccType",
        "must be one of BY, BY_SA, BY_ND, BY_NC, BY_NC_SA, BY_NC_ND",
      ],
    ];
    for (const [conditions, field, defaultMessage] of cases)
      assertValidation(await api.post(path, { conditions }, { token: owner.access }), path, [{ field, defaultMessage }]);
    assertValidation(await api.post(path, { public: "yes" }, { token: owner.access }), path, [
      { field: "public", defaultMessage: "must be of type boolean" },
    ]);
  });
});
