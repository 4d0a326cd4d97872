// The pure parts of the viewer pages: which URLs are our watch pages (oEmbed's `url`), the player's
// size within a consumer's limits, the thumbnail copy that fits them.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { embedSize, thumbnailFit } from "@/server/domain/viewer/oembed";
import { vodIdOfPageUrl } from "@/lib/vod-urls";

const base = "https://videos.example";
const id = "0b6a4a37-05eb-48dc-8ee9-dc61e215da74";

describe("vodIdOfPageUrl", () => {
  test("our watch and embed pages, either scheme, a trailing slash, a query", () => {
    for (const url of [`${base}/v/${id}`, `http://videos.example/v/${id}/`, `${base}/embed/v/${id}?t=3#x`, `${base}/v/${id.toUpperCase()}`])
      assert.equal(vodIdOfPageUrl(url, base)?.toLowerCase(), id, url);
  });

  test("anything else: another host or port, another page, another scheme, no URL, a broken escape", () => {
    for (const url of [
      `https://elsewhere.example/v/${id}`,
      `https://videos.example:8443/v/${id}`,
      `${base}/u/${id}`,
      `${base}/v/${id}/more`,
      `${base}/v/`,
      `ftp://videos.example/v/${id}`,
      "javascript:alert(1)",
      "v/" + id,
      `${base}/v/%E0%A4%A`,
    ])
      assert.equal(vodIdOfPageUrl(url, base), undefined, url);
  });
});

describe("oEmbed sizes", () => {
  test("the player keeps 16:9 inside maxwidth and maxheight, never above 640x360", () => {
    assert.deepEqual(embedSize(), { width: 640, height: 360 });
    assert.deepEqual(embedSize(2000, 2000), { width: 640, height: 360 });
    assert.deepEqual(embedSize(300), { width: 300, height: 169 });
    assert.deepEqual(embedSize(undefined, 100), { width: 177, height: 100 });
    assert.deepEqual(embedSize(500, 90), { width: 160, height: 90 });
    assert.deepEqual(embedSize(1, 1), { width: 1, height: 1 });
  });

  test("the thumbnail: the widest kept copy that fits, its own size when it is small enough", () => {
    const wide = { width: 800, height: 450 };
    assert.deepEqual(thumbnailFit(wide, { width: 640, height: 360 }), { width: 640, height: 360 });
    assert.deepEqual(thumbnailFit(wide, { width: 300, height: 169 }), { width: 256, height: 144 });
    assert.deepEqual(thumbnailFit(wide, { width: 1000, height: 1000 }), { width: 800, height: 450 });
    assert.deepEqual(thumbnailFit({ width: 300, height: 300 }, { width: 640, height: 200 }), { width: 192, height: 192 });
    assert.equal(thumbnailFit(wide, { width: 20, height: 20 }), undefined);
  });
});
