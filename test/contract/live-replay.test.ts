// The replay of a recorded live event, on a server of its own (the recording's link and the
// clock's passing are set with SQL: on PGlite with the server stopped). The recording is INGEST's
// job; here an event is linked to a READY box item of its owner (made with the upload fixtures)
// the way the recording links it (LiveEvent.recordingBoxItemId). A ticket bought while the event
// was on air plays the replay with no second payment for REPLAY_ACCESS_DAYS after the end; others
// get PAYMENT_REQUIRED (FREE events: PLAY); the owner plays; past the days, nothing is sold or played.
import assert from "node:assert/strict";
import { test } from "node:test";
import { payThroughSandbox } from "../support/checkout";
import { ownServer } from "../support/own-server";
import { portalSignIn } from "../support/portal-session";
import { parseSigned, walkLadder } from "./playback-fixtures";
import { createChannel, createEvent, HOUR, MINUTE, ticketRequest } from "./live-fixtures";
import { newUser } from "./users-fixtures";
import { readyItem } from "./vod-fixtures";

const { api, sql, relogin } = ownServer();

const playEvent = (eventId: string, token: string, body: unknown = {}) =>
  api().post(`/api/public/live/event/${eventId}/play`, body, { token });

/** PLAY with the recording's signed HLS ladder (as box and vod play sign it), resource the event. */
async function assertReplay(res: { status: number; body: any; text: string }, eventId: string, boxId: string): Promise<void> {
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.result, "PLAY", res.text);
  assert.equal(res.body.resource.eventId, eventId);
  const signed = parseSigned(res.body.srcs[0].uniqueStreamer);
  assert.deepEqual([signed.tree, signed.box, signed.file], ["hls", boxId, "master.m3u8"]);
  const { bytes } = await walkLadder(res.body.streamer);
  assert.ok(bytes > 1000, `the recording plays (${bytes} bytes)`);
}

test("a ticket holder watches the replay of a recorded event for REPLAY_ACCESS_DAYS, others pay; FREE replays play for all", async () => {
  let [creator, buyer, stranger] = [await newUser(api()), await newUser(api()), await newUser(api())];
  const recording = await readyItem(api(), creator.access, { title: "Recording" });
  const channel = await createChannel(api(), creator);
  const freeChannel = await createChannel(api(), creator);
  const now = Date.now();
  const event = await createEvent(api(), creator, channel.channelId, now - MINUTE, now + HOUR, {
    paymentMode: "PAY_PER_VIEW",
    pricePerView: "3,00",
    recordEvent: true,
  });
  const free = await createEvent(api(), creator, freeChannel.channelId, now - 3 * HOUR, now - 2 * HOUR, { recordEvent: true });

  // a ticket bought while on air
  const started = await api().post(`/api/live/event/${event.eventId}/pay`, ticketRequest(api()), { token: buyer.access });
  assert.equal(started.status, 200, started.text);
  await payThroughSandbox(started.body.url, started.body.trackingId);
  const { trackingId } = started.body;
  assert.equal((await playEvent(event.eventId, buyer.access, { trackingId })).body.result, "PLAY");
  // the portal's player states one window for the ticket, live then replay: REPLAY_ACCESS_DAYS after the end
  const onAir = await fetch(`${api().url}/api/trpc/live.playEvent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: (await portalSignIn(api().url, buyer.userCode, buyer.password)).cookie },
    body: JSON.stringify({ json: { eventId: event.eventId } }),
  });
  const played = (
    (await onAir.json()) as { result: { data: { json: { result: string; accessUntil: string; resource: { endsAt: string } } } } }
  ).result.data.json;
  assert.equal(played.result, "PLAY");
  assert.equal(new Date(played.accessUntil).getTime() - new Date(played.resource.endsAt).getTime(), 7 * 24 * HOUR);

  // the event ended a minute ago and its recording became the READY box item
  await sql(async (q) => {
    await q(
      `UPDATE "LiveEvent" SET "startsAt" = now() - interval '2 hours', "endsAt" = now() - interval '1 minute', "recordingBoxItemId" = $2::uuid WHERE "id" = $1::uuid`,
      [event.eventId, recording.boxId],
    );
    await q(`UPDATE "LiveEvent" SET "recordingBoxItemId" = $2::uuid WHERE "id" = $1::uuid`, [free.eventId, recording.boxId]);
  });
  [creator, buyer, stranger] = [await relogin(creator), await relogin(buyer), await relogin(stranger)];
  const publicToken = await api().publicToken();

  await assertReplay(await playEvent(event.eventId, buyer.access, { trackingId }), event.eventId, recording.boxId);
  await assertReplay(
    await api().post(`/api/live/event/${event.eventId}/play`, {}, { token: buyer.access }),
    event.eventId,
    recording.boxId,
  );
  // a signed-in buyer's ticket is theirs only: a public token presenting its trackingId gets nothing
  assert.equal((await playEvent(event.eventId, publicToken, { trackingId })).body.result, "PAYMENT_REQUIRED");
  await assertReplay(
    await api().post(`/api/live/event/${event.eventId}/play`, {}, { token: creator.access }),
    event.eventId,
    recording.boxId,
  );
  const refused = await playEvent(event.eventId, stranger.access);
  assert.equal(refused.body.result, "PAYMENT_REQUIRED", refused.text);
  assert.equal(refused.body.resource.pricePerView, "3,00");
  const onChannel = await api().post(`/api/public/live/channel/${channel.channelId}/play`, { trackingId }, { token: buyer.access });
  assert.equal(onChannel.body.result, "NOT_ON_AIR", "the channel has nothing on air: the replay is the event's");
  await assertReplay(await playEvent(free.eventId, stranger.access), free.eventId, recording.boxId);
  await assertReplay(await playEvent(free.eventId, publicToken), free.eventId, recording.boxId);

  // the recorded filter of the private search
  const recorded = await api().post("/api/search/live/events", { recorded: true, pastIncluded: true }, { token: creator.access });
  assert.deepEqual(recorded.body.items.map((e: any) => e.eventId).sort(), [event.eventId, free.eventId].sort());

  // REPLAY_ACCESS_DAYS (7) after the end: nothing to watch or buy
  await sql((q) =>
    q(`UPDATE "LiveEvent" SET "startsAt" = now() - interval '8 days 1 hour', "endsAt" = now() - interval '8 days' WHERE "id" = $1::uuid`, [
      event.eventId,
    ]),
  );
  [buyer, stranger] = [await relogin(buyer), await relogin(stranger)];
  const late = await playEvent(event.eventId, buyer.access, { trackingId });
  assert.equal(late.body.result, "NOT_ON_AIR", late.text);
  const latePay = await api().post(`/api/public/live/event/${event.eventId}/pay`, ticketRequest(api()), { token: stranger.access });
  assert.equal(latePay.status, 400, latePay.text);
  assert.equal(latePay.body.message, "This event is over and has no replay to sell");
});
