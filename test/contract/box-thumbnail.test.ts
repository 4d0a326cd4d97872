// POST /api/thumbnail and GET /asset/thumbnail/{id}[/{width}] over real HTTP: PNG, JPEG and WebP
// accepted by their bytes (not by the name or type the client claims), the size limit, resizing to
// a width (cached), content types and caching headers, no authentication for reading.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import sharp from "sharp";
import type { Api } from "../support/api";
import { sharedKinora } from "../support/server";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { postMultipart, storageFiles } from "./box-fixtures";

let api: Api;
let dataDir: string;
let user: TestUser;
const image = (format: "png" | "jpeg" | "webp", width = 800, height = 450) =>
  sharp({ create: { width, height, channels: 3, background: "#2a6" } })
    [format]()
    .toBuffer();

before(async () => {
  ({ api } = await connect());
  dataDir = (await sharedKinora()).dataDir;
  user = await newUser(api);
});

const upload = (data: Buffer, o: { filename?: string; contentType?: string; name?: string; token?: string } = {}) =>
  postMultipart(
    api,
    "/api/thumbnail",
    o.token ?? user.access,
    {},
    {
      name: o.name ?? "thumbnail",
      filename: o.filename ?? "thumb.bin",
      contentType: o.contentType ?? "application/octet-stream",
      data,
    },
  );

describe("POST /api/thumbnail", () => {
  for (const [format, type] of [
    ["png", "image/png"],
    ["jpeg", "image/jpeg"],
    ["webp", "image/webp"],
  ] as const) {
    test(`${format}: 201 {thumbnailId}; served with its type, whatever the client claimed`, async () => {
      const res = await upload(await image(format), { filename: "picture.gif", contentType: "image/gif" });
      assert.equal(res.status, 201, res.text);
      assert.deepEqual(Object.keys(res.body), ["thumbnailId"]);
      const read = await fetch(`${api.url}/asset/thumbnail/${res.body.thumbnailId}`); // no token
      assert.equal(read.status, 200);
      assert.equal(read.headers.get("content-type"), type);
      const meta = await sharp(Buffer.from(await read.arrayBuffer())).metadata();
      assert.deepEqual([meta.format, meta.width, meta.height], [format, 800, 450]);
    });
  }

  test("not an image, a fake header, no part -> 400 with the field; too large -> 413", async () => {
    const text = await upload(Buffer.from("hello, not an image"), { contentType: "image/png", filename: "a.png" });
    assert.equal(text.status, 400, text.text);
    assert.deepEqual(text.body.errors, [{ field: "thumbnail", defaultMessage: "must be a PNG, JPEG or WebP image" }]);
    const fake = await upload(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000, 7)]));
    assert.equal(fake.status, 400, fake.text);
    const wrongPart = await upload(await image("png"), { name: "file" });
    assert.equal(wrongPart.status, 400, wrongPart.text);
    assert.deepEqual(wrongPart.body.errors, [{ field: "thumbnail", defaultMessage: "is required" }]);
    const big = await upload(Buffer.concat([await image("png"), Buffer.alloc(6 * 1024 * 1024)]));
    assert.equal(big.status, 413, big.text);
    assert.equal(big.body.message, "The image is larger than 5 MB");
    const anonymous = await upload(await image("png"), { token: "" });
    assert.equal(anonymous.status, 401);
  });
});

describe("GET /asset/thumbnail/{thumbnailId}/{width}", () => {
  test("resized to the width (kept in storage), immutable caching, ETag and 304", async () => {
    const res = await upload(await image("jpeg", 1280, 720));
    const id = res.body.thumbnailId;
    const url = `${api.url}/asset/thumbnail/${id}/320`;
    const first = await fetch(url);
    assert.equal(first.status, 200);
    assert.equal(first.headers.get("content-type"), "image/jpeg");
    assert.equal(first.headers.get("cache-control"), "public, max-age=31536000, immutable");
    const meta = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    assert.deepEqual([meta.width, meta.height], [320, 180]);
    assert.ok(
      storageFiles(dataDir, "thumbnails").some((f) => f.endsWith(`${id}/w320.jpg`)),
      "the resized copy is cached",
    );
    const etag = first.headers.get("etag")!;
    const cached = await fetch(url, { headers: { "If-None-Match": etag } });
    assert.equal(cached.status, 304);
    // a width between steps is rounded up; wider than the image is the original
    const between = await sharp(Buffer.from(await (await fetch(`${api.url}/asset/thumbnail/${id}/300`)).arrayBuffer())).metadata();
    assert.equal(between.width, 320);
    const wide = await sharp(Buffer.from(await (await fetch(`${api.url}/asset/thumbnail/${id}/5000`)).arrayBuffer())).metadata();
    assert.equal(wide.width, 1280);
  });

  test("unknown or malformed ids 404; a width that is not a number 400", async () => {
    assert.equal((await fetch(`${api.url}/asset/thumbnail/6f1c0c1e-8d0a-4a53-9f51-0e0c6b5b7a11`)).status, 404);
    assert.equal((await fetch(`${api.url}/asset/thumbnail/nope/320`)).status, 404);
    const res = await upload(await image("png", 100, 100));
    const bad = await fetch(`${api.url}/asset/thumbnail/${res.body.thumbnailId}/wide`);
    assert.equal(bad.status, 400);
  });
});
