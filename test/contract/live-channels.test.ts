// Live channels over real HTTP: the stream path operation, create (201) / read / public read /
// update / delete (409 with the supplement's exception while events exist), another user's channel
// (404), trailing slashes, the private search (`public` filter) and the public one (rule 2,
// userCode, the publisher's words), both without paging parameters.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { sharedKinora } from "../support/server";
import { assertDependants, createChannel, createEvent, eventBody, HOUR, newStreamPath } from "./live-fixtures";
import { assertValidation, connect, ISO_INSTANT, newUser, UUID, type TestUser } from "./users-fixtures";
import { uniqueWord } from "./vod-fixtures";

let api: Api;
let publicToken: string;
let creator: TestUser;
let other: TestUser;
let host: string;
/** The test server's RTMP port (its own per server; RTMP_PORT's default 1935 elsewhere). */
let rtmpPort: number;

before(async () => {
  ({ api } = await connect());
  [creator, other] = [await newUser(api), await newUser(api)];
  publicToken = await api.publicToken();
  host = new URL(api.url).hostname;
  rtmpPort = (await sharedKinora()).rtmpPort ?? 1935;
});

describe("stream path", () => {
  test("a URL-safe slug of the base with a random suffix, unique per call; without base, 'live-'", async () => {
    const first = await api.get("/api/public/live/streampath?base=Friday%20N%C3%AFght%20Live!", { token: publicToken });
    assert.equal(first.status, 200, first.text);
    assert.deepEqual(Object.keys(first.body), ["streamPath"]);
    assert.match(first.body.streamPath, /^friday-night-live-[0-9a-f]{12}$/);
    const second = await newStreamPath(api, creator.access, "Friday Nïght Live!");
    assert.notEqual(second, first.body.streamPath);
    const bare = await api.get("/api/public/live/streampath/", { token: publicToken });
    assert.equal(bare.status, 200, bare.text);
    assert.match(bare.body.streamPath, /^live-[0-9a-f]{12}$/);
    const long = await newStreamPath(api, publicToken, `${"x".repeat(300)}`);
    assert.ok(long.length <= 64 && /^[a-z0-9][a-z0-9_-]+$/.test(long), long);
    assert.equal((await api.get("/api/public/live/streampath?base=a")).status, 401);
  });
});

describe("create, read, update, delete", () => {
  test("201 with the channel; private and public reads; lenient bodies; trailing slashes", async () => {
    const streamPath = await newStreamPath(api, creator.access, "Morning show");
    const res = await api.post(
      "/api/live/channel/",
      {
        name: " Morning show ",
        streamPath,
        description: "Every morning",
        public: "false",
        tags: ["news", "morning"],
        channelId: "x",
        streamingBaseUrl: "rtmp://evil/live",
        publisher: { userCode: "someone" },
      },
      { token: creator.access },
    );
    assert.equal(res.status, 201, res.text);
    const { channelId, ...rest } = res.body;
    assert.match(channelId, UUID);
    assert.deepEqual(rest, {
      name: "Morning show",
      description: "Every morning",
      streamingBaseUrl: `rtmp://${host}:${rtmpPort}/live`,
      streamPath,
      public: false,
      tags: ["news", "morning"],
    });
    assert.deepEqual((await api.get(`/api/live/channel/${channelId}`, { token: creator.access })).body, res.body);
    assert.deepEqual((await api.get(`/api/live/channel/${channelId}/`, { token: creator.access })).body, res.body);
    // a channel that is not public is only left out of listings: its link works
    const pub = await api.get(`/api/public/live/channel/${channelId}`, { token: publicToken });
    assert.equal(pub.status, 200, pub.text);
    assert.deepEqual(pub.body, {
      channelId,
      name: "Morning show",
      description: "Every morning",
      tags: ["news", "morning"],
      publisher: { userCode: creator.userCode, licenseExpired: false },
    });
    assert.deepEqual((await api.get(`/api/public/live/channel/${channelId}`, { token: other.access })).body, pub.body);
  });

  test("validation: name and streamPath required, streamPath URL-safe and unique, thumbnailId one of the caller's", async () => {
    const path = "/api/live/channel";
    assertValidation(await api.post(path, {}, { token: creator.access }), path, [
      { field: "name", defaultMessage: "is required" },
      { field: "streamPath", defaultMessage: "is required" },
    ]);
    const bad = "must be 3 to 64 lower-case letters, digits, '-' or '_', starting with a letter or digit";
    for (const streamPath of ["Has Space", "UPPER", "a/b", "-lead", "ab", "x".repeat(65)])
      assertValidation(await api.post(path, { name: "n", streamPath }, { token: creator.access }), path, [
        { field: "streamPath", defaultMessage: bad },
      ]);
    const taken = (await createChannel(api, other)).streamPath;
    assertValidation(await api.post(path, { name: "n", streamPath: taken }, { token: creator.access }), path, [
      { field: "streamPath", defaultMessage: "is already used by another channel" },
    ]);
    assertValidation(
      await api.post(
        path,
        { name: "n", streamPath: `p${uniqueWord()}`, thumbnailId: "7f1d2c9e-0000-4000-8000-000000000000" },
        { token: creator.access },
      ),
      path,
      [{ field: "thumbnailId", defaultMessage: "is not one of your thumbnails" }],
    );
  });

  test("update: the same fields (absent optionals cleared), a taken streamPath refused; another user's channel is 404", async () => {
    const channel = await createChannel(api, creator, { description: "before", tags: ["a"] });
    const path = `/api/live/channel/${channel.channelId}`;
    const streamPath = await newStreamPath(api, creator.access, "renamed");
    const res = await api.post(path, { name: "Renamed", streamPath, public: false, streamingBaseUrl: "x" }, { token: creator.access });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, {
      channelId: channel.channelId,
      name: "Renamed",
      streamingBaseUrl: channel.streamingBaseUrl,
      streamPath,
      public: false,
    });
    const foreign = await createChannel(api, other);
    assertValidation(await api.post(path, { name: "x", streamPath: foreign.streamPath }, { token: creator.access }), path, [
      { field: "streamPath", defaultMessage: "is already used by another channel" },
    ]);
    const theirs = `/api/live/channel/${foreign.channelId}`;
    for (const res of [
      await api.get(theirs, { token: creator.access }),
      await api.post(theirs, { name: "mine", streamPath: foreign.streamPath }, { token: creator.access }),
      await api.delete(theirs, { token: creator.access }),
      await api.post(`${theirs}/test`, {}, { token: creator.access }),
      await api.post(`${theirs}/event`, eventBody(Date.now() + HOUR, Date.now() + 2 * HOUR), { token: creator.access }),
    ])
      assert.equal(res.status, 404, res.text);
    assert.equal((await api.get(theirs, { token: other.access })).body.name, foreign.name, "unchanged");
    assert.equal((await api.get(`/api/live/channel/not-a-uuid`, { token: creator.access })).status, 404);
    assert.equal((await api.get(theirs, { token: publicToken })).status, 403);
    assert.equal((await api.get(theirs)).status, 401);
  });

  test("delete: 409 with the supplement's exception while the channel has events (past ones too); 204 once they are gone", async () => {
    const channel = await createChannel(api, creator);
    const path = `/api/live/channel/${channel.channelId}`;
    const now = Date.now();
    const past = await createEvent(api, creator, channel.channelId, now - 3 * HOUR, now - 2 * HOUR);
    const next = await createEvent(api, creator, channel.channelId, now + HOUR, now + 2 * HOUR);
    assertDependants(
      await api.delete(path, { token: creator.access }),
      path,
      "This channel has 2 event(s): delete them first",
      ISO_INSTANT,
    );
    assert.equal((await api.delete(`/api/live/event/${past.eventId}`, { token: creator.access })).status, 204);
    assertDependants(
      await api.delete(`${path}/`, { token: creator.access }),
      `${path}/`,
      "This channel has 1 event(s): delete them first",
      ISO_INSTANT,
    );
    assert.equal((await api.delete(`/api/live/event/${next.eventId}/`, { token: creator.access })).status, 204);
    const gone = await api.delete(path, { token: creator.access });
    assert.equal(gone.status, 204, gone.text);
    assert.equal(gone.text, "");
    assert.equal((await api.get(path, { token: creator.access })).status, 404);
    assert.equal((await api.get(`/api/public/live/channel/${channel.channelId}`, { token: publicToken })).status, 404);
  });
});

describe("searches", () => {
  let word: string;
  let listed: any;
  let unlisted: any;
  let tagged: any;
  let searcher: TestUser;

  before(async () => {
    word = uniqueWord("live");
    searcher = await newUser(api);
    listed = await createChannel(api, searcher, { name: `Alpha ${word}`, tags: ["music"] });
    unlisted = await createChannel(api, searcher, { name: `Beta ${word}`, public: false });
    tagged = await createChannel(api, searcher, { name: "Gamma", description: `about ${word}`, tags: ["music", "jazz"] });
    await createChannel(api, other, { name: `Other ${word}` });
  });

  const names = (res: { status: number; body: any; text: string }) => {
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.totalCount, res.body.items.length);
    return res.body.items.map((c: any) => c.name);
  };

  test("private: the caller's channels by relevance then name; public filter; tags; prefix; defaults without paging", async () => {
    const search = (body: unknown, path = "/api/search/live/channels") => api.post(path, body, { token: searcher.access });
    const all = await search({});
    assert.deepEqual(names(all), [`Alpha ${word}`, `Beta ${word}`, "Gamma"], "by name without a query");
    assert.equal(all.body.pageSize, 10);
    assert.equal(all.body.pageIndex, 0);
    assert.equal(all.body.pageCount, 1);
    assert.deepEqual(all.body.items[0], listed);
    assert.deepEqual(
      names(await search({ queryString: word })),
      [`Alpha ${word}`, `Beta ${word}`, "Gamma"],
      "name matches before description",
    );
    assert.deepEqual(names(await search({ queryString: word, public: "false" }, "/api/search/live/channels/")), [`Beta ${word}`]);
    assert.deepEqual(names(await search({ public: true, tags: ["music"] })), [`Alpha ${word}`, "Gamma"]);
    assert.deepEqual(names(await search({ queryString: "gam*" })), ["Gamma"]);
    assert.deepEqual(
      (await search({ pageSize: "1", pageIndex: "1" })).body.items.map((c: any) => c.name),
      [`Beta ${word}`],
    );
    assert.equal((await search({ pageSize: 1, pageIndex: 1 })).body.totalCount, 3);
    assert.equal((await search({ pageSize: 1, pageIndex: 1 })).body.pageCount, 3);
    assert.equal((await api.post("/api/search/live/channels", {}, { token: publicToken })).status, 403);
  });

  test("public: public channels only (rule 2), publisher view, userCode filter, the publisher's words", async () => {
    const search = (body: unknown) => api.post("/api/public/search/live/channels/", body, { token: publicToken });
    const found = await search({ queryString: word });
    assert.deepEqual(names(found).sort(), [`Alpha ${word}`, "Gamma", `Other ${word}`].sort());
    const alpha = found.body.items.find((c: any) => c.channelId === listed.channelId);
    assert.deepEqual(alpha, {
      channelId: listed.channelId,
      name: listed.name,
      tags: ["music"],
      publisher: { userCode: searcher.userCode, licenseExpired: false },
    });
    assert.deepEqual(names(await search({ queryString: word, userCode: searcher.userCode })), [`Alpha ${word}`, "Gamma"]);
    assert.deepEqual(names(await search({ userCode: searcher.userCode })), [`Alpha ${word}`, "Gamma"]);
    assert.deepEqual(names(await search({ userCode: "nobody-" + word })), []);
    // the publisher's words find the channels (without a userCode filter), after the channels' own matches
    assert.deepEqual(names(await search({ queryString: searcher.userCode })), [`Alpha ${word}`, "Gamma"]);
    assert.ok(!names(await search({ queryString: word })).includes(unlisted.name));
    void tagged;
  });
});
