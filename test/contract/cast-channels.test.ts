// Cast channels and streams over real HTTP: the cast stream path operation, create (201) / read /
// public read / update (locked set and cleared) / delete, another user's (404), stream paths shared
// with live channels (400), trailing slashes, the private and public channel searches, the stream
// search, and the public program search with its segments (onair, upcoming, past, all, none).
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { createChannel, HOUR, newStreamPath } from "./live-fixtures";
import { connect, newUser, sleep, type TestUser } from "./users-fixtures";
import { uniqueWord } from "./vod-fixtures";
import { brk, createCastChannel, createCastStream, DAY, dayOf, dayStart, saveDayOk, SECOND, timed } from "./cast-fixtures";

let api: Api;
let publicToken: string;
let creator: TestUser;
let other: TestUser;

before(async () => {
  ({ api } = await connect());
  [creator, other] = [await newUser(api), await newUser(api)];
  publicToken = await api.publicToken();
});

describe("cast channels", () => {
  test("stream path; create, read, public read, update with locked, delete; trailing slashes; 404 for another user", async () => {
    const generated = await api.get("/api/public/cast/streampath/?base=Movie%20Night", { token: publicToken });
    assert.equal(generated.status, 200, generated.text);
    assert.match(generated.body.streamPath, /^movie-night-[0-9a-f]{12}$/);
    const res = await api.post(
      "/api/cast/channel/",
      {
        name: " Movie Night ",
        streamPath: generated.body.streamPath,
        description: "Films",
        tags: ["film"],
        channelId: "x",
        locked: "false",
        publisher: {},
      },
      { token: creator.access },
    );
    assert.equal(res.status, 201, res.text);
    const { channelId, streamingBaseUrl, ...rest } = res.body;
    assert.match(streamingBaseUrl, /^https?:\/\/.+\/cast$/);
    assert.deepEqual(rest, {
      name: "Movie Night",
      description: "Films",
      locked: false,
      streamPath: generated.body.streamPath,
      tags: ["film"],
    });
    assert.deepEqual((await api.get(`/api/cast/channel/${channelId}/`, { token: creator.access })).body, res.body);
    const pub = await api.get(`/api/public/cast/channel/${channelId}`, { token: publicToken });
    assert.equal(pub.status, 200, pub.text);
    assert.deepEqual(Object.keys(pub.body).sort(), ["channelId", "description", "locked", "name", "publisher", "tags"]);
    assert.equal(pub.body.publisher.userCode, creator.userCode);
    assert.equal((await api.get(`/api/cast/channel/${channelId}`, { token: other.access })).status, 404);
    assert.equal((await api.post(`/api/cast/channel/${channelId}`, res.body, { token: other.access })).status, 404);
    // clients post the whole channel back: locked true, then the same without locked (unlocked)
    const locked = await api.post(`/api/cast/channel/${channelId}`, { ...res.body, locked: true }, { token: creator.access });
    assert.equal(locked.status, 200, locked.text);
    assert.equal(locked.body.locked, true);
    const { locked: _l, description: _d, ...bare } = locked.body;
    const updated = await api.post(`/api/cast/channel/${channelId}`, bare, { token: creator.access });
    assert.deepEqual(updated.body, { ...bare, locked: false }, "an absent description is cleared, an absent locked unlocks");
    assert.equal((await api.delete(`/api/cast/channel/${channelId}`, { token: other.access })).status, 404);
    assert.equal((await api.delete(`/api/cast/channel/${channelId}/`, { token: creator.access })).status, 204);
    assert.equal((await api.get(`/api/cast/channel/${channelId}`, { token: creator.access })).status, 404);
  });

  test("a stream path held by a live channel, a cast channel or a stream is refused to all three (400 on streamPath); required fields", async () => {
    const liveChannel = await createChannel(api, creator);
    const castChannel = await createCastChannel(api, creator);
    const stream = await createCastStream(api, creator);
    for (const streamPath of [liveChannel.streamPath, castChannel.streamPath, stream.streamPath]) {
      for (const path of ["/api/cast/channel", "/api/cast/stream", "/api/live/channel"]) {
        const res = await api.post(path, { name: "Taken", streamPath }, { token: other.access });
        assert.equal(res.status, 400, res.text);
        assert.deepEqual(
          res.body.errors.map((e: any) => e.field),
          ["streamPath"],
        );
      }
    }
    // its own path is kept on update
    const kept = await api.post(`/api/cast/channel/${castChannel.channelId}`, castChannel, { token: creator.access });
    assert.equal(kept.status, 200, kept.text);
    const missing = await api.post("/api/cast/channel", {}, { token: creator.access });
    assert.equal(missing.status, 400, missing.text);
    assert.deepEqual(missing.body.errors.map((e: any) => e.field).sort(), ["name", "streamPath"]);
  });

  test("deleting a channel removes its programming", async () => {
    const channel = await createCastChannel(api, creator);
    const day = await saveDayOk(api, creator, channel.channelId, "20300115", [
      timed(dayStart("20300115"), dayStart("20300115") + HOUR, brk()),
    ]);
    assert.equal((await api.delete(`/api/cast/channel/${channel.channelId}`, { token: creator.access })).status, 204);
    const program = await api.get(`/api/cast/program/${day.programs[0].programId ?? "none"}`, { token: creator.access });
    assert.equal(program.status, 404);
  });

  test("private search (own channels, words, tags, by name) and public search (userCode, publisher words)", async () => {
    const word = uniqueWord();
    const [b, a] = [
      await createCastChannel(api, creator, { name: `B ${word}`, tags: ["t1"] }),
      await createCastChannel(api, creator, { name: `A ${word}` }),
    ];
    await createCastChannel(api, other, { name: `Other ${word}` });
    const own = await api.post("/api/search/cast/channels/", { queryString: `${word}` }, { token: creator.access });
    assert.equal(own.status, 200, own.text);
    assert.deepEqual(
      own.body.items.map((c: any) => c.channelId),
      [a.channelId, b.channelId],
    );
    assert.equal(own.body.totalCount, 2);
    const tagged = await api.post("/api/search/cast/channels", { queryString: word, tags: ["t1"] }, { token: creator.access });
    assert.deepEqual(
      tagged.body.items.map((c: any) => c.channelId),
      [b.channelId],
    );
    const pub = await api.post("/api/public/search/cast/channels", { queryString: word, pageSize: 10 }, { token: publicToken });
    assert.equal(pub.body.totalCount, 3);
    assert.ok(pub.body.items.every((c: any) => c.publisher && c.streamPath === undefined));
    const mine = await api.post(
      "/api/public/search/cast/channels",
      { queryString: word, userCode: creator.userCode },
      { token: publicToken },
    );
    assert.equal(mine.body.totalCount, 2);
    const byPublisher = await api.post(
      "/api/public/search/cast/channels",
      { queryString: `${creator.userCode} ${word}` },
      { token: publicToken },
    );
    assert.equal(byPublisher.body.totalCount, 2);
    const nobody = await api.post("/api/public/search/cast/channels", { userCode: "nobody-at-all" }, { token: publicToken });
    assert.equal(nobody.body.totalCount, 0);
  });
});

describe("cast streams", () => {
  test("create, read, update, search, delete; another user's is a 404", async () => {
    const word = uniqueWord();
    const streamPath = await newStreamPath(api, creator.access, "Studio");
    const res = await api.post("/api/cast/stream/", { name: `Studio ${word}`, streamPath, tags: ["cam"] }, { token: creator.access });
    assert.equal(res.status, 201, res.text);
    const { streamId, streamingBaseUrl, ...rest } = res.body;
    assert.match(streamingBaseUrl, /^rtmp:\/\/.+\/cast$/);
    assert.deepEqual(rest, { name: `Studio ${word}`, streamPath, tags: ["cam"] });
    assert.deepEqual((await api.get(`/api/cast/stream/${streamId}`, { token: creator.access })).body, res.body);
    assert.equal((await api.get(`/api/cast/stream/${streamId}`, { token: other.access })).status, 404);
    const updated = await api.post(`/api/cast/stream/${streamId}`, { ...res.body, description: "Main camera" }, { token: creator.access });
    assert.equal(updated.body.description, "Main camera");
    const found = await api.post("/api/search/cast/streams", { queryString: "main camera" }, { token: creator.access });
    assert.deepEqual(
      found.body.items.map((s: any) => s.streamId),
      [streamId],
    );
    assert.equal((await api.post("/api/search/cast/streams", { queryString: "main camera" }, { token: other.access })).body.totalCount, 0);
    assert.equal((await api.delete(`/api/cast/stream/${streamId}`, { token: other.access })).status, 404);
    assert.equal((await api.delete(`/api/cast/stream/${streamId}`, { token: creator.access })).status, 204);
  });
});

describe("program search", () => {
  test("segments onair, upcoming, past, all and none, by start time; channel and user filters; words; breaks left out", async () => {
    const stream = await createCastStream(api, creator);
    const channel = await createCastChannel(api, creator);
    const word = uniqueWord();
    const live = (title: string) => ({ programType: "LIVE", sourceId: stream.streamId, title: `${title} ${word}` });
    // yesterday: one past program; today: a break from 00:00:00, then a program on air until ten minutes
    // from now or the day's end (a day lasts at most 24 hours); tomorrow at 02:00: an upcoming one.
    // In the last two minutes of a day (UTC), wait for the next one: the program would end too soon.
    const untilMidnight = dayStart(dayOf(Date.now())) + DAY - Date.now();
    if (untilMidnight < 2 * 60_000) await sleep(untilMidnight + SECOND);
    const now = Date.now();
    const today = dayOf(now);
    const t0 = dayStart(today);
    const onAirStart = Math.max(t0 + SECOND, Math.floor((now - HOUR) / SECOND) * SECOND);
    const onAirEnd = Math.min(Math.ceil((now + 10 * 60_000) / SECOND) * SECOND, t0 + DAY);
    await saveDayOk(api, creator, channel.channelId, dayOf(now - DAY), [timed(t0 - DAY, t0 - DAY + HOUR, live("Past"))]);
    await saveDayOk(api, creator, channel.channelId, today, [
      timed(t0, onAirStart, brk(`Pause ${word}`)),
      timed(onAirStart, onAirEnd, live("Now")),
    ]);
    await saveDayOk(api, creator, channel.channelId, dayOf(now + DAY), [timed(t0 + DAY + 2 * HOUR, t0 + DAY + 3 * HOUR, live("Next"))]);
    const search = async (segment: string | undefined, body: Record<string, unknown> = {}) => {
      const res = await api.post(
        `/api/public/search/cast/programs${segment ? `/${segment}` : ""}`,
        { channelId: channel.channelId, ...body },
        { token: publicToken },
      );
      assert.equal(res.status, 200, res.text);
      return res.body.items.map((p: any) => p.title.split(" ")[0]);
    };
    assert.deepEqual(await search("onair"), ["Now"]);
    assert.deepEqual(await search("upcoming"), ["Next"]);
    assert.deepEqual(await search("past"), ["Past"]);
    assert.deepEqual(await search("all"), ["Past", "Now", "Next"]);
    assert.deepEqual(await search(undefined), ["Now", "Next"]);
    assert.deepEqual(await search("ALL/", { queryString: "next" }), ["Next"]);
    // the channel's and the publisher's words find its programs without those filters
    const words = await api.post(
      "/api/public/search/cast/programs/all",
      { queryString: `${word}`, userCode: creator.userCode },
      { token: publicToken },
    );
    assert.equal(words.body.totalCount, 3);
    const byChannel = await api.post(
      "/api/public/search/cast/programs/all",
      { queryString: `${channel.name.split(" ")[1]}` },
      { token: publicToken },
    );
    assert.equal(byChannel.body.totalCount, 3);
    const item = byChannel.body.items[1];
    assert.equal(item.channel.channelId, channel.channelId);
    assert.equal(item.channel.publisher.userCode, creator.userCode);
    assert.deepEqual(item.stream, { streamId: stream.streamId, name: stream.name });
    assert.equal((await api.post("/api/public/search/cast/programs/soon", {}, { token: publicToken })).status, 400);
  });
});
