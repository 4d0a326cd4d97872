// Playing live channels and events over real HTTP: FREE for any token, the channel play resolving
// the event on air (NOT_ON_AIR with the channel and the next event otherwise), the owner's `test`,
// PAY_PER_VIEW tickets through the payments core (PAYMENT_REQUIRED, pay, sandbox checkout, play
// {trackingId} on the event and on the channel; a trackingId of another event refused; a signed-in
// buyer's ticket without it), the owner, and an event over without a recording.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { payThroughSandbox } from "../support/checkout";
import { sharedKinora } from "../support/server";
import { parseSigned, signAs } from "./playback-fixtures";
import { assertDependants, createChannel, createEvent, HOUR, MINUTE, ticketRequest, toSecond } from "./live-fixtures";
import { connect, ISO_INSTANT, newUser, type TestUser } from "./users-fixtures";

let api: Api;
let baseUrl: string;
let publicToken: string;
let creator: TestUser;
let viewer: TestUser;

before(async () => {
  ({ api } = await connect());
  baseUrl = (await sharedKinora()).url;
  [creator, viewer] = [await newUser(api), await newUser(api)];
  publicToken = await api.publicToken();
});

type Res = { status: number; body: any; text: string };
const playChannel = (channelId: string, token: string, body?: unknown, path: "public" | "private" = "public") =>
  api.post(path === "public" ? `/api/public/live/channel/${channelId}/play` : `/api/live/channel/${channelId}/play`, body, { token });
const playEvent = (eventId: string, token: string, body?: unknown, path: "public" | "private" = "public") =>
  api.post(path === "public" ? `/api/public/live/event/${eventId}/play` : `/api/live/event/${eventId}/play`, body, { token });
const pay = (eventId: string, token: string, path: "public" | "private" = "public") =>
  api.post(path === "public" ? `/api/public/live/event/${eventId}/pay` : `/api/live/event/${eventId}/pay`, ticketRequest(api), { token });

/** PLAY with the channel's signed live master playlist, resource the event. */
function assertPlaysLive(res: Res, channel: any, eventId?: string): void {
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(Object.keys(res.body).sort(), ["file", "mimeType", "resource", "result", "srcs", "streamer", "uniqueStreamer"]);
  assert.equal(res.body.result, "PLAY");
  if (eventId) assert.equal(res.body.resource.eventId, eventId);
  assert.equal(res.body.srcs.length, 1);
  assert.equal(res.body.srcs[0].mimeType, "application/x-mpegurl");
  const signed = parseSigned(res.body.srcs[0].uniqueStreamer);
  assert.deepEqual([signed.tree, signed.box, signed.file, signed.owner], ["live", channel.channelId, "master.m3u8", signed.bandOwner]);
  for (const key of ["streamer", "file", "uniqueStreamer"]) assert.equal(res.body[key], res.body.srcs[0].uniqueStreamer);
  assert.ok(res.body.streamer.startsWith(`${baseUrl}/media/`));
}

function assertPaymentRequired(res: Res, event: any): void {
  assert.equal(res.status, 200, res.text);
  assert.deepEqual(Object.keys(res.body).sort(), ["message", "resource", "result"]);
  assert.equal(res.body.result, "PAYMENT_REQUIRED");
  assert.equal(res.body.message, "This event is pay-per-view: buy a ticket to watch it");
  assert.equal(res.body.resource.eventId, event.eventId);
  assert.equal(res.body.resource.pricePerView, event.pricePerView);
}

describe("FREE events and the channel play", () => {
  test("an event on air plays for any token on every path, before the stream arrives (the playlist is not there yet)", async () => {
    const channel = await createChannel(api, creator);
    const now = Date.now();
    const event = await createEvent(api, creator, channel.channelId, now - MINUTE, now + HOUR);
    for (const res of [
      await playChannel(channel.channelId, publicToken),
      await playChannel(channel.channelId, viewer.access, {}, "private"),
      await api.post(`/api/public/live/channel/${channel.channelId}/play/`, { trackingId: "0".repeat(32) }, { token: viewer.access }),
      await playEvent(event.eventId, publicToken, "{ }"),
      await playEvent(event.eventId, viewer.access, undefined, "private"),
    ])
      assertPlaysLive(res, channel, event.eventId);
    const pub = await playChannel(channel.channelId, publicToken);
    assert.equal(pub.body.resource.channel.publisher.userCode, creator.userCode, "public paths show the public view");
    assert.equal(pub.body.resource.onAir, true);
    const priv = await playEvent(event.eventId, viewer.access, {}, "private");
    assert.equal(priv.body.resource.channel.publisher, undefined);
    // signed as the edge checks it (serving the live tree is the ingest's: the file appears while the channel publishes)
    const signed = parseSigned(pub.body.streamer);
    const server = await sharedKinora();
    assert.equal(signAs(server, "live", signed.owner, signed.box, signed.exp, signed.bandOwner, signed.notBefore), `${signed.basePath}`);
    // the event's window: from its start to its end plus 10 s (no other event follows it)
    assert.deepEqual([signed.notBefore, signed.exp], [toSecond(now - MINUTE) / 1000, toSecond(now + HOUR) / 1000 + 10]);
    assert.equal((await playChannel(channel.channelId, publicToken, {}, "private")).status, 403);
    assert.equal((await api.post(`/api/public/live/channel/${channel.channelId}/play`)).status, 401);
  });

  test("no event on air: NOT_ON_AIR with the channel and the next event (none after the last)", async () => {
    const channel = await createChannel(api, creator);
    const now = Date.now();
    await createEvent(api, creator, channel.channelId, now - 2 * HOUR, now - HOUR);
    const later = await createEvent(api, creator, channel.channelId, now + 3 * HOUR, now + 4 * HOUR, { name: "Later" });
    const next = await createEvent(api, creator, channel.channelId, now + HOUR, now + 2 * HOUR, { name: "Next" });
    const res = await playChannel(channel.channelId, publicToken);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body).sort(), ["message", "nextEvent", "resource", "result"]);
    assert.equal(res.body.result, "NOT_ON_AIR");
    assert.equal(res.body.message, "No event is on air on this channel now");
    assert.deepEqual(res.body.resource, (await api.get(`/api/public/live/channel/${channel.channelId}`, { token: publicToken })).body);
    assert.deepEqual(res.body.nextEvent, (await api.get(`/api/public/live/event/${next.eventId}`, { token: publicToken })).body);
    const own = await playChannel(channel.channelId, creator.access, {}, "private");
    assert.equal(own.body.result, "NOT_ON_AIR");
    assert.equal(own.body.resource.streamPath, channel.streamPath, "the private path shows the private view");
    for (const e of [next, later]) assert.equal((await api.delete(`/api/live/event/${e.eventId}`, { token: creator.access })).status, 204);
    const none = await playChannel(channel.channelId, publicToken);
    assert.deepEqual(Object.keys(none.body).sort(), ["message", "resource", "result"]);
  });

  test("test: the owner's live sources, resource the channel; 404 for anyone else", async () => {
    const channel = await createChannel(api, creator);
    const res = await api.post(`/api/live/channel/${channel.channelId}/test`, undefined, { token: creator.access });
    assertPlaysLive(res, channel);
    assert.deepEqual(res.body.resource, channel);
    assert.equal((await api.post(`/api/live/channel/${channel.channelId}/test/`, {}, { token: viewer.access })).status, 404);
    assert.equal((await api.post(`/api/live/channel/${channel.channelId}/test`, {}, { token: publicToken })).status, 403);
  });

  test("an event that is over without a recording: NOT_ON_AIR for the audience; a FREE event has nothing to pay", async () => {
    const channel = await createChannel(api, creator);
    const now = Date.now();
    const over = await createEvent(api, creator, channel.channelId, now - 2 * HOUR, now - HOUR);
    const res = await playEvent(over.eventId, viewer.access);
    assert.equal(res.body.result, "NOT_ON_AIR");
    assert.equal(res.body.message, "This event is over and has no replay");
    assertPlaysLive(await playEvent(over.eventId, creator.access, {}, "private"), channel, over.eventId);
    const free = await pay(over.eventId, viewer.access);
    assert.equal(free.status, 400, free.text);
    assert.equal(free.body.message, "This event is free: play it without paying");
  });
});

describe("PAY_PER_VIEW tickets", () => {
  let channel: any;
  let event: any;
  let otherEvent: any;

  before(async () => {
    channel = await createChannel(api, creator);
    const now = Date.now();
    event = await createEvent(api, creator, channel.channelId, now - MINUTE, now + HOUR, {
      paymentMode: "PAY_PER_VIEW",
      pricePerView: "4,90",
    });
    const second = await createChannel(api, creator);
    otherEvent = await createEvent(api, creator, second.channelId, now - MINUTE, now + HOUR, {
      paymentMode: "PAY_PER_VIEW",
      pricePerView: "1,00",
    });
  });

  test("PAYMENT_REQUIRED, pay, sandbox checkout, play {trackingId} on the event and on the channel; another event's trackingId is refused", async () => {
    assertPaymentRequired(await playEvent(event.eventId, publicToken), event);
    assertPaymentRequired(await playChannel(channel.channelId, publicToken), event);
    assertPlaysLive(await playEvent(event.eventId, creator.access, {}, "private"), channel, event.eventId);
    assertPlaysLive(await playChannel(channel.channelId, creator.access, {}, "private"), channel, event.eventId);

    const started = await pay(event.eventId, publicToken);
    assert.equal(started.status, 200, started.text);
    assert.deepEqual(Object.keys(started.body).sort(), ["embedded", "mobile", "resource", "trackingId", "url"]);
    assert.match(started.body.trackingId, /^[0-9a-f]{32}$/);
    assert.equal(started.body.url, `${baseUrl}/checkout/${started.body.trackingId}`);
    assert.deepEqual(started.body.resource, (await api.get(`/api/public/live/event/${event.eventId}`, { token: publicToken })).body);
    const { trackingId, url } = started.body;
    assertPaymentRequired(await playEvent(event.eventId, publicToken, { trackingId }), event); // not paid yet

    const checkoutPage = await (await fetch(url)).text();
    assert.match(checkoutPage, new RegExp(event.name));
    const back = await payThroughSandbox(url, trackingId);
    assert.ok(back.startsWith(`${api.url}/back`));
    assertPlaysLive(await playEvent(event.eventId, publicToken, { trackingId }), channel, event.eventId);
    assertPlaysLive(await playChannel(channel.channelId, publicToken, { trackingId }), channel, event.eventId);
    assertPlaysLive(await playEvent(event.eventId, publicToken, { trackingId }), channel, event.eventId); // a replay plays again

    // a ticket of this event opens nothing else
    assertPaymentRequired(await playEvent(otherEvent.eventId, publicToken, { trackingId }), otherEvent);
    // nor does another event's ticket open this one
    const otherStarted = await pay(otherEvent.eventId, publicToken);
    await payThroughSandbox(otherStarted.body.url, otherStarted.body.trackingId);
    assertPaymentRequired(await playEvent(event.eventId, publicToken, { trackingId: otherStarted.body.trackingId }), event);
    assertPaymentRequired(await playChannel(channel.channelId, publicToken, { trackingId: otherStarted.body.trackingId }), event);
  });

  test("a signed-in buyer plays without the trackingId; their ticket is not another user's; the owner pays nothing", async () => {
    const buyer = await newUser(api);
    const started = await pay(event.eventId, buyer.access, "private");
    assert.equal(started.status, 200, started.text);
    assert.equal(started.body.resource.publicEvent, true, "the private path's view");
    await payThroughSandbox(started.body.url, started.body.trackingId);
    assertPlaysLive(await playEvent(event.eventId, buyer.access, {}, "private"), channel, event.eventId);
    assertPlaysLive(await playChannel(channel.channelId, buyer.access), channel, event.eventId);
    assertPaymentRequired(await playEvent(event.eventId, viewer.access, { trackingId: started.body.trackingId }), event);
    const own = await pay(event.eventId, creator.access, "private");
    assert.equal(own.status, 400, own.text);
    assert.equal(own.body.message, "This is your own event: you play it without paying");
  });

  test("an event whose ticket holders may still watch it cannot be deleted (409); one without tickets can", async () => {
    // `event` has tickets sold by the tests above and has not ended
    const path = `/api/live/event/${event.eventId}`;
    const message = "This event has 2 ticket(s) sold whose holders may still watch it"; // the public buyer's and the signed-in buyer's
    assertDependants(await api.delete(path, { token: creator.access }), path, message, ISO_INSTANT);
    assert.equal((await api.get(path, { token: creator.access })).status, 200, "still there");
    const unsold = await createEvent(api, creator, channel.channelId, Date.now() + 10 * HOUR, Date.now() + 11 * HOUR, {
      name: "Unsold",
      paymentMode: "PAY_PER_VIEW",
      pricePerView: "3,00",
    });
    assert.equal((await api.delete(`/api/live/event/${unsold.eventId}`, { token: creator.access })).status, 204);
  });
});
