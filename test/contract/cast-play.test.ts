// Playing cast channels and testing cast streams over REST: the play result's shape on both paths
// (resource the channel as the caller may see it), the owner's channel preview and stream test, and
// the refusals (another user's channel or stream, a deleted or unknown channel: 404).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import type { Api, ApiResponse } from "../support/api";
import { sharedKinora } from "../support/server";
import { parseSigned } from "./playback-fixtures";
import { createCastChannel, createCastStream } from "./cast-fixtures";
import { assertError, connect, newUser, type TestUser } from "./users-fixtures";

let api: Api;
let baseUrl: string;
let publicToken: string;
let owner: TestUser;
let viewer: TestUser;
let channel: any;
let stream: any;

before(async () => {
  ({ api } = await connect());
  baseUrl = (await sharedKinora()).url;
  [owner, viewer] = [await newUser(api), await newUser(api)];
  publicToken = await api.publicToken();
  channel = await createCastChannel(api, owner, { tags: ["news"] });
  stream = await createCastStream(api, owner);
});

/** PLAY with one signed HLS source of `tree` for `id`, every address the same. */
function assertPlays(res: ApiResponse, tree: "cast" | "live", id: string): void {
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(Object.keys(res.body).sort(), ["file", "mimeType", "resource", "result", "srcs", "streamer", "uniqueStreamer"]);
  assert.equal(res.body.result, "PLAY");
  assert.equal(res.body.mimeType, "application/x-mpegurl");
  assert.deepEqual(Object.keys(res.body.srcs[0]).sort(), ["mimeType", "streamer", "uniqueStreamer"]);
  assert.equal(res.body.srcs.length, 1);
  assert.equal(res.body.srcs[0].mimeType, "application/x-mpegurl");
  for (const key of ["streamer", "file", "uniqueStreamer"]) assert.equal(res.body[key], res.body.srcs[0].uniqueStreamer);
  assert.ok(res.body.file.startsWith(`${baseUrl}/media/`), res.body.file);
  const signed = parseSigned(res.body.file);
  assert.deepEqual([signed.tree, signed.box, signed.file], [tree, id, "master.m3u8"]);
  assert.equal(signed.owner, signed.bandOwner, "the owner's band pays");
}

const publicKeys = ["channelId", "locked", "name", "publisher", "tags"];
const privateKeys = ["channelId", "locked", "name", "streamPath", "streamingBaseUrl", "tags"];

describe("channel play", () => {
  test("the public path plays for any token, resource the public view of the channel", async () => {
    for (const token of [publicToken, viewer.access, owner.access]) {
      const res = await api.post(`/api/public/cast/channel/${channel.channelId}/play`, {}, { token });
      assertPlays(res, "cast", channel.channelId);
      assert.deepEqual(Object.keys(res.body.resource).sort(), publicKeys);
      assert.equal(res.body.resource.publisher.userCode, owner.userCode);
    }
  });

  test("the private path: the owner sees the private view, another user the public one; no body, {} or a string body", async () => {
    const own = await api.post(`/api/cast/channel/${channel.channelId}/play`, undefined, { token: owner.access });
    assertPlays(own, "cast", channel.channelId);
    assert.deepEqual(Object.keys(own.body.resource).sort(), privateKeys);
    assert.equal(own.body.resource.streamPath, channel.streamPath);
    const other = await api.post(`/api/cast/channel/${channel.channelId}/play`, undefined, { token: viewer.access, raw: "{ }" });
    assertPlays(other, "cast", channel.channelId);
    assert.deepEqual(Object.keys(other.body.resource).sort(), publicKeys);
  });

  test("an unknown, malformed or deleted channel is 404 on both paths", async () => {
    const doomed = await createCastChannel(api, owner);
    assert.equal((await api.delete(`/api/cast/channel/${doomed.channelId}`, { token: owner.access })).status, 204);
    for (const id of [randomUUID(), "not-an-id", doomed.channelId]) {
      for (const path of [`/api/public/cast/channel/${id}/play`, `/api/cast/channel/${id}/play`]) {
        const res = await api.post(path, {}, { token: viewer.access });
        assertError(res, 404, "Cast channel not found", path);
      }
    }
  });
});

describe("owner previews", () => {
  test("channel test: the owner's preview of the output, resource the private channel; 404 for another user", async () => {
    const res = await api.post(`/api/cast/channel/${channel.channelId}/test`, undefined, { token: owner.access });
    assertPlays(res, "cast", channel.channelId);
    assert.deepEqual(Object.keys(res.body.resource).sort(), privateKeys);
    const path = `/api/cast/channel/${channel.channelId}/test`;
    assertError(await api.post(path, {}, { token: viewer.access }), 404, "Cast channel not found", path);
  });

  test("stream test: the stream's live HLS (the ingest's live tree), resource the stream; 404 for another user", async () => {
    const res = await api.post(`/api/cast/stream/${stream.streamId}/test`, {}, { token: owner.access });
    assertPlays(res, "live", stream.streamId);
    assert.deepEqual(res.body.resource, stream);
    const path = `/api/cast/stream/${stream.streamId}/test`;
    assertError(await api.post(path, {}, { token: viewer.access }), 404, "Cast stream not found", path);
    const unknown = `/api/cast/stream/${randomUUID()}/test`;
    assertError(await api.post(unknown, {}, { token: owner.access }), 404, "Cast stream not found", unknown);
  });
});
