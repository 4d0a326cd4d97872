// Content bundles over real HTTP, the creator's side: create, read (private and public), update,
// delete (409 with the supplement's exception while vods are in it), the private and public
// searches, and the ordered items: insert (publishes vods), move, remove with zero-based indexes and
// their edge cases, itemCount always the number of items, the vods of a bundle (CONTENT_BUNDLE
// publish and update, the `bundle` object, conditions.bundleId), and the box search's excludeBundleId.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { postMultipart, waitForItem, isFinal } from "./box-fixtures";
import { assertError, assertValidation, connect, ISO_INSTANT, newUser, UUID, type TestUser } from "./users-fixtures";
import { publish, uniqueWord, vodIds } from "./vod-fixtures";
import { createBundle, insert, items, move, readyItems, remove, titlesOf } from "./bundle-fixtures";

let api: Api;
let creator: TestUser;
let other: TestUser;
/** Four READY contents of the creator's box (a, b, c, d) and one of the other user's. */
let box: any[];
let foreign: any;
/** A content of the creator's that failed processing (not READY). */
let failed: any;

before(async () => {
  ({ api } = await connect());
  [creator, other] = [await newUser(api), await newUser(api)];
  [box, [foreign]] = await Promise.all([readyItems(api, creator, 4), readyItems(api, other, 1, "Foreign")]);
  const res = await postMultipart(
    api,
    "/api/box",
    creator.access,
    { title: "not media" },
    { filename: "x.mp4", data: Buffer.from("not media") },
  );
  assert.equal(res.status, 201, res.text);
  failed = await waitForItem(api, creator.access, res.body.boxId, isFinal);
  assert.equal(failed.status, "FAILED");
});

const title = (i: number) => box[i].title as string;

/** 409 DEPENDANTS in the error shape of supplement §4. */
function assertDependants(res: { status: number; body: any; text: string }, path: string, message: string): void {
  assert.equal(res.status, 409, res.text);
  const { timestamp, ...rest } = res.body;
  assert.match(timestamp, ISO_INSTANT);
  assert.deepEqual(rest, { status: 409, error: "Conflict", message, path, exception: "DataIntegrityViolationException" });
}

describe("create, read, update, delete", () => {
  test("201 with the bundle; private and public reads; money and enums as clients send them", async () => {
    const res = await api.post(
      "/api/contentbundle",
      {
        name: " Spring films ",
        price: "9.90",
        duration: "3",
        durationUnit: "days",
        description: "Three films",
        tags: ["spring", "film"],
        itemCount: 99,
        bundleId: "x",
      },
      { token: creator.access },
    );
    assert.equal(res.status, 201, res.text);
    const { bundleId, ...rest } = res.body;
    assert.match(bundleId, UUID);
    assert.deepEqual(rest, {
      name: "Spring films",
      description: "Three films",
      price: "9,90",
      duration: 3,
      durationUnit: "DAYS",
      itemCount: 0,
      tags: ["spring", "film"],
    });
    assert.deepEqual((await api.get(`/api/contentbundle/${bundleId}`, { token: creator.access })).body, res.body);
    const pub = await api.get(`/api/public/contentbundle/${bundleId}`, { token: await api.publicToken() });
    assert.equal(pub.status, 200, pub.text);
    assert.deepEqual(pub.body, { ...res.body, publisher: { userCode: creator.userCode, licenseExpired: false } });
    // another user's private read is a 404, as for a bundle that does not exist
    assertError(
      await api.get(`/api/contentbundle/${bundleId}`, { token: other.access }),
      404,
      "Content bundle not found",
      `/api/contentbundle/${bundleId}`,
    );
    assert.equal((await api.get(`/api/public/contentbundle/${randomUUID()}`, { token: other.access })).status, 404);
    assert.equal((await api.get(`/api/public/contentbundle/not-an-id`, { token: other.access })).status, 404);
    for (const price of [2.5, "2,50"]) {
      const b = await createBundle(api, creator, { price, durationUnit: "YEARS" });
      assert.equal(b.price, "2,50");
      assert.equal(b.durationUnit, "YEARS");
    }
  });

  test("each rule is a 400 naming its field", async () => {
    assertValidation(await api.post("/api/contentbundle", {}, { token: creator.access }), "/api/contentbundle", [
      { field: "name", defaultMessage: "is required" },
      { field: "price", defaultMessage: "is required" },
      { field: "duration", defaultMessage: "is required" },
      { field: "durationUnit", defaultMessage: "is required" },
    ]);
    assertValidation(
      await api.post(
        "/api/contentbundle",
        { name: "x", price: "0,00", duration: 0, durationUnit: "WEEKS", thumbnailId: randomUUID() },
        { token: creator.access },
      ),
      "/api/contentbundle",
      [
        { field: "price", defaultMessage: "must be an amount from 0,01 to 10000,00 with at most two decimals" },
        { field: "duration", defaultMessage: "must be at least 1" },
        { field: "durationUnit", defaultMessage: "must be one of DAYS, MONTHS, YEARS" },
      ],
    );
    assertValidation(
      await api.post(
        "/api/contentbundle",
        { name: "x", price: 1, duration: 1, durationUnit: "DAYS", thumbnailId: randomUUID() },
        { token: creator.access },
      ),
      "/api/contentbundle",
      [{ field: "thumbnailId", defaultMessage: "is not one of your thumbnails" }],
    );
    assert.equal((await api.post("/api/contentbundle", {}, { token: await api.publicToken() })).status, 403);
    assert.equal((await api.post("/api/contentbundle", {})).status, 401);
  });

  test("update posts back the object: fields change, absent optionals clear; another user's is a 404", async () => {
    const b = await createBundle(api, creator, { description: "old", tags: ["a"] });
    const res = await api.post(
      `/api/contentbundle/${b.bundleId}`,
      { ...b, description: undefined, tags: undefined, name: "Renamed", price: "1,25", duration: 2, durationUnit: "YEARS" },
      { token: creator.access },
    );
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { bundleId: b.bundleId, name: "Renamed", price: "1,25", duration: 2, durationUnit: "YEARS", itemCount: 0 });
    assert.equal((await api.post(`/api/contentbundle/${b.bundleId}`, b, { token: other.access })).status, 404);
    assert.equal((await api.get(`/api/contentbundle/${b.bundleId}`, { token: creator.access })).body.name, "Renamed");
  });

  test("delete: 204, then 404; another user's is a 404; a bundle with vods is a 409 until its items are removed", async () => {
    const empty = await createBundle(api, creator);
    assert.equal((await api.delete(`/api/contentbundle/${empty.bundleId}`, { token: other.access })).status, 404);
    assert.equal((await api.delete(`/api/contentbundle/${empty.bundleId}`, { token: creator.access })).status, 204);
    assert.equal((await api.delete(`/api/contentbundle/${empty.bundleId}`, { token: creator.access })).status, 404);

    const full = await createBundle(api, creator);
    assert.equal((await insert(api, creator, full.bundleId, [box[0].boxId], 0)).status, 200);
    const path = `/api/contentbundle/${full.bundleId}`;
    assertDependants(
      await api.delete(path, { token: creator.access }),
      path,
      "This bundle has 1 vod item(s) and 0 running subscription(s): remove its items and let its subscriptions end first",
    );
    assert.equal((await api.get(path, { token: creator.access })).body.itemCount, 1, "nothing deleted");
    assert.deepEqual(titlesOf(await remove(api, creator, full.bundleId, 0, 1)), []);
    assert.equal((await api.delete(path, { token: creator.access })).status, 204);
  });
});

describe("searches", () => {
  test("private: the caller's bundles, name above description, tags, prefix; public: with publisher, userCode, publisher words", async () => {
    const word = uniqueWord("bq");
    const named = await createBundle(api, creator, { name: `Named ${word}` });
    const described = await createBundle(api, creator, { description: `About ${word}`, tags: ["jazz"] });
    const theirs = await createBundle(api, other, { name: `Theirs ${word}` });
    const ids = (res: { status: number; body: any; text: string }) => {
      assert.equal(res.status, 200, res.text);
      return res.body.items.map((b: { bundleId: string }) => b.bundleId);
    };
    const mine = (body: Record<string, unknown>) => api.post("/api/search/contentbundles/", body, { token: creator.access });
    assert.deepEqual(ids(await mine({ queryString: word })), [named.bundleId, described.bundleId]);
    assert.deepEqual(ids(await mine({ queryString: `${word.slice(0, 6)}*` })), [named.bundleId, described.bundleId]);
    assert.deepEqual(ids(await mine({ queryString: word, tags: ["jazz"] })), [described.bundleId]);
    const page = await mine({ queryString: word, pageSize: 1, pageIndex: "1" });
    assert.deepEqual({ ...page.body, items: undefined }, { pageSize: 1, pageIndex: 1, totalCount: 2, pageCount: 2, items: undefined });
    assert.equal(page.body.items[0].publisher, undefined, "no publisher in the private search");

    const publicToken = await api.publicToken();
    const pub = (body: Record<string, unknown>) => api.post("/api/public/search/contentbundles", body, { token: publicToken });
    const found = await pub({ queryString: word });
    assert.equal(found.body.totalCount, 3);
    assert.deepEqual(found.body.items.find((b: { bundleId: string }) => b.bundleId === named.bundleId).publisher, {
      userCode: creator.userCode,
      licenseExpired: false,
    });
    assert.deepEqual(ids(await pub({ queryString: word, userCode: creator.userCode.toUpperCase() })), [named.bundleId, described.bundleId]);
    assert.deepEqual(ids(await pub({ queryString: word, userCode: "nobody-at-all" })), []);
    // the publisher's words find its bundles without a userCode filter (not with one: the document's boost applies without it)
    assert.deepEqual(ids(await pub({ queryString: `${other.userCode} ${word}` })), [theirs.bundleId]);
    assert.deepEqual(ids(await pub({ queryString: `${other.userCode} ${word}`, userCode: other.userCode })), []);
    // a match in the bundle's own name ranks above a match in its publisher's words only
    const named2 = await createBundle(api, other, { name: `${creator.userCode} film` });
    const ranked = ids(await pub({ queryString: creator.userCode, pageSize: 100 }));
    assert.equal(ranked[0], named2.bundleId);
    assert.ok(ranked.includes(named.bundleId) && ranked.includes(described.bundleId));
  });
});

describe("ordered items", () => {
  test("insert: first, last, middle, in the order given; 400 for index out of range; the items' shape; their vods", async () => {
    const b = await createBundle(api, creator);
    const r0 = await insert(api, creator, b.bundleId, [box[1].boxId], 0);
    assert.deepEqual(titlesOf(r0), [title(1)]);
    const item = r0.body.items[0];
    assert.match(item.itemCode, UUID);
    assert.match(item.vodId, UUID);
    const { itemCode: _c, vodId: _v, ...content } = item;
    assert.deepEqual(content, {
      boxId: box[1].boxId,
      contentId: box[1].contentId,
      resourceId: box[1].resourceId,
      title: title(1),
      duration: box[1].duration,
    });
    assert.deepEqual(r0.body.bundle, { ...b, itemCount: 1 });
    assert.deepEqual(
      titlesOf(await insert(api, creator, b.bundleId, [box[3].boxId], 1)),
      [title(1), title(3)],
      "at the end (index = count)",
    );
    assert.deepEqual(titlesOf(await insert(api, creator, b.bundleId, [box[0].boxId], 0)), [title(0), title(1), title(3)], "first");
    assert.deepEqual(
      titlesOf(await insert(api, creator, b.bundleId, [box[2].boxId], 2)),
      [title(0), title(1), title(2), title(3)],
      "middle",
    );

    const path = `/api/contentbundle/${b.bundleId}/items/insert`;
    const other2 = await createBundle(api, creator);
    assertValidation(await insert(api, creator, other2.bundleId, [box[0].boxId], 1), `/api/contentbundle/${other2.bundleId}/items/insert`, [
      { field: "index", defaultMessage: "must be from 0 to 0" },
    ]);
    assertValidation(await insert(api, creator, b.bundleId, [box[0].boxId], 5), path, [
      { field: "index", defaultMessage: "must be from 0 to 4" },
    ]);
    assertValidation(await insert(api, creator, b.bundleId, [box[0].boxId], -1), path, [
      { field: "index", defaultMessage: "must be at least 0" },
    ]);
    assertValidation(await api.post(path, { index: 0 }, { token: creator.access }), path, [
      { field: "sourceItems", defaultMessage: "is required" },
    ]);
    assertValidation(await api.post(path, { sourceItems: [{ boxId: box[0].boxId }] }, { token: creator.access }), path, [
      { field: "index", defaultMessage: "is required" },
    ]);

    // each item is a public CONTENT_BUNDLE vod carrying its bundle
    const listed = await items(api, creator, b.bundleId);
    const vod = await api.get(`/api/vod/${listed.body.items[2].vodId}`, { token: creator.access });
    assert.equal(vod.status, 200, vod.text);
    assert.equal(vod.body.licenseType, "CONTENT_BUNDLE");
    assert.equal(vod.body.public, true);
    assert.deepEqual(vod.body.bundle, { ...b, itemCount: 4 });
    const pubVod = await api.get(`/api/public/vod/${listed.body.items[2].vodId}`, { token: await api.publicToken() });
    assert.deepEqual(pubVod.body.bundle, { ...b, itemCount: 4 }, "the bundle object has no publisher of its own");
    assert.equal((await api.get(`/api/box/${box[2].boxId}`, { token: creator.access })).body.vodCount >= 1, true);
  });

  test("insert refuses another user's, a missing, a not READY, an already present or a repeated content: 400 per field, nothing added", async () => {
    const b = await createBundle(api, creator);
    assert.equal((await insert(api, creator, b.bundleId, [box[0].boxId], 0)).status, 200);
    const path = `/api/contentbundle/${b.bundleId}/items/insert`;
    assertValidation(
      await insert(
        api,
        creator,
        b.bundleId,
        [box[1].boxId, foreign.boxId, randomUUID(), "junk", failed.boxId, box[0].boxId, box[1].boxId],
        1,
      ),
      path,
      [
        { field: "sourceItems.1.boxId", defaultMessage: "is not a content of your box" },
        { field: "sourceItems.2.boxId", defaultMessage: "is not a content of your box" },
        { field: "sourceItems.3.boxId", defaultMessage: "is not a content of your box" },
        { field: "sourceItems.4.boxId", defaultMessage: "is not READY: add it once it is processed" },
        { field: "sourceItems.5.boxId", defaultMessage: "is already in this bundle" },
        { field: "sourceItems.6.boxId", defaultMessage: "is already in this bundle" },
      ],
    );
    assert.deepEqual(titlesOf(await items(api, creator, b.bundleId)), [title(0)], "nothing was added, box[1] neither");
    // another user's bundle: 404, as for one that does not exist
    assert.equal((await insert(api, other, b.bundleId, [foreign.boxId], 0)).status, 404);
    assert.equal((await move(api, other, b.bundleId, 0, 1)).status, 404);
    assert.equal((await remove(api, other, b.bundleId, 0, 1)).status, 404);
    assert.equal((await items(api, other, b.bundleId)).status, 404);
  });

  test("move: first to last, last to first, no-ops, out of range; a long series keeps the order (sparse positions renumbered)", async () => {
    const b = await createBundle(api, creator);
    assert.equal(
      (
        await insert(
          api,
          creator,
          b.bundleId,
          box.map((i) => i.boxId),
          0,
        )
      ).status,
      200,
    );
    const model = [0, 1, 2, 3].map(title);
    const apply = (from: number, to: number) => {
      const [moved] = model.splice(from, 1);
      model.splice(to > from ? to - 1 : to, 0, moved!);
    };
    const check = async (from: number, to: number) => {
      apply(from, to);
      assert.deepEqual(titlesOf(await move(api, creator, b.bundleId, from, to)), model, `move ${from} -> ${to}`);
      assert.deepEqual(titlesOf(await items(api, creator, b.bundleId)), model, `move ${from} -> ${to}, read again`);
    };
    await check(0, 4); // first to the end
    await check(3, 0); // last to first
    await check(1, 1); // no-op
    await check(1, 2); // no-op: before the next one is where it is
    await check(2, 1);
    // the same gap again and again: each move halves it until the bundle is renumbered
    for (let i = 0; i < 14; i++) await check(3, 1);
    for (let i = 0; i < 12; i++) await check(0, 2);
    for (let i = 0; i < 12; i++) await check(3, 0);
    const path = `/api/contentbundle/${b.bundleId}/items/move`;
    assertValidation(await move(api, creator, b.bundleId, 4, 0), path, [{ field: "fromIndex", defaultMessage: "must be from 0 to 3" }]);
    assertValidation(await move(api, creator, b.bundleId, 0, 5), path, [{ field: "toIndex", defaultMessage: "must be from 0 to 4" }]);
    assertValidation(await api.post(path, {}, { token: creator.access }), path, [
      { field: "fromIndex", defaultMessage: "is required" },
      { field: "toIndex", defaultMessage: "is required" },
    ]);
    assert.deepEqual(titlesOf(await items(api, creator, b.bundleId)), model, "the refused moves changed nothing");
  });

  test("concurrent moves are applied one after another (none lost, none computed from a stale order)", async () => {
    const b = await createBundle(api, creator);
    const boxIds = box.map((i) => i.boxId);
    assert.equal((await insert(api, creator, b.bundleId, boxIds, 0)).status, 200);
    // the last item to the front, six times at once: whatever order they run in, the bundle turns by six
    const answers = await Promise.all(Array.from({ length: 6 }, () => move(api, creator, b.bundleId, 3, 0)));
    for (const res of answers) assert.equal(res.status, 200, res.text);
    const turned = [2, 3, 0, 1].map(title);
    assert.deepEqual(titlesOf(await items(api, creator, b.bundleId)), turned);
  });

  test("remove: first, last, count past the end, out of range; the vods are unpublished, the contents stay", async () => {
    const b = await createBundle(api, creator);
    const all = await insert(
      api,
      creator,
      b.bundleId,
      box.map((i) => i.boxId),
      0,
    );
    const vodOf = all.body.items.map((i: { vodId: string }) => i.vodId);
    const path = `/api/contentbundle/${b.bundleId}/items/remove`;
    assert.deepEqual(titlesOf(await remove(api, creator, b.bundleId, 0, 1)), [title(1), title(2), title(3)], "first");
    assert.equal((await api.get(`/api/vod/${vodOf[0]}`, { token: creator.access })).status, 404, "its vod is unpublished");
    assert.equal((await api.get(`/api/box/${box[0].boxId}`, { token: creator.access })).status, 200, "its content stays");
    assert.deepEqual(titlesOf(await remove(api, creator, b.bundleId, 2, 1)), [title(1), title(2)], "last");
    assertValidation(await remove(api, creator, b.bundleId, 2, 1), path, [{ field: "index", defaultMessage: "must be from 0 to 1" }]);
    assertValidation(await remove(api, creator, b.bundleId, 0, 0), path, [{ field: "count", defaultMessage: "must be at least 1" }]);
    assert.deepEqual(titlesOf(await remove(api, creator, b.bundleId, 1, 50)), [title(1)], "a count past the end removes to the end");
    assert.deepEqual(titlesOf(await remove(api, creator, b.bundleId, 0, 1)), []);
    assertValidation(await remove(api, creator, b.bundleId, 0, 1), path, [
      { field: "index", defaultMessage: "is out of range: the bundle has no items" },
    ]);
    assert.equal((await api.get(`/api/contentbundle/${b.bundleId}`, { token: creator.access })).body.itemCount, 0);
  });

  test("public items: the visible ones in order with the publisher; the owner sees all; a private vod leaves the public view", async () => {
    const b = await createBundle(api, creator);
    const all = await insert(api, creator, b.bundleId, [box[0].boxId, box[1].boxId, box[2].boxId], 0);
    const hidden = all.body.items[1];
    const upd = await api.post(
      `/api/vod/${hidden.vodId}`,
      { licenseType: "CONTENT_BUNDLE", bundleId: b.bundleId, public: false },
      { token: creator.access },
    );
    assert.equal(upd.status, 200, upd.text);
    assert.deepEqual(titlesOf(await items(api, creator, b.bundleId)), [title(0), title(1), title(2)], "the update kept its place");

    const pub = await api.get(`/api/public/contentbundle/${b.bundleId}/items`, { token: await api.publicToken() });
    assert.deepEqual(titlesOf(pub), [title(0), title(2)]);
    assert.deepEqual(pub.body.bundle.publisher, { userCode: creator.userCode, licenseExpired: false });
    assert.equal((await api.get(`/api/public/contentbundle/${b.bundleId}`, { token: other.access })).body.itemCount, 2);
    assert.deepEqual(titlesOf(await api.get(`/api/public/contentbundle/${b.bundleId}/items`, { token: creator.access })), [
      title(0),
      title(1),
      title(2),
    ]);
  });

  test("vods of a bundle: publish with CONTENT_BUNDLE joins the end; update away leaves it; refusals on bundleId; conditions and excludeBundleId", async () => {
    const b = await createBundle(api, creator);
    const theirs = await createBundle(api, other);
    assert.equal((await insert(api, creator, b.bundleId, [box[2].boxId], 0)).status, 200);
    const joined = await publish(api, creator.access, box[0].boxId, { licenseType: "content_bundle", bundleId: b.bundleId.toUpperCase() });
    assert.equal(joined.licenseType, "CONTENT_BUNDLE");
    assert.deepEqual(joined.bundle, { ...b, itemCount: 2 });
    assert.deepEqual(titlesOf(await items(api, creator, b.bundleId)), [title(2), title(0)], "a published vod joins the end");

    const path = `/api/box/${box[0].boxId}/vod`;
    assertValidation(await api.post(path, { licenseType: "CONTENT_BUNDLE", bundleId: b.bundleId }, { token: creator.access }), path, [
      { field: "bundleId", defaultMessage: "already holds this content" },
    ]);
    assertValidation(await api.post(path, { licenseType: "CONTENT_BUNDLE", bundleId: theirs.bundleId }, { token: creator.access }), path, [
      { field: "bundleId", defaultMessage: "is not one of your bundles" },
    ]);

    // the vod searches filter on the bundle
    const search = (body: Record<string, unknown>) =>
      api.post("/api/search/vod/contents", { pageSize: 50, ...body }, { token: creator.access });
    const inBundle = vodIds(await search({ conditions: { licenseType: "CONTENT_BUNDLE", bundleId: b.bundleId } }));
    assert.equal(inBundle.length, 2);
    assert.ok(inBundle.includes(joined.vodId));
    const publicIds = vodIds(
      await api.post(
        "/api/public/search/vod/contents",
        { pageSize: 50, userCode: creator.userCode, conditions: { licenseType: "CONTENT_BUNDLE", bundleId: b.bundleId } },
        { token: await api.publicToken() },
      ),
    );
    assert.deepEqual([...publicIds].sort(), [...inBundle].sort());
    const listed = await api.post(
      "/api/public/search/vod/contents",
      { userCode: creator.userCode, conditions: { licenseType: "CONTENT_BUNDLE", bundleId: b.bundleId } },
      { token: other.access },
    );
    assert.deepEqual(listed.body.items[0].bundle, { ...b, itemCount: 2 });

    // the box search leaves the bundle's contents out
    const boxIds = async (excludeBundleId: string) => {
      const res = await api.post("/api/search/box/contents", { pageSize: 50, excludeBundleId }, { token: creator.access });
      assert.equal(res.status, 200, res.text);
      return res.body.items.map((i: { boxId: string }) => i.boxId);
    };
    const remaining = await boxIds(b.bundleId);
    assert.ok(!remaining.includes(box[0].boxId) && !remaining.includes(box[2].boxId));
    assert.ok(remaining.includes(box[1].boxId) && remaining.includes(box[3].boxId) && remaining.includes(failed.boxId));

    // published under another license, the vod leaves the bundle; back under it, it joins the end again
    const free = await api.post(`/api/vod/${joined.vodId}`, { licenseType: "FREE" }, { token: creator.access });
    assert.equal(free.status, 200, free.text);
    assert.equal(free.body.bundle, undefined);
    assert.deepEqual(titlesOf(await items(api, creator, b.bundleId)), [title(2)]);
    assert.ok((await boxIds(b.bundleId)).includes(box[0].boxId));
    assert.equal((await insert(api, creator, b.bundleId, [box[1].boxId], 0)).status, 200);
    const back = await api.post(
      `/api/vod/${joined.vodId}`,
      { licenseType: "CONTENT_BUNDLE", bundleId: b.bundleId },
      { token: creator.access },
    );
    assert.equal(back.status, 200, back.text);
    assert.deepEqual(titlesOf(await items(api, creator, b.bundleId)), [title(1), title(2), title(0)]);
    // deleting the vod removes its item
    assert.equal((await api.delete(`/api/vod/${joined.vodId}`, { token: creator.access })).status, 204);
    assert.deepEqual(titlesOf(await items(api, creator, b.bundleId)), [title(1), title(2)]);
  });
});
