import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  boxHlsPrefix,
  boxItemPrefix,
  boxMasterPlaylistKey,
  boxOriginalKey,
  boxPosterKey,
  boxPreviewPlaylistKey,
  boxPreviewPrefix,
  boxRenditionPlaylistKey,
  boxRenditionPrefix,
  ownerPrefixes,
  thumbnailKey,
  uploadTempKey,
} from "@/server/media/keys";
import { StorageError, assertKey, assertPrefix } from "@/server/media/storage/storage";

const owner = "0b6f3c1e-6a43-4c1b-9d0e-2f5a8e7c9b10";
const box = "7d2e4f60-1c3b-4a5d-8e9f-0a1b2c3d4e5f";
const thumb = "e3c1b2a4-5d6f-4e7a-8b9c-0d1e2f3a4b5c";
const invalidKey = (err: unknown) => err instanceof StorageError && err.code === "INVALID_KEY";

describe("media keys", () => {
  it("lays a box item out under one prefix", () => {
    const base = `box/${owner}/${box}`;
    assert.equal(boxItemPrefix(owner, box), base);
    assert.equal(boxOriginalKey(owner, box), `${base}/original`);
    assert.equal(boxHlsPrefix(owner, box), `${base}/hls`);
    assert.equal(boxMasterPlaylistKey(owner, box), `${base}/hls/master.m3u8`);
    assert.equal(boxRenditionPrefix(owner, box, "720p"), `${base}/hls/720p`);
    assert.equal(boxRenditionPlaylistKey(owner, box, "remux"), `${base}/hls/remux/index.m3u8`);
    assert.equal(boxPreviewPrefix(owner, box), `${base}/preview`);
    assert.equal(boxPreviewPlaylistKey(owner, box), `${base}/preview/index.m3u8`);
    assert.equal(boxPosterKey(owner, box), `${base}/poster.jpg`);
    for (const key of [
      boxOriginalKey(owner, box),
      boxRenditionPlaylistKey(owner, box, "1080p"),
      boxPreviewPlaylistKey(owner, box),
      boxPosterKey(owner, box),
    ]) {
      assert.ok(key.startsWith(`${boxItemPrefix(owner, box)}/`), `${key} is deleted with its item`);
      assert.equal(assertKey(key), key);
    }
  });

  it("names thumbnails and uploads in progress", () => {
    assert.equal(thumbnailKey(owner, thumb, "image/jpeg"), `thumbnails/${owner}/${thumb}.jpg`);
    assert.equal(thumbnailKey(owner, thumb, "image/png"), `thumbnails/${owner}/${thumb}.png`);
    assert.equal(thumbnailKey(owner, thumb, "image/webp"), `thumbnails/${owner}/${thumb}.webp`);
    assert.throws(() => thumbnailKey(owner, thumb, "image/svg+xml"), invalidKey, "svg could carry scripts");
    assert.equal(uploadTempKey(box), `tmp/uploads/${box}`);
    assert.deepEqual(ownerPrefixes(owner), [`thumbnails/${owner}`, `recordings/${owner}`]);
    for (const prefix of ownerPrefixes(owner)) assert.equal(assertPrefix(prefix), prefix);
  });

  it("accepts only canonical UUIDs and plain rendition names", () => {
    for (const bad of ["..", "../x", "a/b", "", owner.toUpperCase(), `${owner}/..`, "not-a-uuid", `${owner} `]) {
      assert.throws(() => boxOriginalKey(bad, box), invalidKey, `ownerId ${JSON.stringify(bad)}`);
      assert.throws(() => boxOriginalKey(owner, bad), invalidKey, `boxId ${JSON.stringify(bad)}`);
      assert.throws(() => thumbnailKey(owner, bad, "image/jpeg"), invalidKey, `thumbnailId ${JSON.stringify(bad)}`);
      assert.throws(() => uploadTempKey(bad), invalidKey, `uploadId ${JSON.stringify(bad)}`);
      assert.throws(() => ownerPrefixes(bad), invalidKey, `ownerId ${JSON.stringify(bad)}`);
    }
    for (const bad of ["..", ".", "a/b", "", ".hidden", "a b", "a\\b"]) {
      assert.throws(() => boxRenditionPrefix(owner, box, bad), invalidKey, `rendition ${JSON.stringify(bad)}`);
    }
  });
});
