// POST /api/box/{boxId}/play over real HTTP: the document's play result with signed HLS URLs,
// owner only, playable while still PROCESSING once something is published, 409 for FAILED.
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import { Api } from "../support/api";
import { makeMediaDir, makeNotMedia } from "../support/media-fixtures";
import { sharedKinora, type Kinora } from "../support/server";
import { ISO_INSTANT, assertAccessDenied, assertUnauthorized, newUser, sleep, type TestUser } from "./users-fixtures";
import { HLS_TYPE, parseSigned, playWhenReady, uploadClip, waitReady } from "./playback-fixtures";

let server: Kinora;
let api: Api;
let owner: TestUser;
let boxId: string;

before(async () => {
  server = await sharedKinora();
  api = new Api(server.url);
  owner = await newUser(api);
  boxId = (await uploadClip(api, owner.access, undefined, "Play me")).boxId;
});

const play = (id: string, token?: string, opts: { raw?: string; headers?: Record<string, string> } = {}) =>
  api.call("POST", `/api/box/${id}/play`, undefined, { token, ...opts });

describe("POST /api/box/{boxId}/play", () => {
  test("while nothing is published: 409 with a message, then the play result as soon as it plays", async () => {
    const early = await play(boxId, owner.access);
    if (early.status === 409) {
      assert.equal(early.body.error, "Conflict");
      assert.match(early.body.message, /still being processed/);
      assert.equal(early.body.path, `/api/box/${boxId}/play`);
    } else assert.equal(early.status, 200, early.text);
    const result = await playWhenReady(api, owner.access, boxId);
    assert.equal(result.result, "PLAY");
  });

  test("the play result: resource is the box item, every address is the signed master playlist", async () => {
    await waitReady(api, owner.access, boxId);
    const res = await play(boxId, owner.access);
    assert.equal(res.status, 200, res.text);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    const body = res.body;
    assert.deepEqual(Object.keys(body).sort(), ["file", "mimeType", "resource", "result", "srcs", "streamer", "uniqueStreamer"]);
    const item = (await api.get(`/api/box/${boxId}`, { token: owner.access })).body;
    assert.deepEqual(body.resource, item);
    assert.equal(body.resource.boxId, boxId);
    assert.equal(body.resource.title, "Play me");
    assert.equal(body.result, "PLAY");
    assert.equal(body.mimeType, "application/x-mpegurl");
    assert.equal(body.srcs.length, 1);
    assert.deepEqual(Object.keys(body.srcs[0]).sort(), ["mimeType", "streamer", "uniqueStreamer"]);
    assert.equal(body.srcs[0].mimeType, "application/x-mpegurl");
    for (const url of [body.file, body.streamer, body.uniqueStreamer, body.srcs[0].streamer, body.srcs[0].uniqueStreamer]) {
      assert.equal(url, body.streamer);
    }
    assert.ok(body.streamer.startsWith(`${server.url}/media/`), body.streamer);
    const signed = parseSigned(body.streamer);
    assert.equal(signed.tree, "hls");
    assert.equal(signed.box, boxId);
    assert.equal(signed.file, "master.m3u8");
    assert.match(signed.owner, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    // default lifetime: 4 hours
    const ttl = signed.exp - Date.now() / 1000;
    assert.ok(ttl > 4 * 3600 - 60 && ttl <= 4 * 3600 + 1, `ttl ${ttl}`);
    const master = await fetch(body.streamer);
    assert.equal(master.status, 200);
    assert.equal(master.headers.get("content-type"), HLS_TYPE);
  });

  test('players\' variants: no body, {}, "{ }", a stray trackingId, a trailing slash', async () => {
    for (const raw of [undefined, "{}", '"{ }"', JSON.stringify({ trackingId: "abc" })]) {
      const res = await play(boxId, owner.access, { raw, headers: raw ? { "Content-Type": "application/json" } : {} });
      assert.equal(res.status, 200, `${raw}: ${res.text}`);
    }
    const slash = await api.post(`/api/box/${boxId}/play/`, undefined, { token: owner.access });
    assert.equal(slash.status, 200, slash.text);
    // two plays give fresh grants of the same content
    assert.equal(parseSigned(slash.body.streamer).box, boxId);
  });

  test("another user's item, an unknown id, a malformed id: 404 without telling which", async () => {
    const stranger = await newUser(api);
    for (const id of [boxId, randomUUID(), "not-a-uuid"]) {
      const res = await play(id, stranger.access);
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.error, "Not Found");
      assert.equal(res.body.path, `/api/box/${id}/play`);
      assert.match(res.body.timestamp, ISO_INSTANT);
    }
    const theirs = await play(boxId, stranger.access);
    const unknown = await play(randomUUID(), stranger.access);
    assert.equal(theirs.body.message, unknown.body.message);
  });

  test("without a token 401; with a public token 403", async () => {
    assertUnauthorized(await play(boxId));
    assertAccessDenied(await play(boxId, await api.publicToken()));
  });

  test("a FAILED item: 409 with the reason the owner sees, in the caller's language", async () => {
    const failed = (await uploadClip(api, owner.access, makeNotMedia(makeMediaDir()), "Not a video")).boxId;
    let item: any;
    for (let i = 0; i < 120; i++) {
      item = (await api.get(`/api/box/${failed}`, { token: owner.access })).body;
      if (item.status === "FAILED") break;
      await sleep(500);
    }
    assert.equal(item.status, "FAILED", JSON.stringify(item));
    const res = await play(failed, owner.access);
    assert.equal(res.status, 409, res.text);
    assert.equal(res.body.error, "Conflict");
    assert.ok(res.body.message.includes(item.statusReason), `${res.body.message} / ${item.statusReason}`);
    const it = await play(failed, owner.access, { headers: { "Accept-Language": "it" } });
    assert.match(it.body.message, /Non è stato possibile elaborare/);
  });
});
