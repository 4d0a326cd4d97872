// The delivery matrix of signed media URLs, run against a server whose edge is nginx (when installed)
// and against one with NGINX=0 (the Node media server): same URLs, same answers. Every media body
// the matrix receives (200/206) is added up, and the last test checks that the owner's band grew by
// exactly that many bytes. The owner also sells the item on the marketplace: a buyer's plays of the
// acquired copy (its box, its vod watched by a third viewer) are the buyer's bytes, never the owner's.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import { Api } from "../support/api";
import type { Kinora } from "../support/server";
import { newUser, type TestUser } from "./users-fixtures";
import {
  bandFigures,
  HLS_TYPE,
  parseSigned,
  playWhenReady,
  playlistUris,
  rawRequest,
  readBand,
  signAs,
  signFileAs,
  uploadClip,
  waitBand,
  waitReady,
  type RawResponse,
} from "./playback-fixtures";

export interface MatrixOptions {
  /** The server under test (started by the caller). */
  server: () => Promise<Kinora>;
  /** "nginx" or "node": which edge must answer /media (checked on the first response). */
  edge: "nginx" | "node";
}

export function deliveryMatrix(label: string, o: MatrixOptions): void {
  describe(`signed media delivery (${label})`, () => {
    let server: Kinora;
    let api: Api;
    let owner: TestUser;
    let boxId: string;
    let ownerId: string;
    let counted = 0; // media body bytes this owner was sent

    /** GET (or another method) of a path or URL on the server, raw; 200/206 bodies are counted. */
    const get = async (pathOrUrl: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> => {
      const rawPath = pathOrUrl.startsWith("http") ? pathOrUrl.slice(new URL(pathOrUrl).origin.length) : pathOrUrl;
      const res = await rawRequest(server.url, rawPath, opts);
      if ((res.status === 200 || res.status === 206) && rawPath.startsWith("/media/")) counted += res.body.length;
      return res;
    };
    const play = async () => {
      const res = await api.post(`/api/box/${boxId}/play`, undefined, { token: owner.access });
      assert.equal(res.status, 200, res.text);
      return res.body;
    };
    const refused = (res: RawResponse, what: string) => {
      assert.equal(res.status, 403, `${what}: ${res.status} ${res.body.toString().slice(0, 200)}`);
      assert.ok(!/root:|#EXTM3U|Index of/.test(res.body.toString()), `${what}: leaked a body`);
    };

    before(async () => {
      server = await o.server();
      api = new Api(server.url);
      owner = await newUser(api);
      const item = await uploadClip(api, owner.access);
      boxId = item.boxId;
      await waitReady(api, owner.access, boxId);
      ownerId = parseSigned((await play()).streamer).owner;
    });

    test("master -> rung playlist -> segments by relative URLs; media types, caching, CORS", async () => {
      const master = (await play()).streamer as string;
      const m = await get(master);
      assert.equal(m.status, 200);
      assert.equal(/nginx/i.test(String(m.headers.server ?? "")) ? "nginx" : "node", o.edge, `edge: server header ${m.headers.server}`);
      assert.equal(m.headers["content-type"], HLS_TYPE);
      assert.equal(m.headers["cache-control"], "private, no-cache");
      assert.equal(m.headers["access-control-allow-origin"], "*");
      assert.match(m.body.toString(), /#EXT-X-STREAM-INF:.*BANDWIDTH=\d+.*RESOLUTION=\d+x\d+.*CODECS="/);
      const variants = playlistUris(master, m.body.toString());
      assert.ok(variants.length >= 1);
      for (const variant of variants) {
        assert.ok(variant.startsWith(master.slice(0, master.lastIndexOf("/") + 1)), `variant outside the signed tree: ${variant}`);
        const v = await get(variant);
        assert.equal(v.status, 200, variant);
        assert.equal(v.headers["content-type"], HLS_TYPE);
        const segments = playlistUris(variant, v.body.toString());
        assert.ok(segments.length >= 2, `segments of ${variant}`);
        for (const segment of segments) {
          const s = await get(segment);
          assert.equal(s.status, 200, segment);
          assert.equal(s.headers["content-type"], "video/mp2t");
          assert.equal(s.headers["cache-control"], "private, max-age=31536000, immutable");
          assert.equal(Number(s.headers["content-length"]), s.body.length);
          assert.equal(s.body[0], 0x47, "an MPEG-TS sync byte");
          assert.ok(s.headers.etag && s.headers["last-modified"], "validators");
        }
      }
    });

    test("byte ranges: 206 with Content-Range, open and suffix ranges, 416 past the end; HEAD has no body", async () => {
      const master = (await play()).streamer as string;
      const variant = playlistUris(master, (await get(master)).body.toString())[0]!;
      const segment = playlistUris(variant, (await get(variant)).body.toString())[0]!;
      const full = await get(segment);
      const size = full.body.length;
      const first = await get(segment, { headers: { Range: "bytes=0-99" } });
      assert.equal(first.status, 206);
      assert.equal(first.headers["content-range"], `bytes 0-99/${size}`);
      assert.equal(first.body.length, 100);
      assert.deepEqual(first.body, full.body.subarray(0, 100));
      const tail = await get(segment, { headers: { Range: "bytes=-50" } });
      assert.equal(tail.status, 206);
      assert.equal(tail.headers["content-range"], `bytes ${size - 50}-${size - 1}/${size}`);
      assert.deepEqual(tail.body, full.body.subarray(size - 50));
      const open = await get(segment, { headers: { Range: `bytes=${size - 10}-` } });
      assert.equal(open.status, 206);
      assert.equal(open.body.length, 10);
      const past = await get(segment, { headers: { Range: `bytes=${size + 10}-` } });
      assert.equal(past.status, 416);
      assert.equal(past.headers["content-range"], `bytes */${size}`);
      const head = await get(segment, { method: "HEAD" });
      assert.equal(head.status, 200);
      assert.equal(Number(head.headers["content-length"]), size);
      assert.equal(head.body.length, 0);
      assert.equal((await get(segment, { method: "POST" })).status, 405);
      assert.equal((await get(segment, { method: "DELETE" })).status, 405);
    });

    test("the poster: signed poster URL 200 image/jpeg; the hls signature does not open it", async () => {
      const exp = Math.floor(Date.now() / 1000) + 600;
      const poster = await get(`${signAs(server, "poster", ownerId, boxId, exp)}poster.jpg`);
      assert.equal(poster.status, 200);
      assert.equal(poster.headers["content-type"], "image/jpeg");
      assert.equal(poster.headers["cache-control"], "private, max-age=3600");
      assert.deepEqual([...poster.body.subarray(0, 2)], [0xff, 0xd8]);
      refused(
        await get(`${signAs(server, "hls", ownerId, boxId, exp).replace("/hls/", "/poster/")}poster.jpg`),
        "hls signature on the poster",
      );
      refused(await get(`${signAs(server, "poster", ownerId, boxId, exp)}other.jpg`), "another file of the poster tree");
      refused(await get(`/media/${exp}/poster/${ownerId}/${ownerId}/${boxId}/poster.jpg`), "poster without signature");
    });

    test("the preview tree opens with its own signature only, and never the full ladder", async () => {
      const exp = Math.floor(Date.now() / 1000) + 600;
      const preview = signAs(server, "preview", ownerId, boxId, exp);
      const p = await get(`${preview}index.m3u8`);
      assert.equal(p.status, 200);
      assert.equal(p.headers["content-type"], HLS_TYPE);
      const first = playlistUris(`${server.url}${preview}index.m3u8`, p.body.toString())[0]!;
      assert.equal((await get(first)).status, 200);
      // the preview's signature on the full tree, and the full tree's files under the preview tree
      const sig = parseSigned(`${server.url}${preview}x.ts`).sig;
      refused(await get(`/media/${exp}/${sig}/hls/${ownerId}/${ownerId}/${boxId}/master.m3u8`), "preview signature on hls/");
      refused(await get(`${preview}../hls/master.m3u8`), "preview tree climbing into hls/");
    });

    test("a windowed grant opens at its start and closes at its end; a file grant opens its one file only", async () => {
      const now = Math.floor(Date.now() / 1000);
      const master = (await play()).streamer as string;
      const m = await get(master);
      const rung = playlistUris(master, m.body.toString())[0]!;
      const [first, second] = playlistUris(rung, (await get(rung)).body.toString());
      const base = parseSigned(master).basePath;
      const rel = (url: string) => new URL(url).pathname.slice(base.length); // e.g. 720p/seg_00000.ts
      // a window: inside it the tree plays; before its start and after its end it does not
      const open = signAs(server, "hls", ownerId, boxId, now + 600, ownerId, now - 60);
      assert.match(open, /^\/media\/\d+-\d+\//);
      assert.equal((await get(`${open}master.m3u8`)).status, 200, "inside the window");
      refused(await get(`${signAs(server, "hls", ownerId, boxId, now + 7200, ownerId, now + 3600)}master.m3u8`), "before the window");
      refused(await get(`${signAs(server, "hls", ownerId, boxId, now - 5, ownerId, now - 3600)}master.m3u8`), "after the window");
      const { sig } = parseSigned(`${server.url}${open}x`);
      refused(
        await get(`/media/${now + 600}/${sig}/hls/${ownerId}/${ownerId}/${boxId}/master.m3u8`),
        "the window's signature without its start",
      );
      refused(
        await get(`/media/${now - 3600}-${now + 600}/${sig}/hls/${ownerId}/${ownerId}/${boxId}/master.m3u8`),
        "the start moved earlier",
      );
      // a file grant: its segment plays, nothing else of the tree does
      const file = signFileAs(server, "hls", ownerId, boxId, rel(first!), now + 600);
      assert.match(file, /^\/media\/f\d+\//);
      const seg = await get(file);
      assert.equal(seg.status, 200, "the granted segment");
      assert.equal(seg.body[0], 0x47, "an MPEG-TS sync byte");
      const fileBase = file.slice(0, file.length - rel(first!).length);
      refused(await get(`${fileBase}master.m3u8`), "the master under a segment's grant");
      refused(await get(`${fileBase}${rel(rung)}`), "the rung playlist under a segment's grant");
      refused(await get(`${fileBase}${rel(second!)}`), "the next segment under a segment's grant");
      const fileSig = parseSigned(`${server.url}${file}`).sig;
      refused(
        await get(`/media/${now + 600}/${fileSig}/hls/${ownerId}/${ownerId}/${boxId}/master.m3u8`),
        "a file signature as a tree grant",
      );
      const treeSig = parseSigned(master).sig;
      refused(
        await get(`/media/f${parseSigned(master).exp}/${treeSig}/hls/${ownerId}/${ownerId}/${boxId}/${rel(first!)}`),
        "a tree signature as a file grant",
      );
    });

    test("refused with 403: missing, tampered, expired, other content, other owner, other band owner", async () => {
      const master = (await play()).streamer as string;
      const s = parseSigned(master);
      assert.equal(s.bandOwner, s.owner, "an uploaded item's bytes count against its owner's band");
      const at = (exp: number | string, sig: string, tree = "hls", owner = s.owner, box = s.box, file = s.file, bandOwner = s.bandOwner) =>
        `/media/${exp}/${sig}/${tree}/${bandOwner}/${owner}/${box}/${file}`;
      assert.equal((await get(master)).status, 200, "the untouched URL works");
      refused(await get(`/media/hls/${s.bandOwner}/${s.owner}/${s.box}/master.m3u8`), "no signature, no expiry");
      refused(await get(at(s.exp, "", "hls")), "empty signature");
      refused(await get(`/media/${s.exp}/hls/${s.bandOwner}/${s.owner}/${s.box}/master.m3u8`), "signature missing");
      refused(await get(`/media/${s.exp}/${s.sig}/hls/${s.owner}/${s.box}/master.m3u8`), "band owner left out");
      const flipped = s.sig.slice(0, 5) + (s.sig[5] === "A" ? "B" : "A") + s.sig.slice(6);
      refused(await get(at(s.exp, flipped)), "one character of the signature changed");
      refused(await get(at(s.exp, s.sig.slice(0, -1))), "signature cut short");
      refused(await get(at(s.exp + 3600, s.sig)), "expiry pushed back under the same signature");
      const past = Math.floor(Date.now() / 1000) - 5;
      refused(
        await get(at(past, parseSigned(`${server.url}${signAs(server, "hls", s.owner, s.box, past)}x`).sig)),
        "expired (validly signed)",
      );
      const otherBox = randomUUID();
      refused(await get(at(s.exp, s.sig, "hls", s.owner, otherBox)), "this signature on another item");
      const otherSig = parseSigned(`${server.url}${signAs(server, "hls", s.owner, otherBox, s.exp)}x`).sig;
      refused(await get(at(s.exp, otherSig)), "another item's signature on this item");
      const stranger = randomUUID();
      refused(await get(at(s.exp, s.sig, "hls", stranger)), "this signature under another owner");
      refused(await get(at(s.exp, s.sig, "hls", s.owner, s.box, s.file, stranger)), "this signature charged to another band");
      const strangerSig = parseSigned(`${server.url}${signAs(server, "hls", s.owner, s.box, s.exp, stranger)}x`).sig;
      refused(await get(at(s.exp, strangerSig)), "the signature of another band owner on this one's URL");
      refused(await get(at(s.exp, s.sig, "HLS")), "tree in capitals");
      refused(await get(`${master}?sig=${s.sig}`.replace(s.sig + "/", "x/")), "signature moved into the query");
    });

    test("path traversal and encoded forms: 403 (400 when dot segments climb above the root or a NUL is sent)", async () => {
      const s = parseSigned((await play()).streamer);
      const other = `${randomUUID()}/${randomUUID()}`;
      const cases = [
        `${s.basePath}../../${other}/master.m3u8`,
        `${s.basePath}../${s.box}/master.m3u8`,
        `${s.basePath}./master.m3u8`,
        `${s.basePath}/master.m3u8`,
        `${s.basePath}%2e%2e/%2e%2e/${other}/master.m3u8`,
        `${s.basePath}..%2f..%2f${other.replace("/", "%2f")}%2fmaster.m3u8`,
        `${s.basePath}%2E%2E%2F%2E%2E%2F${other.replace("/", "%2F")}%2Fmaster.m3u8`,
        `${s.basePath}master%2em3u8`,
        `${s.basePath}..%5c..%5cmaster.m3u8`,
        `${s.basePath}%252e%252e/master.m3u8`,
        `/media/${s.exp}/${s.sig}/hls/${s.bandOwner}/${s.owner}/../${s.owner}/${s.box}/master.m3u8`,
        `/x/..${s.basePath}master.m3u8`,
        `/%6Dedia/${s.exp}/${s.sig}/hls/${s.bandOwner}/${s.owner}/${s.box}/master.m3u8`,
        `${s.basePath}../../../../../../etc/passwd`,
        `//media/${s.exp}/${s.sig}/hls/${s.bandOwner}/${s.owner}/${s.box}/master.m3u8`,
      ];
      for (const c of cases) refused(await get(c), c);
      for (const c of [
        `/media/../../../etc/passwd`,
        `${s.basePath}${"../".repeat(12)}etc/passwd`,
        `/media/%2e%2e/%2e%2e/etc/passwd`,
        `${s.basePath}master.m3u8%00.jpg`,
      ]) {
        const res = await get(c);
        assert.ok(res.status === 400 || res.status === 403, `${c}: ${res.status}`);
        assert.ok(!res.body.toString().includes("root:"), c);
      }
    });

    test("directories are never listed: 403, also with a valid signature", async () => {
      const s = parseSigned((await play()).streamer);
      const variant = playlistUris(`${server.url}${s.basePath}${s.file}`, (await get(`${s.basePath}${s.file}`)).body.toString())[0]!;
      const rungDir = new URL(variant).pathname.replace(/[^/]+$/, "");
      for (const dir of [
        s.basePath,
        rungDir,
        rungDir.slice(0, -1),
        `/media/${s.exp}/${s.sig}/hls/${s.bandOwner}/${s.owner}/`,
        "/media/",
        "/media",
      ]) {
        refused(await get(dir), dir);
      }
    });

    test("a valid signature for a file that does not exist: 404", async () => {
      const s = parseSigned((await play()).streamer);
      const res = await get(`${s.basePath}nothing-here/index.m3u8`);
      assert.equal(res.status, 404);
      assert.equal((await get(`${s.basePath}seg_99999.ts`)).status, 404);
    });

    test("an acquired content: the buyer's box play and the buyer's vod played by a viewer count against the buyer's band only; a URL with its media home or band owner altered is refused", async () => {
      const [buyer, viewer] = [await newUser(api), await newUser(api)];
      const listed = await api.post(`/api/box/${boxId}/marketplace`, { licenseType: "FREE" }, { token: owner.access });
      assert.equal(listed.status, 201, listed.text);
      const preview = await api.post(`/api/public/marketplace/${listed.body.marketplaceId}/preview`, {}, { token: viewer.access });
      assert.equal(parseSigned(preview.body.streamer).bandOwner, ownerId, "the seller's listing: its preview is the seller's bytes");
      const acquired = await api.post(`/api/marketplace/${listed.body.marketplaceId}/acquire`, {}, { token: buyer.access });
      assert.equal(acquired.body?.result, "FULFILLED", acquired.text);
      const buyerBoxId: string = acquired.body.boxContent.boxId;
      let buyerBytes = 0;
      /** A media GET whose 200 body counts against the buyer's band. */
      const buyerGet = async (url: string) => {
        const res = await rawRequest(server.url, new URL(url).pathname);
        assert.equal(res.status, 200, url);
        buyerBytes += res.body.length;
        return res.body.toString("latin1");
      };
      /** The master, its first rung and its segments, again and again until `bytes` more were delivered. */
      const watch = async (master: string, bytes: number) => {
        const until = buyerBytes + bytes;
        const variant = playlistUris(master, await buyerGet(master))[0]!;
        const segments = playlistUris(variant, await buyerGet(variant));
        while (buyerBytes < until) for (const seg of segments) await buyerGet(seg);
      };
      // enough bytes for bandPercent to move by a few hundredths (0.01 % of 5 GiB is 537 kB)
      const SOME = 12 * 1024 * 1024;

      // the buyer's box: the seller's files, the buyer's band
      const boxPlay = await api.post(`/api/box/${buyerBoxId}/play`, undefined, { token: buyer.access });
      assert.equal(boxPlay.status, 200, boxPlay.text);
      const b = parseSigned(boxPlay.body.streamer);
      assert.deepEqual({ owner: b.owner, box: b.box }, { owner: ownerId, box: boxId }, "the media home is the seller's upload");
      assert.notEqual(b.bandOwner, ownerId);
      await watch(boxPlay.body.streamer, SOME);
      await waitBand(api, buyer.access, bandFigures(buyerBytes), `the buyer's band after ${buyerBytes} bytes of their box play`);
      assert.deepEqual(await readBand(api, owner.access), bandFigures(counted), "the seller's band did not move");

      // the buyer's vod, watched by a third viewer: the buyer's publication, the buyer's band
      const vod = await api.post(`/api/box/${buyerBoxId}/vod`, { licenseType: "FREE" }, { token: buyer.access });
      assert.equal(vod.status, 201, vod.text);
      const vodPlay = await api.post(`/api/public/vod/${vod.body.vodId}/play`, {}, { token: viewer.access });
      assert.equal(vodPlay.body?.result, "PLAY", vodPlay.text);
      const v = parseSigned(vodPlay.body.streamer);
      assert.deepEqual([v.bandOwner, v.owner, v.box], [b.bandOwner, ownerId, boxId]);
      // altered URLs, checked while the grant is fresh (an expired one is a 403 too), beside the untouched one
      const at = (bandOwner: string, homeOwner: string, homeBox: string) =>
        `/media/${v.exp}/${v.sig}/hls/${bandOwner}/${homeOwner}/${homeBox}/${v.file}`;
      await buyerGet(`${server.url}${at(v.bandOwner, v.owner, v.box)}`);
      refused(await get(at(ownerId, v.owner, v.box)), "band owner changed to the seller");
      refused(await get(at(randomUUID(), v.owner, v.box)), "band owner changed to another user");
      refused(await get(at(v.bandOwner, v.bandOwner, v.box)), "media home owner changed to the buyer");
      refused(await get(at(v.bandOwner, v.owner, buyerBoxId)), "media home item changed to the buyer's box item");
      refused(await get(at(v.owner, v.bandOwner, v.box)), "band owner and media home owner exchanged");
      await watch(vodPlay.body.streamer, SOME);
      await waitBand(api, buyer.access, bandFigures(buyerBytes), `the buyer's band after ${buyerBytes} bytes of both plays`);
      assert.deepEqual(await readBand(api, owner.access), bandFigures(counted), "the seller's band did not move");
      assert.deepEqual(await readBand(api, viewer.access), bandFigures(0), "the viewer's band did not move");
    });

    test("the owner's band grows by exactly the media bytes served (overview band, bandPercent)", async () => {
      const master = (await play()).streamer as string;
      const variant = playlistUris(master, (await get(master)).body.toString())[0]!;
      const segments = playlistUris(variant, (await get(variant)).body.toString());
      // enough bytes for bandPercent to move by a few hundredths
      while (counted < 12 * 1024 * 1024) for (const seg of segments) await get(seg);
      const expected = bandFigures(counted);
      await waitBand(api, owner.access, expected, `after ${counted} bytes`);
      assert.notEqual(expected.bandPercent, "0,00");
    });
  });
}

export { playWhenReady };
