// POST /api/box over real HTTP on a server of its own (its storage directory is inspected, and its
// database is patched for license states the API cannot reach): the item's shape, fields before or
// after the file, validation, the license limits (413 with and without Content-Length, 403 for
// uploads, storage, an expired license, and two parallel uploads racing for the last space), the
// progress bar of a slow upload, an interrupted upload leaving nothing, and the download token.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { Api } from "../support/api";
import { withDatabase } from "../support/database";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import { ALL_ROLES, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { newUser, type TestUser } from "./users-fixtures";
import {
  UUID,
  isFinal,
  itemFiles,
  pendingUploadFiles,
  postMultipart,
  sleep,
  storageFiles,
  streamUpload,
  today,
  uploadFile,
  waitForItem,
} from "./box-fixtures";
import { readFileSync } from "node:fs";

const MB = 1024 * 1024;
let server: Kinora;
let ownDb: { url: string; drop(): Promise<void> } | undefined;
let api: Api;
let clip: string;
let clipBytes: Buffer;
// users whose license is patched in the database before the server (re)starts
let owner: TestUser;
let expired: TestUser;
let nearlyFull: TestUser;
let racer: TestUser;
let tokenUser: TestUser;
let expiredDownload: { contentId: string; token: string };

const serverEnv = () => ({ ...(ownDb ? { DATABASE_URL: ownDb.url, ...ALL_ROLES } : {}) });

before(async () => {
  ownDb = process.env.DATABASE_URL ? await preparePostgres() : undefined;
  server = await startKinora(serverEnv());
  api = new Api(server.url);
  const dir = makeMediaDir();
  clip = makeH264AacMp4(dir, { durationSeconds: 2, width: 320, height: 180 });
  clipBytes = readFileSync(clip);
  [owner, expired, nearlyFull, racer, tokenUser] = await Promise.all([
    newUser(api),
    newUser(api),
    newUser(api),
    newUser(api),
    newUser(api),
  ]);
  const up = await uploadFile(api, tokenUser.access, clip);
  assert.equal(up.status, 201, up.text);
  const issued = await api.get(`/api/content/${encodeURIComponent(up.body.contentId)}/download`, { token: tokenUser.access });
  assert.equal(issued.status, 200, issued.text);
  expiredDownload = { contentId: up.body.contentId, token: issued.body.token };
  // States no API reaches yet: an expired paid license, a storage quota nearly used up, a token past its time.
  if (!ownDb) await server.stop();
  await withDatabase({ dataDir: server.dataDir, databaseUrl: ownDb?.url }, async (sql) => {
    await sql(`UPDATE "User" SET "licenseId" = 2, "licenseExpiresAt" = now() - interval '1 day' WHERE "userCode" = $1`, [expired.userCode]);
    await sql(`UPDATE "User" SET "storageUsedBytes" = 1073741824 - 1000 WHERE "userCode" = $1`, [nearlyFull.userCode]);
    // room for one clip of the race, not two
    await sql(`UPDATE "User" SET "storageUsedBytes" = 1073741824 - $2::bigint WHERE "userCode" = $1`, [
      racer.userCode,
      Math.floor(clipBytes.length * 1.5),
    ]);
    await sql(`UPDATE "DownloadToken" SET "expiresAt" = now() - interval '1 second'`);
  });
  if (!ownDb) {
    server = await startKinora({ ...serverEnv(), DATA_DIR: server.dataDir });
    api = new Api(server.url);
  }
});

after(async () => {
  await server?.stop();
  await ownDb?.drop();
});

const overview = async (u: TestUser) => (await api.get("/api/user/me/overview", { token: u.access })).body;
const boxCount = async (u: TestUser) =>
  (await api.post("/api/search/box/contents", { pageSize: 1, pageIndex: 0 }, { token: u.access })).body.totalCount;

describe("POST /api/box", () => {
  test("201 with the PROCESSING item; fields after the file; tags repeated; contentId generated", async () => {
    const res = await uploadFile(
      api,
      owner.access,
      clip,
      { title: "Holiday", description: "At the sea", tag: ["sea", "summer"] },
      { fileFirst: true },
    );
    assert.equal(res.status, 201, res.text);
    const item = res.body;
    assert.match(item.boxId, UUID);
    assert.equal(item.contentId, `urn:kinora:content:${item.boxId}`);
    assert.match(item.resourceId, UUID);
    assert.deepEqual(
      { ...item, boxId: undefined, contentId: undefined, resourceId: undefined },
      {
        boxId: undefined,
        contentId: undefined,
        resourceId: undefined,
        title: "Holiday",
        description: "At the sea",
        duration: "0:00",
        tags: ["sea", "summer"],
        source: "UPLOAD",
        valueDate: today(),
        status: "PROCESSING",
        vodCount: 0,
        progress: 0,
      },
    );
    const read = await api.get(`/api/box/${item.boxId}`, { token: owner.access });
    assert.equal(read.status, 200, read.text);
    assert.equal(read.body.title, "Holiday");
    // the original is stored under the item's prefix
    assert.ok(itemFiles(server.dataDir, item.boxId).some((f) => f.endsWith("/original")));
  });

  test("contentIdentifier is kept when unique; taken again -> 400 field error", async () => {
    const cid = `my-clip-${Date.now()}`;
    const first = await uploadFile(api, owner.access, clip, { title: "A", contentIdentifier: cid });
    assert.equal(first.status, 201, first.text);
    assert.equal(first.body.contentId, cid);
    const files = pendingUploadFiles(server.dataDir).length;
    const uploads = storageFiles(server.dataDir, "tmp/uploads");
    const second = await uploadFile(api, owner.access, clip, { title: "B", contentIdentifier: cid });
    assert.equal(second.status, 400, second.text);
    assert.equal(second.body.error, "Bad Request");
    assert.deepEqual(second.body.errors, [{ field: "contentIdentifier", defaultMessage: "is already used by another content" }]);
    assert.deepEqual(storageFiles(server.dataDir, "tmp/uploads"), uploads, "the refused upload's file is removed");
    // the store's write area: the first item's ingest writes through it meanwhile, so wait for it to settle
    const deadline = Date.now() + 10_000;
    while (pendingUploadFiles(server.dataDir).length > files && Date.now() < deadline) await sleep(100);
    assert.ok(pendingUploadFiles(server.dataDir).length <= files, "no partial write of the refused upload remains");
  });

  test("validation: title and file required, thumbnailId must be the caller's, all in errors[]", async () => {
    const noTitle = await uploadFile(api, owner.access, clip, { title: "" });
    assert.equal(noTitle.status, 400, noTitle.text);
    assert.deepEqual(noTitle.body.errors, [{ field: "title", defaultMessage: "is required" }]);
    const noFile = await postMultipart(api, "/api/box", owner.access, { title: "No file" });
    assert.equal(noFile.status, 400, noFile.text);
    assert.deepEqual(noFile.body.errors, [{ field: "file", defaultMessage: "is required" }]);
    const foreign = await uploadFile(api, owner.access, clip, { title: "T", thumbnailId: "6f1c0c1e-8d0a-4a53-9f51-0e0c6b5b7a11" });
    assert.equal(foreign.status, 400, foreign.text);
    assert.deepEqual(foreign.body.errors, [{ field: "thumbnailId", defaultMessage: "is not one of your thumbnails" }]);
    const notMultipart = await api.post("/api/box", { title: "json" }, { token: owner.access });
    assert.equal(notMultipart.status, 400, notMultipart.text);
    assert.match(notMultipart.body.message, /multipart/);
  });

  test("no token -> 401; a public token -> 403", async () => {
    const anonymous = await postMultipart(api, "/api/box", undefined, { title: "x" }, { filename: "a.mp4", data: clipBytes });
    assert.equal(anonymous.status, 401);
    const pub = await postMultipart(api, "/api/box", await api.publicToken(), { title: "x" }, { filename: "a.mp4", data: clipBytes });
    assert.equal(pub.status, 403);
    assert.equal(pub.body.error, "access_denied");
  });

  test("413 at once when Content-Length announces more than maxVideoSize (the body is not read)", async () => {
    const { upload, head } = streamUpload(server.url, owner.access, { fields: { title: "Too big" }, contentLength: 600 * MB });
    await upload.write(head);
    const started = Date.now();
    const res = await upload.done;
    upload.abort();
    assert.equal(res.status, 413, JSON.stringify(res));
    assert.equal(res.body.error, "Payload Too Large");
    assert.equal(res.body.message, "The file is larger than the 500 MB your license allows");
    assert.ok(Date.now() - started < 10_000);
  });

  test("413 for a chunked body (no Content-Length) once it passes maxVideoSize; nothing is kept", async () => {
    const before = { count: await boxCount(owner), storage: (await overview(owner)).storage };
    const { upload, head } = streamUpload(server.url, owner.access, { fields: { title: "Endless" } });
    let finished = false;
    void upload.done.then(() => (finished = true));
    await upload.write(head);
    const chunk = Buffer.alloc(4 * MB, 1);
    let sent = 0;
    while (!finished && sent < 700 * MB) {
      await upload.write(chunk);
      sent += chunk.length;
    }
    const res = await upload.done;
    upload.abort();
    assert.equal(res.status, 413, JSON.stringify({ ...res, sent }));
    assert.ok(sent >= 500 * MB && sent < 700 * MB, `refused after ${sent / MB} MB`);
    await sleep(500);
    assert.equal(await boxCount(owner), before.count);
    assert.equal((await overview(owner)).storage, before.storage);
  });

  test("an interrupted upload leaves no file, no item and no quota charge", async () => {
    const before = { count: await boxCount(owner), storage: (await overview(owner)).storage, files: storageFiles(server.dataDir) };
    const { upload, head } = streamUpload(server.url, owner.access, { fields: { title: "Cut" }, fileBytes: 50 * MB });
    await upload.write(head);
    for (let i = 0; i < 5; i++) await upload.write(Buffer.alloc(MB, 2));
    await sleep(300); // the server has started writing the file
    upload.abort();
    await upload.done;
    let left: string[] = [];
    for (let i = 0; i < 40; i++) {
      left = storageFiles(server.dataDir).filter((f) => !before.files.includes(f));
      if (left.length === 0) break;
      await sleep(250);
    }
    assert.deepEqual(left, [], "no new file in storage");
    assert.equal(await boxCount(owner), before.count);
    assert.equal((await overview(owner)).storage, before.storage);
  });

  test("GET /api/progressbar/{id}: the percent of a slow upload, then 100", async () => {
    const total = 8 * MB;
    const slow = streamUpload(server.url, owner.access, {
      fields: { title: "Slow" },
      fileBytes: total,
      headers: { "X-Service-progressbarId": "bar-1" },
    });
    await slow.upload.write(slow.head);
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      await slow.upload.write(Buffer.alloc(MB, 3));
      await sleep(700); // more than the server's write interval
      const bar = await api.get("/api/progressbar/bar-1", { token: owner.access });
      assert.equal(bar.status, 200, bar.text);
      seen.push(bar.body.value);
    }
    slow.upload.end(slow.tail);
    const res = await slow.upload.done;
    assert.equal(res.status, 201, JSON.stringify(res));
    const final = await api.get("/api/progressbar/bar-1", { token: owner.access });
    assert.deepEqual(final.body, { value: 100 });
    assert.ok(
      seen.every((v, i) => v >= 0 && v < 100 && (i === 0 || v >= seen[i - 1]!)),
      `values ${seen}`,
    );
    assert.ok(seen[seen.length - 1]! >= 75 && seen[0]! <= 25, `the bar moved with the upload: ${seen}`);
    // another user does not see it
    const other = await api.get("/api/progressbar/bar-1", { token: racer.access });
    assert.deepEqual(other.body, { value: 0 });
  });
});

describe("GET /api/progressbar/{id} of an upload that does not arrive", () => {
  test("cut off mid-body: the bar falls back to {value: 0} (nothing was kept); the same id used again starts over", async () => {
    const cut = streamUpload(server.url, owner.access, {
      fields: { title: "Cut" },
      fileBytes: 8 * MB,
      headers: { "X-Service-progressbarId": "bar-cut" },
    });
    await cut.upload.write(cut.head);
    for (let i = 0; i < 3; i++) {
      await cut.upload.write(Buffer.alloc(MB, 5));
      await sleep(700);
    }
    const mid = await api.get("/api/progressbar/bar-cut", { token: owner.access });
    assert.ok(mid.body.value > 0, mid.text);
    cut.upload.abort();
    await cut.upload.done;
    let bar = mid;
    for (let i = 0; i < 50 && bar.body.value !== 0; i++) {
      await sleep(100);
      bar = await api.get("/api/progressbar/bar-cut", { token: owner.access });
    }
    assert.equal(bar.status, 200, bar.text);
    assert.deepEqual(bar.body, { value: 0 });

    const again = await uploadFile(api, owner.access, clip, { title: "Again" }, { headers: { "X-Service-progressbarId": "bar-cut" } });
    assert.equal(again.status, 201, again.text);
    assert.deepEqual((await api.get("/api/progressbar/bar-cut", { token: owner.access })).body, { value: 100 });
  });
});

describe("license limits (403 with a message)", () => {
  test("an expired license", async () => {
    const res = await uploadFile(api, expired.access, clip);
    assert.equal(res.status, 403, res.text);
    assert.equal(res.body.error, "Forbidden");
    assert.equal(res.body.message, "Your license has expired: renew it to upload new contents");
    assert.equal(res.body.path, "/api/box");
  });

  test("the storage quota: refused by Content-Length before the body, and by the byte count without it", async () => {
    const declared = await uploadFile(api, nearlyFull.access, clip);
    assert.equal(declared.status, 403, declared.text);
    assert.equal(declared.body.message, "Your storage quota of 1 GB is used up: delete some contents or upgrade your license");
    const { upload, head, tail } = streamUpload(server.url, nearlyFull.access, { fields: { title: "Chunked" } });
    await upload.write(head);
    await upload.write(clipBytes);
    upload.end(tail);
    const chunked = await upload.done;
    assert.equal(chunked.status, 403, JSON.stringify(chunked));
    assert.equal(await boxCount(nearlyFull), 0);
  });

  test("two parallel uploads with room for one: exactly one is taken", async () => {
    const results = await Promise.all([
      uploadFile(api, racer.access, clip, { title: "one" }),
      uploadFile(api, racer.access, clip, { title: "two" }),
    ]);
    assert.deepEqual(results.map((r) => r.status).sort(), [201, 403], results.map((r) => r.text).join("\n"));
    assert.equal(await boxCount(racer), 1);
    // deleting the item gives its space back: the next upload fits again
    const taken = results.find((r) => r.status === 201)!.body;
    assert.equal((await api.delete(`/api/box/${taken.boxId}`, { token: racer.access })).status, 204);
    const again = await uploadFile(api, racer.access, clip, { title: "three" });
    assert.equal(again.status, 201, again.text);
  });

  test("maxUploadNumber (20 on Free): the 21st upload is refused; failed items hold their slot but are no videos", async () => {
    const u = await newUser(api);
    const tiny = { filename: "tiny.mp4", data: Buffer.from("not a video, but a box item all the same") };
    const boxIds: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await postMultipart(api, "/api/box", u.access, { title: `n${i}` }, tiny);
      assert.equal(res.status, 201, res.text);
      boxIds.push(res.body.boxId);
    }
    const res = await postMultipart(api, "/api/box", u.access, { title: "n20" }, tiny);
    assert.equal(res.status, 403, res.text);
    assert.equal(res.body.message, "You have reached the 20 contents your license allows: delete some or upgrade your license");
    for (const boxId of boxIds) assert.equal((await waitForItem(api, u.access, boxId, isFinal)).status, "FAILED");
    assert.equal((await overview(u)).videosCount, 0);
    assert.equal((await postMultipart(api, "/api/box", u.access, { title: "n21" }, tiny)).status, 403);
  });
});

describe("download tokens", () => {
  test("an expired token -> 404", async () => {
    const res = await fetch(
      `${server.url}/download/content/${encodeURIComponent(expiredDownload.contentId)}?token=${expiredDownload.token}`,
    );
    assert.equal(res.status, 404);
    assert.equal(((await res.json()) as { message: string }).message, "The download link is invalid, already used or expired");
  });
});
