// Box items over real HTTP on the shared server: read, update, delete (files and quota released),
// search (weights, prefix, filters, order, pages), download tokens (single use, bound to content and
// owner) and the download itself, the progress bar of an unknown id; another user's item is a 404.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { before, describe, test } from "node:test";
import sharp from "sharp";
import type { Api } from "../support/api";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import { sharedKinora } from "../support/server";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { itemFiles, postMultipart, sleep, uploadFile, waitForItem, isFinal } from "./box-fixtures";

let api: Api;
let dataDir: string;
let clip: string;
before(async () => {
  ({ api } = await connect());
  dataDir = (await sharedKinora()).dataDir;
  clip = makeH264AacMp4(makeMediaDir(), { durationSeconds: 1, width: 160, height: 90, name: "tiny clip.mp4" });
});

const tiny = (title: string, extra: Record<string, string | string[]> = {}) => ({ title, ...extra });
const notMedia = { filename: "notes.mp4", data: Buffer.from("plain text standing in for a video") };

async function put(u: TestUser, title: string, extra: Record<string, string | string[]> = {}): Promise<any> {
  const res = await postMultipart(api, "/api/box", u.access, tiny(title, extra), notMedia);
  assert.equal(res.status, 201, res.text);
  return res.body;
}

describe("GET /api/box/{boxId}", () => {
  test("the owner reads the item; another user, an unknown and a malformed id get 404", async () => {
    const [a, b] = [await newUser(api), await newUser(api)];
    const item = await put(a, "Mine", { description: "d", tag: ["x"] });
    const mine = await api.get(`/api/box/${item.boxId}/`, { token: a.access }); // trailing slash as some clients send
    assert.equal(mine.status, 200, mine.text);
    assert.equal(mine.body.boxId, item.boxId);
    assert.deepEqual(mine.body.tags, ["x"]);
    for (const [token, id] of [
      [b.access, item.boxId],
      [a.access, "6f1c0c1e-8d0a-4a53-9f51-0e0c6b5b7a11"],
      [a.access, "not-an-id"],
    ] as const) {
      const res = await api.get(`/api/box/${id}`, { token });
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.message, "Box content not found");
    }
  });
});

describe("POST /api/box/{boxId}", () => {
  test("replaces title, description, tags and thumbnail; read-only fields in the body are ignored", async () => {
    const u = await newUser(api);
    const item = await put(u, "Before", { description: "old", tag: ["a", "b"] });
    const thumb = await postMultipart(
      api,
      "/api/thumbnail",
      u.access,
      {},
      { name: "thumbnail", filename: "t.png", contentType: "image/png", data: png() },
    );
    assert.equal(thumb.status, 201, thumb.text);
    const res = await api.post(
      `/api/box/${item.boxId}`,
      {
        ...item,
        title: "After",
        description: "new",
        tags: ["c"],
        thumbnailId: thumb.body.thumbnailId,
        contentId: "hacked",
        status: "READY",
        vodCount: 9,
      },
      { token: u.access },
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.title, "After");
    assert.equal(res.body.description, "new");
    assert.deepEqual(res.body.tags, ["c"]);
    assert.equal(res.body.thumbnailId, thumb.body.thumbnailId);
    assert.equal(res.body.contentId, item.contentId);
    assert.equal(res.body.vodCount, 0);
    // absent optionals are cleared (clients post back what they read, empty optionals left out)
    const cleared = await api.post(`/api/box/${item.boxId}`, { title: "Only title" }, { token: u.access });
    assert.equal(cleared.status, 200, cleared.text);
    assert.equal(cleared.body.description, undefined);
    assert.equal(cleared.body.tags, undefined);
  });

  test("400 with errors[]: title required, a thumbnail that is not the caller's; 404 for another user's item", async () => {
    const [u, other] = [await newUser(api), await newUser(api)];
    const item = await put(u, "T");
    const theirs = await postMultipart(
      api,
      "/api/thumbnail",
      other.access,
      {},
      { name: "thumbnail", filename: "t.png", contentType: "image/png", data: png() },
    );
    const res = await api.post(`/api/box/${item.boxId}`, { title: " ", thumbnailId: theirs.body.thumbnailId }, { token: u.access });
    assert.equal(res.status, 400, res.text);
    assert.deepEqual(res.body.errors, [{ field: "title", defaultMessage: "is required" }]);
    const foreign = await api.post(`/api/box/${item.boxId}`, { title: "x", thumbnailId: theirs.body.thumbnailId }, { token: u.access });
    assert.equal(foreign.status, 400, foreign.text);
    assert.deepEqual(foreign.body.errors, [{ field: "thumbnailId", defaultMessage: "is not one of your thumbnails" }]);
    const notMine = await api.post(`/api/box/${item.boxId}`, { title: "x" }, { token: other.access });
    assert.equal(notMine.status, 404, notMine.text);
  });
});

describe("DELETE /api/box/{boxId}", () => {
  test("204; the item and its files are gone; a second delete and another user's get 404", async () => {
    const u = await newUser(api);
    const other = await newUser(api);
    const res = await uploadFile(api, u.access, clip);
    assert.equal(res.status, 201, res.text);
    const item = await waitForItem(api, u.access, res.body.boxId, isFinal);
    assert.equal(item.status, "READY", JSON.stringify(item));
    assert.ok(itemFiles(dataDir, item.boxId).length > 3, "original, renditions, poster");
    assert.equal((await api.get("/api/user/me/overview", { token: u.access })).body.videosCount, 1);
    assert.equal((await api.delete(`/api/box/${item.boxId}`, { token: other.access })).status, 404);
    const del = await api.delete(`/api/box/${item.boxId}`, { token: u.access });
    assert.equal(del.status, 204, del.text);
    assert.equal(del.text, "");
    assert.equal((await api.get(`/api/box/${item.boxId}`, { token: u.access })).status, 404);
    assert.equal((await api.delete(`/api/box/${item.boxId}`, { token: u.access })).status, 404);
    assert.deepEqual(itemFiles(dataDir, item.boxId), []);
    // the quota charge itself (bytes, shown in GB) is checked in box-upload.test.ts
    assert.equal((await api.get("/api/user/me/overview", { token: u.access })).body.videosCount, 0);
  });
});

describe("POST /api/search/box/contents", () => {
  test("title, tags and description with weights, `*` prefix, tags and source filters, relevance then newest", async () => {
    const u = await newUser(api);
    const inDesc = await put(u, "Evening", { description: "a walk by the lighthouse" });
    const inTitle = await put(u, "Lighthouse at dawn");
    const inTag = await put(u, "Harbour", { tag: ["lighthouse", "sea"] });
    await put(u, "Mountains", { tag: ["sea"] });
    const search = (body: Record<string, unknown>) => api.post("/api/search/box/contents", body, { token: u.access });
    const ids = (res: { body: any }) => res.body.items.map((i: any) => i.boxId);

    const byRelevance = await search({ pageSize: 10, pageIndex: 0, queryString: "lighthouse" });
    assert.equal(byRelevance.status, 200, byRelevance.text);
    assert.deepEqual(ids(byRelevance), [inTitle.boxId, inTag.boxId, inDesc.boxId]);
    assert.equal(byRelevance.body.totalCount, 3);

    const prefix = await search({ queryString: "lightho*" });
    assert.equal(prefix.body.totalCount, 3);
    assert.equal((await search({ queryString: "lightho" })).body.totalCount, 0);

    const tagged = await search({ tags: ["sea"] });
    assert.equal(tagged.body.totalCount, 2);
    const newestFirst = await search({ pageSize: 2, pageIndex: 1 });
    assert.deepEqual(
      {
        pageSize: newestFirst.body.pageSize,
        pageIndex: newestFirst.body.pageIndex,
        totalCount: newestFirst.body.totalCount,
        pageCount: newestFirst.body.pageCount,
      },
      { pageSize: 2, pageIndex: 1, totalCount: 4, pageCount: 2 },
    );
    assert.deepEqual(ids(newestFirst), [inTitle.boxId, inDesc.boxId]);
    assert.equal((await search({ source: "MARKETPLACE" })).body.totalCount, 0);
    assert.equal((await search({ source: "UPLOAD", excludeBundleId: "6f1c0c1e-8d0a-4a53-9f51-0e0c6b5b7a11" })).body.totalCount, 4);
    // only the caller's box
    const stranger = await newUser(api);
    assert.equal(
      (await api.post("/api/search/box/contents", { queryString: "lighthouse" }, { token: stranger.access })).body.totalCount,
      0,
    );
    const bad = await search({ source: "ELSEWHERE" });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(bad.body.errors[0].field, "source");
  });
});

describe("download", () => {
  test("a token downloads the original once, as an attachment with its name and type", async () => {
    const u = await newUser(api);
    const up = await uploadFile(api, u.access, clip);
    assert.equal(up.status, 201, up.text);
    const issued = await api.get(`/api/content/${encodeURIComponent(up.body.contentId)}/download`, { token: u.access });
    assert.equal(issued.status, 200, issued.text);
    assert.deepEqual(Object.keys(issued.body), ["token"]);
    assert.ok(issued.body.token.length >= 43);
    const url = `${api.url}/download/content/${encodeURIComponent(up.body.contentId)}?token=${issued.body.token}`;
    const res = await fetch(url);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("content-type"), "video/mp4");
    assert.equal(res.headers.get("content-disposition"), `attachment; filename="tiny clip.mp4"; filename*=UTF-8''tiny%20clip.mp4`);
    assert.match(res.headers.get("cache-control") ?? "", /no-store/);
    assert.ok(Buffer.from(await res.arrayBuffer()).equals(readFileSync(clip)));
    const again = await fetch(url);
    assert.equal(again.status, 404);
    assert.equal(((await again.json()) as { message: string }).message, "The download link is invalid, already used or expired");
  });

  test("a token works only for its content; tokens only for the caller's contents; bad tokens 404", async () => {
    const [u, other] = [await newUser(api), await newUser(api)];
    const a = await put(u, "A");
    const b = await put(u, "B");
    const issued = await api.get(`/api/content/${encodeURIComponent(a.contentId)}/download`, { token: u.access });
    const wrongContent = await fetch(`${api.url}/download/content/${encodeURIComponent(b.contentId)}?token=${issued.body.token}`);
    assert.equal(wrongContent.status, 404);
    // the attempt on the wrong content did not spend it
    const right = await fetch(`${api.url}/download/content/${encodeURIComponent(a.contentId)}?token=${issued.body.token}`);
    assert.equal(right.status, 200);
    await right.arrayBuffer();
    const foreign = await api.get(`/api/content/${encodeURIComponent(a.contentId)}/download`, { token: other.access });
    assert.equal(foreign.status, 404, foreign.text);
    assert.equal((await fetch(`${api.url}/download/content/${encodeURIComponent(a.contentId)}?token=nope`)).status, 404);
    const missing = await fetch(`${api.url}/download/content/${encodeURIComponent(a.contentId)}`);
    assert.equal(missing.status, 400);
  });
});

describe("GET /api/progressbar/{id}", () => {
  test("an id not seen yet reads 0; an invalid id is a 400", async () => {
    const u = await newUser(api);
    const res = await api.get("/api/progressbar/never-used", { token: u.access });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { value: 0 });
    const bad = await api.get(`/api/progressbar/${"x".repeat(101)}`, { token: u.access });
    assert.equal(bad.status, 400, bad.text);
    await sleep(0);
  });
});

/** A small PNG made by sharp (a dependency of the product). */
let pngBytes: Buffer;
before(async () => {
  pngBytes = await sharp({ create: { width: 64, height: 36, channels: 3, background: "#c00" } })
    .png()
    .toBuffer();
});
const png = () => pngBytes;
