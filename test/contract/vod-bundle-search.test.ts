// The vod searches over the content bundle (interface: the query applies to the bundle's name,
// description and tags at boost 0.7 without a bundle filter), over real HTTP: a vod found by a word
// only its bundle has ranks below a title match and above a tag match; with conditions.bundleId the
// bundle's words count as fully as the title's; the words follow the bundle's edits, a vod joining
// or leaving the bundle, and the removal of its item. Public search (the word index), public search
// with userCode and private search (the owner's vectors) alike.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { publish, readyItem, uniqueWord, vodIds } from "./vod-fixtures";
import { createBundle, insert, items, remove, titlesOf } from "./bundle-fixtures";

let api: Api;
let publicToken: string;
let creator: TestUser;

before(async () => {
  ({ api } = await connect());
  publicToken = await api.publicToken();
  creator = await newUser(api);
});

/** The three searches' vodIds for one body: public, public with the creator's userCode, private. */
async function everySearch(body: Record<string, unknown>): Promise<string[][]> {
  const request = { pageSize: 20, pageIndex: 0, ...body };
  return [
    vodIds(await api.post("/api/public/search/vod/contents", request, { token: publicToken })),
    vodIds(await api.post("/api/public/search/vod/contents", { ...request, userCode: creator.userCode }, { token: publicToken })),
    vodIds(await api.post("/api/search/vod/contents", request, { token: creator.access })),
  ];
}

/** Every search finds `expected`, in that order. */
async function finds(body: Record<string, unknown>, expected: string[], message?: string): Promise<void> {
  const [pub, byUser, mine] = await everySearch(body);
  assert.deepEqual(pub, expected, `public: ${message ?? JSON.stringify(body)}`);
  assert.deepEqual(byUser, expected, `public with userCode: ${message ?? JSON.stringify(body)}`);
  assert.deepEqual(mine, expected, `private: ${message ?? JSON.stringify(body)}`);
}

describe("vod search over the bundle's words", () => {
  test("weight 0.7 without a bundle filter, 1 with it; follows renames, joins, leaves and removals", async () => {
    const w = uniqueWord("bw");
    const [titled, plain, tagged] = await Promise.all([
      readyItem(api, creator.access, { title: `Titled ${w}` }),
      readyItem(api, creator.access, { title: `Plain ${uniqueWord()}` }),
      readyItem(api, creator.access, { title: `Tagged ${uniqueWord()}`, tag: [w] }),
    ]);
    const b = await createBundle(api, creator, { name: `Collection ${w}` });
    // one insert each, oldest first: the title match is the oldest, the tag match the newest
    assert.equal((await insert(api, creator, b.bundleId, [titled.boxId], 0)).status, 200);
    assert.equal((await insert(api, creator, b.bundleId, [plain.boxId], 1)).status, 200);
    const [titleVod, bundleVod] = (await items(api, creator, b.bundleId)).body.items.map((i: { vodId: string }) => i.vodId);
    const tagVod = (await publish(api, creator.access, tagged.boxId)).vodId;

    // title 1 > bundle 0.7 > tag 0.4, whatever the dates; one word, a prefix (a range of the index), two words
    await finds({ queryString: w }, [titleVod, bundleVod, tagVod]);
    await finds({ queryString: `${w.slice(0, 7)}*` }, [titleVod, bundleVod, tagVod]);
    await finds({ queryString: `plain ${w}` }, [bundleVod], "a content word and a bundle word");
    // filtered on the bundle, its words count fully: ties, newest first
    const inBundle = { licenseType: "CONTENT_BUNDLE", bundleId: b.bundleId };
    await finds({ queryString: w, conditions: inBundle }, [bundleVod, titleVod]);
    await finds({ queryString: `${w.slice(0, 7)}*`, conditions: inBundle }, [bundleVod, titleVod]);

    // renamed, with tags and a description: the old name no longer finds the bundle-only vod
    const n = uniqueWord("bn");
    const t = uniqueWord("bt");
    const d = uniqueWord("bd");
    const updated = await api.post(
      `/api/contentbundle/${b.bundleId}`,
      { ...b, name: `Collection ${n}`, tags: [t], description: `About ${d}` },
      { token: creator.access },
    );
    assert.equal(updated.status, 200, updated.text);
    await finds({ queryString: w }, [titleVod, tagVod]);
    for (const word of [n, t, d]) await finds({ queryString: word }, [bundleVod, titleVod], `the bundle's new word ${word}`);

    // a vod that joins the bundle takes its words, one that leaves it drops them
    const joined = await api.post(`/api/vod/${tagVod}`, { licenseType: "CONTENT_BUNDLE", bundleId: b.bundleId }, { token: creator.access });
    assert.equal(joined.status, 200, joined.text);
    await finds({ queryString: n }, [tagVod, bundleVod, titleVod]);
    const left = await api.post(`/api/vod/${tagVod}`, { licenseType: "FREE" }, { token: creator.access });
    assert.equal(left.status, 200, left.text);
    await finds({ queryString: n }, [bundleVod, titleVod]);

    // a removed item's vod is unpublished: gone from every search
    assert.deepEqual(titlesOf(await remove(api, creator, b.bundleId, 1, 1)), [titled.title]);
    await finds({ queryString: n }, [titleVod]);
    await finds({ queryString: `plain ${n}` }, []);
  });
});
