// The portal's resumable upload (tus 1.0 at /uploads/box) over real HTTP, with bearer tokens: create,
// send part, a PATCH cut mid-way, HEAD tells how much arrived, the rest from there; the finished
// upload is a box item (same bytes, the metadata's title and tags) that reaches READY. Another
// user's upload is 404, no credentials 401, the license limits refuse at creation, bad metadata is
// refused before any byte, termination and refusals leave no file.
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import { after, before, describe, test } from "node:test";
import { Api } from "../support/api";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import { sharedKinora, type Kinora } from "../support/server";
import { newUser, type TestUser } from "./users-fixtures";
import { TUS, UUID, sleep, storageFiles, tusCreate, tusHead, tusPatch, tusPatchHeaders, waitForItem } from "./box-fixtures";

const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");

let server: Kinora;
let api: Api;
let owner: TestUser;
let other: TestUser;
let clipBytes: Buffer;

before(async () => {
  server = await sharedKinora();
  api = new Api(server.url);
  [owner, other] = await Promise.all([newUser(api), newUser(api)]);
  // 6 s with audio: some hundreds of KB, enough to cut a PATCH in the middle
  clipBytes = readFileSync(makeH264AacMp4(makeMediaDir(), { durationSeconds: 6, width: 640, height: 360, name: "tus-clip.mp4" }));
});

after(async () => {
  if (!process.env.KINORA_TEST_URL) await server.stop();
});

const create = (token: string | undefined, length: number, meta: Record<string, string>) => tusCreate(server.url, token, length, meta);
const patch = (token: string, location: string, offset: number, body: Buffer) => tusPatch(server.url, location, token, offset, body);
const head = (token: string, location: string) => tusHead(server.url, location, token);

/** A PATCH whose connection is cut after `sendBytes` of `declared`: what a dropped network does. */
function cutPatch(token: string, location: string, offset: number, chunk: Buffer, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const url = new URL(location, server.url);
    const req = http.request(url, {
      method: "PATCH",
      headers: { ...tusPatchHeaders(token, offset), "Content-Length": String(chunk.length) },
    });
    req.on("error", () => resolve());
    req.on("response", (res) => {
      res.resume();
      resolve();
    });
    req.write(chunk.subarray(0, sendBytes), () => {
      // let the bytes reach the server, then drop the connection
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 300);
    });
  });
}

/** What the tus store holds of upload `id` (its info and parts, in the storage under tus/<id>) in the shared server's DATA_DIR, when known. */
function tusFiles(id: string): string[] {
  return server.dataDir ? storageFiles(server.dataDir, `tus/${id}`) : [];
}

describe("tus upload at /uploads/box", () => {
  test("create, part, a cut PATCH, resume from the server's offset, finish: a box item with the same bytes", async () => {
    const res = await create(owner.access, clipBytes.length, {
      filename: "holiday.mp4",
      filetype: "video/mp4",
      title: "Holiday",
      tags: "sea, sun",
    });
    assert.equal(res.status, 201, await res.text());
    assert.equal(res.headers.get("tus-resumable"), "1.0.0");
    const location = res.headers.get("location")!;
    assert.match(location, /^\/uploads\/box\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    const first = Math.floor(clipBytes.length / 4);
    const p1 = await patch(owner.access, location, 0, clipBytes.subarray(0, first));
    assert.equal(p1.status, 204, await p1.text());
    assert.equal(p1.headers.get("upload-offset"), String(first));

    // a PATCH of the rest, cut after about half of it
    const rest = clipBytes.subarray(first);
    await cutPatch(owner.access, location, first, rest, Math.floor(rest.length / 2));
    let offset = first;
    for (let i = 0; i < 20; i++) {
      const h = await head(owner.access, location);
      assert.equal(h.status, 200);
      assert.equal(h.headers.get("upload-length"), String(clipBytes.length));
      assert.equal(h.headers.get("cache-control"), "no-store");
      offset = Number(h.headers.get("upload-offset"));
      if (offset > first) break;
      await sleep(100); // the server may still be writing what arrived
    }
    assert.ok(offset > first && offset < clipBytes.length, `offset after the cut: ${offset} (first ${first}, total ${clipBytes.length})`);

    // a PATCH at the wrong offset is refused (409) and changes nothing
    const wrong = await patch(owner.access, location, first, clipBytes.subarray(first));
    assert.equal(wrong.status, 409);

    const done = await patch(owner.access, location, offset, clipBytes.subarray(offset));
    assert.equal(done.status, 204, await done.text());
    assert.equal(done.headers.get("upload-offset"), String(clipBytes.length));
    const boxId = done.headers.get("kinora-box-id");
    assert.match(boxId ?? "", UUID);
    // the tus store keeps nothing of a finished upload, and it cannot be resumed any more
    assert.deepEqual(tusFiles(location.split("/").pop()!), []);
    assert.equal((await head(owner.access, location)).status, 404);

    const item = await waitForItem(api, owner.access, boxId!, (i) => i.status === "READY", 120_000);
    assert.equal(item.title, "Holiday");
    assert.deepEqual(item.tags, ["sea", "sun"]);
    assert.equal(item.duration, "0:06");
    // the original is byte for byte what was sent, in pieces
    const issued = await api.get(`/api/content/${encodeURIComponent(item.contentId)}/download`, { token: owner.access });
    assert.equal(issued.status, 200, issued.text);
    const file = await fetch(`${server.url}/download/content/${encodeURIComponent(item.contentId)}?token=${issued.body.token}`);
    assert.equal(file.status, 200);
    assert.equal(sha256(Buffer.from(await file.arrayBuffer())), sha256(clipBytes));
  });

  test("another user's upload is 404 for HEAD, PATCH and DELETE; no credentials 401", async () => {
    const res = await create(owner.access, clipBytes.length, { filename: "mine.mp4" });
    assert.equal(res.status, 201);
    const location = res.headers.get("location")!;
    assert.equal((await head(other.access, location)).status, 404);
    assert.equal((await patch(other.access, location, 0, clipBytes)).status, 404);
    const del = await fetch(new URL(location, server.url), {
      method: "DELETE",
      headers: { ...TUS, Authorization: `Bearer ${other.access}` },
    });
    assert.equal(del.status, 404);
    // still the owner's, untouched
    const h = await head(owner.access, location);
    assert.equal(h.status, 200);
    assert.equal(h.headers.get("upload-offset"), "0");

    const anonymous = await create(undefined, 10, { filename: "x.mp4" });
    assert.equal(anonymous.status, 401);
    assert.equal((await fetch(new URL(location, server.url), { method: "HEAD", headers: TUS })).status, 401);
    const forged = await create("not-a-token", 10, { filename: "x.mp4" });
    assert.equal(forged.status, 401);

    // termination by the owner removes the partial file
    const id = location.split("/").pop()!;
    const term = await fetch(new URL(location, server.url), {
      method: "DELETE",
      headers: { ...TUS, Authorization: `Bearer ${owner.access}` },
    });
    assert.equal(term.status, 204);
    assert.equal((await head(owner.access, location)).status, 404);
    assert.deepEqual(tusFiles(id), []);
  });

  test("limits and metadata are checked at creation, before any byte", async () => {
    // the Free license allows files up to its maxVideoSize: far more than that is 413 with a message
    const huge = await create(owner.access, 1024 * 1024 * 1024 * 1024, { filename: "huge.mp4" });
    assert.equal(huge.status, 413);
    const body = JSON.parse(await huge.text());
    assert.equal(body.status, 413);
    assert.match(body.message, /larger than the \d+ MB your license allows/);

    const longTitle = await create(owner.access, 100, { filename: "a.mp4", title: "x".repeat(201) });
    assert.equal(longTitle.status, 400);
    assert.ok(JSON.parse(await longTitle.text()).errors.some((e: { field: string }) => e.field === "title"));

    // Italian message by Accept-Language
    const it = await fetch(`${server.url}/uploads/box`, {
      method: "POST",
      headers: { ...TUS, "Upload-Length": String(1024 ** 4), Authorization: `Bearer ${owner.access}`, "Accept-Language": "it" },
    });
    assert.equal(it.status, 413);
    assert.match(JSON.parse(await it.text()).message, /licenza/);

    // a deferred length is not accepted: the size must be known to check the quota
    const deferred = await fetch(`${server.url}/uploads/box`, {
      method: "POST",
      headers: { ...TUS, "Upload-Defer-Length": "1", Authorization: `Bearer ${owner.access}` },
    });
    assert.equal(deferred.status, 400);
  });

  test("a file ffmpeg cannot read becomes a FAILED item with a reason, its quota charged only while it exists", async () => {
    const junk = Buffer.alloc(4096, 7);
    const res = await create(owner.access, junk.length, { filename: "junk.mp4", title: "Junk" });
    assert.equal(res.status, 201);
    const done = await patch(owner.access, res.headers.get("location")!, 0, junk);
    assert.equal(done.status, 204);
    const item = await waitForItem(api, owner.access, done.headers.get("kinora-box-id")!, (i) => i.status !== "PROCESSING", 60_000);
    assert.equal(item.status, "FAILED");
    assert.ok(item.statusReason && item.statusReason.length > 0);
  });
});
