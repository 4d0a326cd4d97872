// A recorded event whose publish is cut by a crash (kill -9 of the server while the encoder streams):
// nginx-rtmp's end-of-publish callbacks never reach the app, so after the restart the ingest's start
// ends the open session and hands its recorded copy to the recording job. The event still gets its
// READY box item, and the channel takes a new publisher. Deleting the channel then removes its live files.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { after, before, test } from "node:test";
import { Api } from "../support/api";
import { insertLiveChannel, insertLiveEvent, publishTestPattern, startLiveServer, type LiveTestServer } from "../support/live-fixtures";
import { newUser, sleep, type TestUser } from "./users-fixtures";
import { waitForItem } from "./box-fixtures";

let live: LiveTestServer;
let owner: TestUser;
const tag = Math.random().toString(36).slice(2, 8);
const streamPath = `crash-${tag}`;
const PASSWORD = "crash-live-1";
let eventId: string;
let channel: { id: string; ownerId: string };

const api = () => new Api(live.server.url);
const rtmpUrl = () =>
  `rtmp://127.0.0.1:${live.server.rtmpPort}/live/${streamPath}?user=${encodeURIComponent(owner.userCode)}&password=${PASSWORD}`;

before(async () => {
  live = await startLiveServer({ LIVE_RECORDING_GRACE_SECONDS: "1" });
  owner = await newUser(api());
  const profile = { firstName: "Live", lastName: "Tester", birthDate: "01/01/1980", email: owner.email };
  const res = await api().post("/api/user/me", { profile, features: { livePassword: PASSWORD } }, { token: owner.access });
  assert.equal(res.status, 200, res.text);
  await live.sql(async (sql) => {
    channel = await insertLiveChannel(sql, { ownerUserCode: owner.userCode, streamPath });
    const now = Date.now();
    eventId = await insertLiveEvent(sql, {
      channelId: channel.id,
      name: `Cut ${tag}`,
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 3_600_000),
      recordEvent: true,
    });
  });
});

after(async () => {
  await live?.stop();
});

/** The owner's box item titled `title`, once it exists. */
async function itemTitled(title: string, token: string, timeoutMs: number): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const list = await api().post("/api/search/box/contents", { pageSize: 10 }, { token });
    assert.equal(list.status, 200, list.text);
    const item = list.body.items.find((i: any) => i.title === title);
    if (item) return item;
    await sleep(500);
  }
  assert.fail(`no box item "${title}" after ${timeoutMs} ms`);
}

test("kill -9 mid-publish: after the restart the session ends, its copy becomes the event's READY box item, and the channel takes a publisher again", async () => {
  const publisher = publishTestPattern(rtmpUrl(), { seconds: 60 });
  // admitted at once; nginx-rtmp records a few seconds (SQL is not possible meanwhile on PGlite:
  // the database belongs to the running server)
  const early = await Promise.race([publisher.exited, sleep(6000).then(() => undefined)]);
  assert.equal(early, undefined, `the publish was refused: ${publisher.output()}`);
  await live.killAndRestart();
  assert.notEqual(await publisher.exited, 0, "the encoder lost its server");

  // tokens outlive a restart (signed with the instance's key)
  const token = owner.access;
  const item = await itemTitled(`Cut ${tag}`, token, 120_000);
  const ready = await waitForItem(api(), token, item.boxId, (i) => i.status === "READY" || i.status === "FAILED", 120_000);
  assert.equal(ready.status, "READY", JSON.stringify(ready));
  const [m, s] = String(ready.duration).split(":").map(Number);
  assert.ok(m! * 60 + s! >= 3, `the recording holds what was streamed before the crash: ${ready.duration}`);

  const [session] = await live.sql((sql) =>
    sql<{ ended: boolean; open: boolean; consumed: boolean }>(
      `SELECT "endedAt" IS NOT NULL AS ended, "openChannelId" IS NOT NULL AS open, "recordConsumedAt" IS NOT NULL AS consumed
       FROM "LiveSession" WHERE "streamPath" = $1`,
      [streamPath],
    ),
  );
  assert.deepEqual(session, { ended: true, open: false, consumed: true });
  const [event] = await live.sql((sql) =>
    sql<{ recordingBoxItemId: string }>(`SELECT "recordingBoxItemId" FROM "LiveEvent" WHERE "id" = $1`, [eventId]),
  );
  assert.equal(event!.recordingBoxItemId, item.boxId);

  // the channel is free again: a new publish is admitted
  const again = publishTestPattern(rtmpUrl(), { seconds: 2 });
  assert.equal(await again.exited, 0, again.output());
});

test("a deleted channel's live files go with it: its directory in storage and the ingest's playlists of its stream path", async () => {
  const { dataDir } = live.server;
  const dirs = [path.join(dataDir, "storage", "live", channel.ownerId, channel.id), path.join(dataDir, "live", "hls", streamPath)];
  for (const dir of dirs) assert.ok(existsSync(dir), `${dir} exists after a publish`);
  assert.equal((await api().delete(`/api/live/event/${eventId}`, { token: owner.access })).status, 204);
  const deleted = await api().delete(`/api/live/channel/${channel.id}`, { token: owner.access });
  assert.equal(deleted.status, 204, deleted.text);
  for (const dir of dirs) assert.equal(existsSync(dir), false, `${dir} removed with the channel`);
});
