// A live URL serves the one event it was issued for, during its window (issue 20, finding 1): a
// real ffmpeg encoder publishes to a channel through a FREE event into a PAY_PER_VIEW one that
// follows it; the FREE event's URL plays while it is on air and is refused (playlists and segments)
// once the paid event is, and the URL of a FREE event later on the channel, played before its
// window, is refused meanwhile. Before the fix a live URL was the channel's for hours.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { publishTestPattern, type Publisher } from "../support/live-fixtures";
import { sharedKinora, type Kinora } from "../support/server";
import { createChannel, createEvent, HOUR, setLivePassword, toSecond } from "./live-fixtures";
import { parseSigned, playlistUris } from "./playback-fixtures";
import { connect, newUser, sleep, type TestUser } from "./users-fixtures";

let api: Api;
let server: Kinora;
let creator: TestUser;
let viewer: TestUser;
const publishers: Publisher[] = [];
const LIVE_PASSWORD = "grant-live-1";

before(async () => {
  ({ api } = await connect());
  server = await sharedKinora();
  [creator, viewer] = [await newUser(api), await newUser(api)];
  await setLivePassword(api, creator, LIVE_PASSWORD);
});

after(async () => {
  await Promise.all(publishers.map((p) => p.stop()));
});

const status = async (url: string) => (await fetch(url)).status;

/** GET `url` until `ok` holds for its text (a publish takes a few seconds to reach the playlist). */
async function waitText(url: string, ok: (text: string) => boolean, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    const res = await fetch(url);
    last = `${res.status} ${(await res.clone().text()).slice(0, 200)}`;
    if (res.status === 200) {
      const text = await res.text();
      if (ok(text)) return text;
    }
    await sleep(300);
  }
  throw new Error(`${url}: not ready in ${timeoutMs} ms (last: ${last})`);
}

const segmentsOf = (playlistUrl: string, text: string) => playlistUris(playlistUrl, text).filter((u) => u.endsWith(".ts"));

describe("live URLs are one event's", () => {
  test("a FREE event's URL plays during its window and is refused once a PAY_PER_VIEW event is on air; a later event's URL is refused before its window", async () => {
    const channel = await createChannel(api, creator);
    const now = Date.now();
    const freeEnd = toSecond(now + 16_000);
    const free = await createEvent(api, creator, channel.channelId, now - 60_000, freeEnd);
    const paid = await createEvent(api, creator, channel.channelId, freeEnd, freeEnd + HOUR, {
      paymentMode: "PAY_PER_VIEW",
      pricePerView: "2,00",
    });
    const laterFree = await createEvent(api, creator, channel.channelId, freeEnd + 2 * HOUR, freeEnd + 3 * HOUR);

    const play = async (eventId: string) => {
      const res = await api.post(`/api/live/event/${eventId}/play`, undefined, { token: viewer.access });
      assert.equal(res.status, 200, res.text);
      return res.body;
    };
    const freePlay = await play(free.eventId);
    assert.equal(freePlay.result, "PLAY");
    const freeUrl: string = freePlay.streamer;
    const signed = parseSigned(freeUrl);
    assert.equal(signed.notBefore, toSecond(now - 60_000) / 1000, "the URL opens at the event's start");
    assert.equal(signed.exp, freeEnd / 1000, "it closes at the event's end: the next event starts there, so no grace");
    // a FREE event a day away, played now: its URL will open at its own start only
    const laterPlay = await play(laterFree.eventId);
    assert.equal(laterPlay.result, "PLAY");
    assert.equal(parseSigned(laterPlay.streamer).notBefore, (freeEnd + 2 * HOUR) / 1000);
    assert.equal((await play(paid.eventId)).result, "PAYMENT_REQUIRED");

    // the encoder publishes through the end of the FREE event into the paid one
    const rtmp = `rtmp://127.0.0.1:${server.rtmpPort}/live/${channel.streamPath}?user=${encodeURIComponent(creator.userCode)}&password=${LIVE_PASSWORD}`;
    const publisher = publishTestPattern(rtmp, { seconds: 40 });
    publishers.push(publisher);
    const master = await waitText(freeUrl, (t) => t.includes("index.m3u8"), 12_000);
    const media = playlistUris(freeUrl, master)[0]!;
    const text = await waitText(media, (t) => segmentsOf(media, t).length >= 1, 12_000);
    const early = segmentsOf(media, text).at(-1)!;
    assert.equal(await status(early), 200, "the FREE event plays while it is on air");
    assert.equal(await status(laterPlay.streamer), 403, "a later event's URL does not open before its window");
    assert.ok(Date.now() < freeEnd, "the FREE event was still on air for the checks above (the machine was too slow)");

    // the paid event is on air: the FREE event's URL opens nothing of it
    await sleep(freeEnd - Date.now() + 1500);
    const onAir = await api.post(`/api/live/event/${paid.eventId}/play`, undefined, { token: viewer.access });
    assert.equal(onAir.body.result, "PAYMENT_REQUIRED");
    assert.equal(onAir.body.resource.onAir, true, "the paid event is on air");
    assert.equal(
      publisher.pid > 0 && (await Promise.race([publisher.exited, sleep(0).then(() => "running")])),
      "running",
      publisher.output(),
    );
    assert.equal(await status(freeUrl), 403, "the master under the FREE event's URL");
    assert.equal(await status(media), 403, "the media playlist under the FREE event's URL");
    assert.equal(await status(early), 403, "a segment under the FREE event's URL");
    assert.equal(await status(laterPlay.streamer), 403, "the later event's URL, still before its window");
    // the channel's owner still watches (their own test URL is the channel's)
    const test = await api.post(`/api/live/channel/${channel.channelId}/test`, undefined, { token: creator.access });
    assert.equal(test.status, 200, test.text);
    await waitText(test.body.streamer, (t) => t.includes("index.m3u8"), 5_000);
    await publisher.stop();
  });
});

describe("a live URL lasts one media URL lifetime at most", () => {
  test("an event of ten hours: its URL closes MEDIA_URL_TTL (4 h) after it opens, so a takedown ends it within that time", async () => {
    const channel = await createChannel(api, creator);
    const now = Date.now();
    const onAir = await createEvent(api, creator, channel.channelId, now - 60_000, now + 10 * HOUR);
    const later = await createEvent(api, creator, channel.channelId, now + 24 * HOUR, now + 34 * HOUR);
    const urlOf = async (eventId: string) => {
      const res = await api.post(`/api/live/event/${eventId}/play`, undefined, { token: viewer.access });
      assert.equal(res.body.result, "PLAY", res.text);
      return parseSigned(res.body.streamer);
    };
    const running = await urlOf(onAir.eventId);
    const fromNow = running.exp - Date.now() / 1000;
    assert.ok(fromNow > 4 * 3600 - 10 && fromNow <= 4 * 3600 + 1, `closes ${fromNow} s from now`);
    const ahead = await urlOf(later.eventId);
    assert.equal(ahead.notBefore, toSecond(now + 24 * HOUR) / 1000);
    assert.equal(ahead.exp - ahead.notBefore!, 4 * 3600, "one lifetime from its start");
  });
});
