// Playing vods over real HTTP: FREE and CREATIVE_COMMONS for any token, PAY_PER_VIEW through the
// 3-step flow (PAYMENT_REQUIRED, pay, sandbox checkout, play {trackingId}) with working signed URLs,
// a signed-in buyer's purchase without a trackingId, trackingIds that do not count, the owner, the
// invisible vods, and the 15-second preview whose URLs open nothing but the preview.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { checkout, payThroughSandbox } from "../support/checkout";
import { sharedKinora } from "../support/server";
import { parseSigned, walkLadder, fetchOk, playlistUris, HLS_TYPE } from "./playback-fixtures";
import { connect, newUser, type TestUser } from "./users-fixtures";
import { publish, readyItem, uniqueWord } from "./vod-fixtures";

let api: Api;
let baseUrl: string;
let publicToken: string;
let creator: TestUser;
let viewer: TestUser;
let item: any;
let free: any;
let cc: any;
let ppv: any;
let ppvOther: any;

before(async () => {
  ({ api } = await connect());
  baseUrl = (await sharedKinora()).url;
  [creator, viewer] = [await newUser(api), await newUser(api)];
  publicToken = await api.publicToken();
  item = await readyItem(api, creator.access, { title: `Playable ${uniqueWord()}` });
  free = await publish(api, creator.access, item.boxId);
  cc = await publish(api, creator.access, item.boxId, { licenseType: "CREATIVE_COMMONS", ccType: "BY_NC_ND" });
  ppv = await publish(api, creator.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "2,50" });
  ppvOther = await publish(api, creator.access, item.boxId, { licenseType: "PAY_PER_VIEW", pricePerView: "1,00" });
});

const play = (vodId: string, token: string | undefined, body?: unknown, path: "public" | "private" = "public") =>
  api.post(path === "public" ? `/api/public/vod/${vodId}/play` : `/api/vod/${vodId}/play`, body, { token });
const pay = (vodId: string, token: string, path: "public" | "private" = "public") =>
  api.post(
    path === "public" ? `/api/public/vod/${vodId}/pay` : `/api/vod/${vodId}/pay`,
    { embedded: "false", mobile: false, returnUrl: `${api.url}/back?x=1`, cancelUrl: `${api.url}/cancel` },
    { token },
  );

/** PLAY with the signed master playlist of the creator's content; its ladder plays. */
async function assertPlays(res: { status: number; body: any; text: string }, vod: any, publisher: boolean): Promise<void> {
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(Object.keys(res.body).sort(), ["file", "mimeType", "resource", "result", "srcs", "streamer", "uniqueStreamer"]);
  assert.equal(res.body.result, "PLAY");
  const { publisher: shown, views, ...resource } = res.body.resource;
  assert.deepEqual(resource, vod);
  assert.equal(shown?.userCode, publisher ? creator.userCode : undefined);
  assert.equal(typeof views, publisher ? "number" : "undefined", "the public view carries its views");
  const signed = parseSigned(res.body.srcs[0].uniqueStreamer);
  assert.deepEqual([signed.tree, signed.box, signed.file], ["hls", item.boxId, "master.m3u8"]);
  assert.ok(res.body.streamer.startsWith(`${baseUrl}/media/`));
}

/** PAYMENT_REQUIRED: the vod as resource, a message, no sources. */
function assertPaymentRequired(res: { status: number; body: any; text: string }, vod: any): void {
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(Object.keys(res.body).sort(), ["message", "resource", "result"]);
  assert.equal(res.body.result, "PAYMENT_REQUIRED");
  assert.equal(res.body.message, "This content is pay-per-view: pay to watch it");
  assert.equal(res.body.resource.vodId, vod.vodId);
  assert.equal(res.body.resource.pricePerView, vod.pricePerView);
}

describe("play FREE and CREATIVE_COMMONS", () => {
  test("any token plays, on either path; the public one shows the publisher; a stray trackingId is ignored", async () => {
    for (const vod of [free, cc]) {
      await assertPlays(await play(vod.vodId, publicToken), vod, true);
      await assertPlays(await play(vod.vodId, viewer.access, {}), vod, true);
      await assertPlays(await play(vod.vodId, viewer.access, undefined, "private"), vod, false);
      await assertPlays(await play(vod.vodId, viewer.access, { trackingId: "0".repeat(32) }, "private"), vod, false);
      await assertPlays(await play(vod.vodId, publicToken, { trackingId: { nested: 1 } }), vod, true);
    }
    const res = await play(free.vodId, publicToken);
    const { bytes } = await walkLadder(res.body.streamer);
    assert.ok(bytes > 1000, `the ladder plays (${bytes} bytes)`);
    assert.equal((await play(free.vodId, undefined)).status, 401);
    assert.equal((await play(free.vodId, publicToken, {}, "private")).status, 403);
  });

  test("a vod that is not visible: 404 to anyone but its owner, who always plays", async () => {
    const hidden = await publish(api, creator.access, item.boxId, { licenseType: "FREE", public: false });
    const expired = await publish(api, creator.access, item.boxId, {
      licenseType: "PAY_PER_VIEW",
      pricePerView: 3,
      expirationDate: "02/02/2002",
    });
    for (const vod of [hidden, expired]) {
      assert.equal((await play(vod.vodId, publicToken)).status, 404);
      assert.equal((await play(vod.vodId, viewer.access, {}, "private")).status, 404);
      assert.equal((await api.post(`/api/public/vod/${vod.vodId}/preview`, undefined, { token: viewer.access })).status, 404);
      assert.equal((await pay(vod.vodId, viewer.access)).status, 404);
      await assertPlays(await play(vod.vodId, creator.access, {}, "private"), vod, false);
    }
  });
});

describe("play PAY_PER_VIEW", () => {
  test("PAYMENT_REQUIRED, pay, sandbox checkout, play {trackingId}: PLAY with working URLs; a replay plays again", async () => {
    assertPaymentRequired(await play(ppv.vodId, publicToken), ppv);
    assertPaymentRequired(await play(ppv.vodId, publicToken, { trackingId: "not a tracking id" }), ppv);
    await assertPlays(await play(ppv.vodId, creator.access, {}, "private"), ppv, false);

    const started = await pay(ppv.vodId, publicToken);
    assert.equal(started.status, 200, started.text);
    assert.deepEqual(Object.keys(started.body).sort(), ["embedded", "mobile", "resource", "trackingId", "url"]);
    assert.match(started.body.trackingId, /^[0-9a-f]{32}$/);
    assert.equal(started.body.url, `${baseUrl}/checkout/${started.body.trackingId}`);
    assert.equal(started.body.embedded, false);
    assert.equal(started.body.mobile, false);
    assert.deepEqual(started.body.resource, { ...ppv, publisher: { userCode: creator.userCode, licenseExpired: false }, views: 0 });
    const { trackingId, url } = started.body;

    // not paid yet
    assertPaymentRequired(await play(ppv.vodId, publicToken, { trackingId }), ppv);
    const back = await payThroughSandbox(url, trackingId);
    assert.equal(back, `${api.url}/back?x=1&trackingId=${trackingId}`);

    const played = await play(ppv.vodId, publicToken, { trackingId });
    await assertPlays(played, ppv, true);
    const { bytes } = await walkLadder(played.body.streamer);
    assert.ok(bytes > 1000);
    // the replay plays again (within PPV_ACCESS_HOURS), from another token too: a public-token purchase is its holder's
    await assertPlays(await play(ppv.vodId, publicToken, { trackingId }), ppv, true);
    await assertPlays(await play(ppv.vodId, viewer.access, { trackingId: trackingId.toUpperCase() }), ppv, true);
    // it buys this vod only
    assertPaymentRequired(await play(ppvOther.vodId, publicToken, { trackingId }), ppvOther);
    // without it, nothing
    assertPaymentRequired(await play(ppv.vodId, publicToken), ppv);
  });

  test("a signed-in buyer's purchase plays without a trackingId; another user's trackingId does not count", async () => {
    const buyer = await newUser(api);
    assertPaymentRequired(await play(ppvOther.vodId, buyer.access, {}, "private"), ppvOther);
    const started = await pay(ppvOther.vodId, buyer.access, "private");
    assert.equal(started.status, 200, started.text);
    assert.equal(started.body.resource.publisher, undefined, "the private path's resource has no publisher");
    assert.equal(started.body.resource.pricePerView, "1,00");
    await payThroughSandbox(started.body.url, started.body.trackingId);

    await assertPlays(await play(ppvOther.vodId, buyer.access, {}, "private"), ppvOther, false);
    await assertPlays(await play(ppvOther.vodId, buyer.access), ppvOther, true);
    assertPaymentRequired(await play(ppv.vodId, buyer.access), ppv);
    // the buyer's trackingId is theirs: another user, or a public token, presenting it gets nothing
    assertPaymentRequired(await play(ppvOther.vodId, viewer.access, { trackingId: started.body.trackingId }), ppvOther);
    assertPaymentRequired(await play(ppvOther.vodId, publicToken, { trackingId: started.body.trackingId }), ppvOther);
  });

  test("cancelled and failed payments do not play; pay is refused for free vods and for the owner", async () => {
    for (const outcome of ["cancelled", "failed"] as const) {
      const started = await pay(ppv.vodId, publicToken);
      const { status, location } = await checkout(started.body.url, outcome);
      assert.equal(status, 303);
      assert.equal(location, `${api.url}/cancel?trackingId=${started.body.trackingId}`);
      assertPaymentRequired(await play(ppv.vodId, publicToken, { trackingId: started.body.trackingId }), ppv);
    }
    const freePay = await pay(free.vodId, viewer.access);
    assert.equal(freePay.status, 400, freePay.text);
    assert.equal(freePay.body.message, "This content is not pay-per-view: play it without paying");
    const ownPay = await pay(ppv.vodId, creator.access, "private");
    assert.equal(ownPay.status, 400, ownPay.text);
    assert.equal(ownPay.body.message, "You publish this content: you play it without paying");
    const badUrl = await api.post(`/api/public/vod/${ppv.vodId}/pay`, { returnUrl: "javascript:alert(1)" }, { token: publicToken });
    assert.equal(badUrl.status, 400);
    assert.deepEqual(
      badUrl.body.errors.map((e: { field: string }) => e.field),
      ["returnUrl"],
    );
  });
});

describe("POST /api/public/vod/{vodId}/preview", () => {
  test("any token, pay-per-view too: signed URLs of the preview rendition, which open nothing else", async () => {
    const res = await api.post(`/api/public/vod/${ppv.vodId}/preview`, undefined, { token: publicToken });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.result, "PLAY");
    assert.equal(res.body.resource.publisher.userCode, creator.userCode);
    const signed = parseSigned(res.body.streamer);
    assert.deepEqual([signed.tree, signed.box, signed.file], ["preview", item.boxId, "index.m3u8"]);
    const playlist = await fetchOk(res.body.streamer);
    assert.equal(playlist.headers.get("content-type"), HLS_TYPE);
    const segments = playlistUris(res.body.streamer, await playlist.text());
    assert.ok(segments.length > 0);
    for (const s of segments) {
      assert.equal(parseSigned(s).tree, "preview");
      await fetchOk(s);
    }
    // the same signature on the full ladder's tree opens nothing
    const full = res.body.streamer.replace("/preview/", "/hls/").replace(/index\.m3u8$/, "master.m3u8");
    assert.equal((await fetch(full)).status, 403);
    assert.equal((await api.post(`/api/public/vod/${free.vodId}/preview`, {}, { token: viewer.access })).status, 200);
    assert.equal((await api.post(`/api/public/vod/${free.vodId}/preview`)).status, 401);
  });
});
