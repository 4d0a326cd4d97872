// Live events over real HTTP: create (201) / read / public read / update / delete, date-times in and
// out of the X-Service-timezone offset, onAir, validation (overlap of one channel's events is a 400
// on eventDate), another user's events (404), trailing slashes, the private search (channelId,
// public, recorded, pastIncluded, conditions.licenseType, myPlayHlsUrl) and the public one (rules 2
// and 3, userCode, channelId, conditions), both without paging parameters.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { parseSigned } from "./playback-fixtures";
import { createChannel, createEvent, eventBody, HOUR, MINUTE, postEvent, toSecond, tz, wireDateTime } from "./live-fixtures";
import { assertValidation, connect, newUser, UUID, type TestUser } from "./users-fixtures";
import { uniqueWord } from "./vod-fixtures";

let api: Api;
let publicToken: string;
let creator: TestUser;
let other: TestUser;
let channel: any;

const CET = 3_600_000;
const NEW_YORK = -5 * 3_600_000;

before(async () => {
  ({ api } = await connect());
  [creator, other] = [await newUser(api), await newUser(api)];
  publicToken = await api.publicToken();
  channel = await createChannel(api, creator, { tags: ["live"] });
});

describe("create, read, update, delete", () => {
  test("201 with the event, date-times read and written in the caller's offset; private and public reads", async () => {
    const start = toSecond(Date.now() + 24 * HOUR);
    const end = start + 2 * HOUR;
    const res = await postEvent(
      api,
      creator,
      channel.channelId,
      eventBody(
        start,
        end,
        {
          name: " Concert ",
          paymentMode: "pay_per_view",
          pricePerView: "4.90",
          description: "Live from the hall",
          publicEvent: "false",
          recordEvent: "true",
          tags: ["music"],
          onAir: true,
          eventId: "x",
        },
        CET,
      ),
      CET,
    );
    assert.equal(res.status, 201, res.text);
    const { eventId, ...rest } = res.body;
    assert.match(eventId, UUID);
    assert.deepEqual(rest, {
      name: "Concert",
      description: "Live from the hall",
      channel,
      paymentMode: "PAY_PER_VIEW",
      pricePerView: "4,90",
      eventDate: wireDateTime(start, CET),
      endDate: wireDateTime(end, CET),
      onAir: false,
      publicEvent: false,
      recordEvent: true,
      tags: ["music"],
    });
    // the same instants in another offset, and in UTC without the header
    const ny = await api.get(`/api/live/event/${eventId}`, { token: creator.access, headers: tz(NEW_YORK) });
    assert.deepEqual(ny.body, { ...res.body, eventDate: wireDateTime(start, NEW_YORK), endDate: wireDateTime(end, NEW_YORK) });
    const utc = await api.get(`/api/live/event/${eventId}/`, { token: creator.access });
    assert.deepEqual(utc.body.eventDate, wireDateTime(start));
    const pub = await api.get(`/api/public/live/event/${eventId}`, { token: publicToken, headers: tz(CET) });
    assert.equal(pub.status, 200, pub.text);
    const { publicEvent, recordEvent, channel: ownChannel, ...shared } = res.body;
    void [publicEvent, recordEvent, ownChannel];
    assert.deepEqual(pub.body, {
      ...shared,
      channel: {
        channelId: channel.channelId,
        name: channel.name,
        tags: ["live"],
        publisher: { userCode: creator.userCode, licenseExpired: false },
      },
    });
  });

  test("onAir while now is inside the window; a FREE event carries no price", async () => {
    const now = Date.now();
    const onAir = await createEvent(api, creator, channel.channelId, now - 10 * MINUTE, now + 10 * MINUTE, { pricePerView: "3,00" });
    assert.equal(onAir.onAir, true);
    assert.equal(onAir.paymentMode, "FREE");
    assert.equal(onAir.pricePerView, undefined);
    assert.equal(onAir.publicEvent, true);
    assert.equal(onAir.recordEvent, false);
    assert.equal((await api.get(`/api/public/live/event/${onAir.eventId}`, { token: other.access })).body.onAir, true);
    assert.equal((await api.delete(`/api/live/event/${onAir.eventId}`, { token: creator.access })).status, 204);
  });

  test("validation: required fields, date-time shape, end after start, price with PAY_PER_VIEW", async () => {
    const path = `/api/live/channel/${channel.channelId}/event`;
    assertValidation(await postEvent(api, creator, channel.channelId, {}), path, [
      { field: "name", defaultMessage: "is required" },
      { field: "paymentMode", defaultMessage: "is required" },
      { field: "eventDate", defaultMessage: "is required" },
      { field: "endDate", defaultMessage: "is required" },
    ]);
    const start = Date.now() + 50 * HOUR;
    assertValidation(
      await postEvent(api, creator, channel.channelId, {
        ...eventBody(start, start + HOUR),
        paymentMode: "SOMETIMES",
        eventDate: { date: "31/02/2030", time: "10:00:00" },
        endDate: "tomorrow",
      }),
      path,
      [
        { field: "paymentMode", defaultMessage: "must be one of FREE, PAY_PER_VIEW" },
        { field: "eventDate", defaultMessage: "must be a date-time {date: dd/MM/yyyy, time: HH:mm:ss}" },
        { field: "endDate", defaultMessage: "must be a date-time {date: dd/MM/yyyy, time: HH:mm:ss}" },
      ],
    );
    assertValidation(await postEvent(api, creator, channel.channelId, eventBody(start, start)), path, [
      { field: "endDate", defaultMessage: "must be after the event's start" },
    ]);
    assertValidation(await postEvent(api, creator, channel.channelId, eventBody(start, start + 49 * HOUR)), path, [
      { field: "endDate", defaultMessage: "must be at most 48 hours after the event's start" },
    ]);
    assertValidation(
      await postEvent(api, creator, channel.channelId, eventBody(start, start + HOUR, { paymentMode: "PAY_PER_VIEW" })),
      path,
      [{ field: "pricePerView", defaultMessage: "is required" }],
    );
  });

  test("events of one channel must not overlap: 400 on eventDate; touching windows and other channels are fine; update skips itself", async () => {
    const own = await createChannel(api, creator);
    const start = toSecond(Date.now() + 30 * 24 * HOUR);
    const first = await createEvent(api, creator, own.channelId, start, start + 2 * HOUR, { name: "First" });
    const path = `/api/live/channel/${own.channelId}/event`;
    const utcText = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");
    const overlap = `overlaps the event "First" of this channel (${utcText(start)} - ${utcText(start + 2 * HOUR)} UTC)`;
    for (const [from, to] of [
      [start + HOUR, start + 3 * HOUR],
      [start - HOUR, start + MINUTE],
      [start + MINUTE, start + 2 * MINUTE],
      [start - HOUR, start + 3 * HOUR],
    ])
      assertValidation(await postEvent(api, creator, own.channelId, eventBody(from!, to!, {}, CET), CET), path, [
        { field: "eventDate", defaultMessage: overlap },
      ]);
    // the window in another offset is the same window
    assertValidation(await postEvent(api, creator, own.channelId, eventBody(start, start + HOUR, {}, NEW_YORK), NEW_YORK), path, [
      { field: "eventDate", defaultMessage: overlap },
    ]);
    const after = await createEvent(api, creator, own.channelId, start + 2 * HOUR, start + 3 * HOUR, { name: "After" });
    await createEvent(api, creator, own.channelId, start - HOUR, start);
    await createEvent(api, creator, channel.channelId, start, start + 2 * HOUR);

    // update: its own window moves freely, not onto another's
    const update = (e: any, body: Record<string, unknown>, offset = 0) =>
      api.post(`/api/live/event/${e.eventId}`, body, { token: creator.access, headers: tz(offset) });
    const moved = await update(
      first,
      eventBody(start + 30 * MINUTE, start + 2 * HOUR, { name: "First moved", paymentMode: "PAY_PER_VIEW", pricePerView: 2 }, CET),
      CET,
    );
    assert.equal(moved.status, 200, moved.text);
    assert.deepEqual(moved.body.eventDate, wireDateTime(start + 30 * MINUTE, CET));
    assert.equal(moved.body.pricePerView, "2,00");
    assert.equal(moved.body.description, undefined);
    assertValidation(
      await update(after, eventBody(start + HOUR, start + 3 * HOUR, { name: "After" })),
      `/api/live/event/${after.eventId}`,
      [
        {
          field: "eventDate",
          defaultMessage: overlap.replace('"First"', '"First moved"').replace(utcText(start), utcText(start + 30 * MINUTE)), // the date too: 30 minutes may cross midnight
        },
      ],
    );
  });

  test("another user's event is 404 (read, update, delete, create on their channel); tokens as for every private path", async () => {
    const theirChannel = await createChannel(api, other);
    const start = Date.now() + 100 * HOUR;
    const theirs = await createEvent(api, other, theirChannel.channelId, start, start + HOUR);
    const path = `/api/live/event/${theirs.eventId}`;
    for (const res of [
      await api.get(path, { token: creator.access }),
      await api.post(path, eventBody(start, start + HOUR), { token: creator.access }),
      await api.delete(path, { token: creator.access }),
      await postEvent(api, creator, theirChannel.channelId, eventBody(start + 2 * HOUR, start + 3 * HOUR)),
      await api.get(`/api/live/event/${uniqueWord()}`, { token: creator.access }),
    ])
      assert.equal(res.status, 404, res.text);
    assert.equal((await api.get(path, { token: other.access })).status, 200);
    assert.equal((await api.get(path, { token: publicToken })).status, 403);
    assert.equal((await api.get(`/api/public/live/event/${theirs.eventId}`, { token: creator.access })).status, 200);
  });
});

describe("searches", () => {
  let user: TestUser;
  let word: string;
  let a: any; // public channel
  let b: any; // not public channel
  const ev: Record<string, any> = {};

  before(async () => {
    user = await newUser(api);
    word = uniqueWord("ev");
    a = await createChannel(api, user, { name: `Stage ${word}` });
    b = await createChannel(api, user, { name: "Backroom", public: false });
    const now = Date.now();
    ev.past = await createEvent(api, user, a.channelId, now - 5 * HOUR, now - 4 * HOUR, { name: `Past ${word}` });
    ev.onAir = await createEvent(api, user, a.channelId, now - HOUR, now + HOUR, { name: "Now playing", tags: ["jazz"] });
    ev.paid = await createEvent(api, user, a.channelId, now + 2 * HOUR, now + 3 * HOUR, {
      name: `Paid ${word}`,
      paymentMode: "PAY_PER_VIEW",
      pricePerView: 5,
    });
    ev.hidden = await createEvent(api, user, a.channelId, now + 4 * HOUR, now + 5 * HOUR, { name: `Hidden ${word}`, publicEvent: false });
    ev.back = await createEvent(api, user, b.channelId, now + HOUR, now + 2 * HOUR, { name: `Back ${word}` });
  });

  const names = (res: { status: number; body: any; text: string }) => {
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.totalCount, res.body.items.length);
    return res.body.items.map((e: any) => e.name);
  };

  test("private: not ended by default, by start; filters channelId, public, recorded, pastIncluded, conditions; myPlayHlsUrl", async () => {
    const search = (body: unknown, headers = {}) => api.post("/api/search/live/events/", body, { token: user.access, headers });
    const all = await search({}, tz(CET));
    assert.deepEqual(names(all), ["Now playing", `Back ${word}`, `Paid ${word}`, `Hidden ${word}`]);
    const item = all.body.items[0];
    const { myPlayHlsUrl, playUrlExpireDate, ...event } = item;
    assert.deepEqual(event, (await api.get(`/api/live/event/${ev.onAir.eventId}`, { token: user.access, headers: tz(CET) })).body);
    const signed = parseSigned(myPlayHlsUrl);
    assert.deepEqual([signed.tree, signed.owner, signed.box, signed.file], ["live", signed.bandOwner, a.channelId, "master.m3u8"]);
    assert.deepEqual(playUrlExpireDate, wireDateTime(signed.exp * 1000, CET));
    assert.deepEqual(names(await search({ pastIncluded: "true" })), [
      `Past ${word}`,
      "Now playing",
      `Back ${word}`,
      `Paid ${word}`,
      `Hidden ${word}`,
    ]);
    assert.deepEqual(names(await search({ channelId: b.channelId })), [`Back ${word}`]);
    assert.deepEqual(names(await search({ public: false })), [`Hidden ${word}`]);
    assert.deepEqual(names(await search({ conditions: { licenseType: "PAY_PER_VIEW" } })), [`Paid ${word}`]);
    assert.deepEqual(names(await search({ conditions: { licenseType: "FREE" }, tags: ["jazz"] })), ["Now playing"]);
    assert.deepEqual(names(await search({ recorded: true, pastIncluded: true })), []);
    assert.equal(names(await search({ recorded: false, pastIncluded: true })).length, 5);
    // the query: the event's own words rank first (its channel's add to them), a match by the
    // channel only (without a channelId filter) last
    assert.deepEqual(names(await search({ queryString: word })), [`Paid ${word}`, `Hidden ${word}`, `Back ${word}`, "Now playing"]);
    assert.deepEqual(names(await search({ queryString: word, channelId: a.channelId })), [`Paid ${word}`, `Hidden ${word}`]);
    assert.deepEqual(names(await search({ queryString: "stag*", pastIncluded: true })), [
      `Past ${word}`,
      "Now playing",
      `Paid ${word}`,
      `Hidden ${word}`,
    ]);
    assertValidation(await search({ conditions: { licenseType: "CC" } }), "/api/search/live/events/", [
      { field: "conditions.licenseType", defaultMessage: "must be one of FREE, PAY_PER_VIEW" },
    ]);
  });

  test("public: listed events of public channels only (rules 2 and 3), by start; userCode, channelId, conditions", async () => {
    const search = (body: unknown) => api.post("/api/public/search/live/events", body, { token: publicToken });
    const found = await search({ userCode: user.userCode });
    assert.deepEqual(names(found), ["Now playing", `Paid ${word}`]);
    const paid = found.body.items[1];
    assert.equal(paid.pricePerView, "5,00");
    assert.equal(paid.publicEvent, undefined);
    assert.equal(paid.channel.streamPath, undefined);
    assert.equal(paid.channel.publisher.userCode, user.userCode);
    assert.deepEqual(
      names(await search({ queryString: word })),
      ["Now playing", `Paid ${word}`],
      "by the event's or the channel's words, by start",
    );
    assert.deepEqual(names(await search({ queryString: "paid", userCode: user.userCode })), [`Paid ${word}`]);
    assert.deepEqual(names(await search({ queryString: user.userCode })), ["Now playing", `Paid ${word}`], "the publisher's words");
    assert.deepEqual(names(await search({ channelId: a.channelId, conditions: { licenseType: "FREE" } })), ["Now playing"]);
    assert.deepEqual(names(await search({ channelId: b.channelId })), []);
    assert.deepEqual(names(await search({ userCode: user.userCode, pastIncluded: true })), [`Past ${word}`, "Now playing", `Paid ${word}`]);
    assert.deepEqual(names(await search({ userCode: `nobody${word}` })), []);
  });
});
