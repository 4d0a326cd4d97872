// Live ingest with a real encoder (ffmpeg publishing a test pattern with audio over RTMP) on a server
// of its own (its nginx-rtmp on a port of its own; channels and events inserted in its database): the
// publish checks (wrong password, unknown path, another user's path, a second publisher), HLS through
// the signed live tree (the playlist advances), a stop and resume keeping one playlist with a
// discontinuity, the LIVE_TRANSCODE ladder beside the passthrough, and a recorded event becoming a
// READY box item of the stream's duration.
import assert from "node:assert/strict";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { Api } from "../support/api";
import {
  insertLiveChannel,
  insertLiveEvent,
  publishTestPattern,
  startLiveServer,
  type LiveTestServer,
  type Publisher,
} from "../support/live-fixtures";
import type { Kinora } from "../support/server";
import type { Sql } from "../support/database";
import { newUser, sleep, type TestUser } from "./users-fixtures";
import { waitForItem } from "./box-fixtures";
import { signAs } from "./playback-fixtures";
import { createChannel, setLivePassword } from "./live-fixtures";
import { testAdmin } from "./admin-fixtures";
import { eventOf, startReceiver, verified, type Receiver } from "../support/webhook-receiver";

let live: LiveTestServer;
let server: Kinora;
let api: Api;
let owner: TestUser;
let other: TestUser;
const publishers: Publisher[] = [];
const tag = Math.random().toString(36).slice(2, 8);
const paths = { main: `main-${tag}`, rec: `rec-${tag}`, others: `others-${tag}` };
const channels: Record<keyof typeof paths, { id: string; ownerId: string }> = {} as never;
let recordedEventId: string;
// the owner's webhook for the live events (issue 27): live.started, live.ended, live.recording.ready
let hooks: Receiver;
let hookSecret: string;
const PASSWORD = { owner: "owner-live-1", other: "other-live-1" };

const rtmpUrl = (path: string, user: string, password: string) =>
  `rtmp://127.0.0.1:${server.rtmpPort}/live/${path}?user=${encodeURIComponent(user)}&password=${encodeURIComponent(password)}`;

function publish(path: string, user: string, password: string, seconds: number): Publisher {
  const p = publishTestPattern(rtmpUrl(path, user, password), { seconds });
  publishers.push(p);
  return p;
}

/** The channel's signed live base URL, as the play operations hand it out. */
const liveBase = (ch: { id: string; ownerId: string }) =>
  server.url + signAs(server, "live", ch.ownerId, ch.id, Math.floor(Date.now() / 1000) + 3600);

async function fetchText(url: string): Promise<{ status: number; text: string }> {
  const res = await fetch(url);
  return { status: res.status, text: await res.text() };
}

/** Polls `url` until `until` holds for its body (200), or fails after `timeoutMs`. */
async function waitFor(url: string, until: (text: string) => boolean, timeoutMs: number): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  let last = { status: 0, text: "" };
  while (Date.now() < deadline) {
    last = await fetchText(url);
    if (last.status === 200 && until(last.text)) return last.text;
    await sleep(200);
  }
  assert.fail(`${url} not as expected after ${timeoutMs} ms: ${last.status} ${last.text}`);
}

/** SQL on the server's database (on PGlite the server restarts around it: same URL and ports). */
async function withServerDb<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
  const result = await live.sql(fn);
  ({ server } = live);
  api = new Api(server.url);
  return result;
}

const segments = (playlist: string) => playlist.split("\n").filter((l) => l.endsWith(".ts"));
const mediaSequence = (playlist: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(playlist)?.[1] ?? NaN);

before(async () => {
  // LIVE_TRANSCODE: the ladder runs too (cheap for a 320x180 source: rungs never exceed the source)
  live = await startLiveServer({ LIVE_RECORDING_GRACE_SECONDS: "1", LIVE_TRANSCODE: "1" });
  ({ server } = live);
  api = new Api(server.url);
  [owner, other] = await Promise.all([newUser(api), newUser(api)]);
  hooks = await startReceiver();
  const hook = await api.post(
    "/api/webhooks",
    { url: hooks.url, events: ["live.started", "live.ended", "live.recording.ready"] },
    { token: owner.access },
  );
  assert.equal(hook.status, 201, hook.text);
  hookSecret = hook.body.secret;
  await setLivePassword(api, owner, PASSWORD.owner);
  await setLivePassword(api, other, PASSWORD.other);
  await withServerDb(async (sql) => {
    const stored = await sql<{ livePasswordHash: string }>(`SELECT "livePasswordHash" FROM "User" WHERE "userCode" = $1`, [owner.userCode]);
    assert.match(stored[0]!.livePasswordHash, /^\$argon2id\$/, "stored as an argon2id hash");
    channels.main = await insertLiveChannel(sql, { ownerUserCode: owner.userCode, streamPath: paths.main });
    channels.rec = await insertLiveChannel(sql, { ownerUserCode: owner.userCode, streamPath: paths.rec });
    channels.others = await insertLiveChannel(sql, { ownerUserCode: other.userCode, streamPath: paths.others });
    const now = Date.now();
    await insertLiveEvent(sql, {
      channelId: channels.main.id,
      name: "Main event",
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 3_600_000),
    });
    recordedEventId = await insertLiveEvent(sql, {
      channelId: channels.rec.id,
      name: `Recorded ${tag}`,
      startsAt: new Date(now - 60_000),
      endsAt: new Date(now + 3_600_000),
      recordEvent: true,
    });
  });
});

after(async () => {
  await Promise.all(publishers.map((p) => p.stop()));
  await live?.stop();
  await hooks?.close();
});

describe("RTMP publish checks", () => {
  test("a wrong password, an unknown path and another user's path are refused; nothing is served", async () => {
    const attempts = [
      publish(paths.main, owner.userCode, "not-the-password", 3),
      publish(paths.main, owner.userCode, "", 3),
      publish(`nowhere-${tag}`, owner.userCode, PASSWORD.owner, 3),
      publish(paths.others, owner.userCode, PASSWORD.owner, 3), // my credentials, another user's channel
      publish(paths.main, other.userCode, PASSWORD.other, 3), // another user's credentials on my channel
    ];
    const codes = await Promise.all(attempts.map((p) => p.exited));
    for (const [i, code] of codes.entries()) assert.notEqual(code, 0, `attempt ${i} was admitted: ${attempts[i]!.output()}`);
    assert.equal((await fetchText(`${liveBase(channels.main)}master.m3u8`)).status, 404);
    assert.equal((await fetchText(`${liveBase(channels.others)}master.m3u8`)).status, 404);
  });
});

describe("HLS of a publishing channel", () => {
  test("publishing starts HLS through the signed live URL; the playlist advances; a second publisher is refused", async () => {
    const first = publish(paths.main, owner.userCode, PASSWORD.owner, 9);
    const base = liveBase(channels.main);
    const master = await waitFor(`${base}master.m3u8`, (t) => t.includes("src/index.m3u8"), 10_000);
    assert.match(master, /^#EXTM3U/);
    assert.deepEqual(
      master.split("\n").filter((l) => l.endsWith(".m3u8")),
      ["src/index.m3u8", "720p/index.m3u8", "360p/index.m3u8"],
      "the passthrough first, then the ladder (LIVE_TRANSCODE=1)",
    );
    const media = `${base}src/index.m3u8`;
    const early = await waitFor(media, (t) => segments(t).length >= 1, 10_000);
    assert.match(early, /#EXT-X-TARGETDURATION:1\b/, "1 s segments");

    const second = publish(paths.main, owner.userCode, PASSWORD.owner, 3);
    assert.notEqual(await second.exited, 0, `a second publisher was admitted: ${second.output()}`);

    const later = await waitFor(media, (t) => segments(t).length >= segments(early).length + 2, 8_000);
    assert.ok(segments(later).at(-1) !== segments(early).at(-1), "new segments appear");
    // /metrics: the open publish, the stream in the RTMP ingest (the ladder's own streams are not encoders')
    const scrape = await metricsText();
    assert.equal(metricValue(scrape, "kinora_live_publishing_sessions"), 1);
    assert.equal(metricValue(scrape, "kinora_live_ingest_streams"), 1);
    assert.ok(metricValue(scrape, "kinora_live_ingest_bytes_per_second") >= 0, "nginx-rtmp's bw_in (measured over 10 s)");
    const segment = await fetch(new URL(segments(later).at(-1)!, media));
    assert.equal(segment.status, 200);
    assert.equal(segment.headers.get("content-type"), "video/mp2t");
    assert.ok((await segment.arrayBuffer()).byteLength > 1000);
    // the ladder's rungs are made from the passthrough, with segments of their own
    await waitFor(`${base}360p/index.m3u8`, (t) => segments(t).length >= 2, 8_000);
    assert.equal(await first.exited, 0, first.output());
    // a signature for another channel does not open this one
    const foreign = liveBase({ id: channels.others.id, ownerId: channels.main.ownerId });
    assert.equal((await fetchText(`${foreign}src/index.m3u8`)).status, 404);
  });

  test("a stream that stops and resumes keeps one playlist, with a discontinuity", async () => {
    const media = `${liveBase(channels.main)}src/index.m3u8`;
    const before = await waitFor(media, (t) => segments(t).length > 0, 5_000);
    const resumed = publish(paths.main, owner.userCode, PASSWORD.owner, 5);
    const after = await waitFor(
      media,
      (t) => segments(t).length >= segments(before).length + 3 || mediaSequence(t) > mediaSequence(before),
      12_000,
    );
    assert.equal(await resumed.exited, 0, resumed.output());
    const lastBefore = segments(before).at(-1)!;
    const lines = after.split("\n");
    const at = lines.indexOf(lastBefore);
    assert.ok(at >= 0, `the resumed playlist continues the earlier one:\n${before}\n---\n${after}`);
    assert.ok(
      lines.slice(at + 1).some((l) => l === "#EXT-X-DISCONTINUITY"),
      `a discontinuity after the earlier segments:\n${after}`,
    );
  });
});

describe("recording", () => {
  test("a recorded event becomes a READY box item of the stream's duration, linked to the event", async () => {
    const seconds = 6;
    const p = publish(paths.rec, owner.userCode, PASSWORD.owner, seconds);
    assert.equal(await p.exited, 0, p.output());
    let item: any;
    const deadline = Date.now() + 120_000;
    while (!item && Date.now() < deadline) {
      const list = await api.post("/api/search/box/contents", { pageSize: 10 }, { token: owner.access });
      assert.equal(list.status, 200, list.text);
      item = list.body.items.find((i: any) => i.title === `Recorded ${tag}`);
      if (!item) await sleep(500);
    }
    assert.ok(item, "the recording appears in the owner's box");
    const ready = await waitForItem(api, owner.access, item.boxId, (i) => i.status === "READY" || i.status === "FAILED", 120_000);
    assert.equal(ready.status, "READY", JSON.stringify(ready));
    const [m, s] = String(ready.duration).split(":").map(Number);
    assert.ok(Math.abs(m! * 60 + s! - seconds) <= 1, `duration ${ready.duration} for ${seconds} s published`);
    const linked = await withServerDb((sql) =>
      sql<{ recordingBoxItemId: string | null }>(`SELECT "recordingBoxItemId" FROM "LiveEvent" WHERE "id" = $1`, [recordedEventId]),
    );
    assert.equal(linked[0]!.recordingBoxItemId, item.boxId);
    // the owner's webhook heard the stream start and end, and the recording (issue 27)
    const onRec = (data: any) => data.channelId === channels.rec.id;
    const deadline2 = Date.now() + 30_000;
    while (!eventOf(hooks.got, hookSecret, "live.recording.ready", onRec) && Date.now() < deadline2) await sleep(200);
    const [started, ended, recorded] = ["live.started", "live.ended", "live.recording.ready"].map((type) => {
      const got = eventOf(hooks.got, hookSecret, type, onRec);
      assert.ok(got, `${type} of the recorded channel`);
      return verified(hookSecret, got).data;
    });
    assert.equal(started.sessionId, ended.sessionId);
    assert.ok(Date.parse(ended.endedAt) - Date.parse(started.startedAt) >= (seconds - 1) * 1000, JSON.stringify({ started, ended }));
    assert.deepEqual(recorded, { eventId: recordedEventId, channelId: channels.rec.id, boxId: item.boxId, title: `Recorded ${tag}` });
  });
});

describe("moderation (issue 25)", () => {
  test("a channel taken down, or a suspended owner, takes no stream; restored, it publishes again", async () => {
    const admin = await testAdmin(api);
    const channel = await createChannel(api, owner);
    const refused = async (why: string) => {
      const p = publish(channel.streamPath, owner.userCode, PASSWORD.owner, 2);
      assert.notEqual(await p.exited, 0, `${why}: the publish was admitted: ${p.output()}`);
    };
    const down = await api.post(
      "/api/admin/takedowns",
      { targetType: "liveChannel", targetId: channel.channelId, reason: "Rebroadcast of a match" },
      { token: admin.access },
    );
    assert.equal(down.status, 201, down.text);
    await refused("taken down");
    assert.equal((await api.delete(`/api/admin/takedowns/${down.body.takedownId}`, { token: admin.access })).status, 204);

    const suspended = await api.post(`/api/admin/users/${owner.userCode}/suspend`, { reason: "Rebroadcasts" }, { token: admin.access });
    assert.equal(suspended.status, 200, suspended.text);
    await refused("owner suspended");
    assert.equal((await api.post(`/api/admin/users/${owner.userCode}/unsuspend`, {}, { token: admin.access })).status, 200);
    owner = { ...owner, access: (await api.login(owner.userCode, owner.password)).access };

    const admitted = publish(channel.streamPath, owner.userCode, PASSWORD.owner, 2);
    assert.equal(await admitted.exited, 0, `restored: ${admitted.output()}`);
  });
});

describe("an owner deleted while publishing (issue 25)", () => {
  test("the recorded copy, the channel's live files and the channel go; the stream is refused after", async () => {
    const admin = await testAdmin(api);
    const doomed = await newUser(api);
    const password = "doomed-live-1";
    await setLivePassword(api, doomed, password);
    const streamPath = `doomed-${tag}`;
    const ch = await withServerDb(async (sql) => {
      const inserted = await insertLiveChannel(sql, { ownerUserCode: doomed.userCode, streamPath });
      const now = Date.now();
      await insertLiveEvent(sql, {
        channelId: inserted.id,
        name: "Doomed",
        startsAt: new Date(now - 60_000),
        endsAt: new Date(now + 3_600_000),
        recordEvent: true,
      });
      return inserted;
    });
    const p = publish(streamPath, doomed.userCode, password, 8);
    await waitFor(`${liveBase(ch)}master.m3u8`, (t) => t.includes("#EXT-X-STREAM-INF"), 30_000);
    const home = path.join(server.dataDir, "storage", "live", ch.ownerId, ch.id);
    assert.ok(existsSync(home), "the channel's live home while it publishes");

    const deleted = await api.delete(`/api/admin/users/${doomed.userCode}`, { token: admin.access });
    assert.equal(deleted.status, 204, deleted.text);
    assert.equal(await p.exited, 0, p.output());
    const recDir = path.join(server.dataDir, "live", "rec");
    const copies = () => (existsSync(recDir) ? readdirSync(recDir).filter((f) => f.startsWith(streamPath)) : []);
    const deadline = Date.now() + 20_000;
    while ((existsSync(home) || copies().length > 0) && Date.now() < deadline) await sleep(200);
    assert.equal(existsSync(home), false, "the live home is removed");
    assert.deepEqual(copies(), [], "the recorded copy of a deleted channel is removed");
    assert.equal((await fetchText(`${liveBase(ch)}master.m3u8`)).status, 404);
    const again = publish(streamPath, doomed.userCode, password, 2);
    assert.notEqual(await again.exited, 0, `a deleted account's stream was admitted: ${again.output()}`);
  });
});

describe("guessing a live password", () => {
  test("after LOGIN_MAX_FAILURES wrong passwords from one address, even the right one is refused", async () => {
    // the other user's own channel, after the tests above: five wrong guesses, one after the other
    const before = metricValue(await metricsText(), "kinora_rate_limited_total", 'limit="live"');
    for (let i = 0; i < 5; i++) {
      const guess = publish(paths.others, other.userCode, `guess-${i}`, 3);
      assert.notEqual(await guess.exited, 0, `guess ${i} was admitted: ${guess.output()}`);
    }
    const right = publish(paths.others, other.userCode, PASSWORD.other, 3);
    assert.notEqual(await right.exited, 0, "the right password was admitted during the lock");
    assert.equal(metricValue(await metricsText(), "kinora_rate_limited_total", 'limit="live"'), before + 1, "the refusal counted");
    assert.equal((await fetchText(`${liveBase(channels.others)}master.m3u8`)).status, 404);
  });
});

/** The web process's /metrics (the test is a loopback peer). */
async function metricsText(): Promise<string> {
  const res = await fetch(`${server.url}/metrics`);
  assert.equal(res.status, 200);
  return res.text();
}

/** One sample's value (`labels` as exposed, e.g. `limit="live"`), 0 when absent. */
function metricValue(text: string, name: string, labels?: string): number {
  const line = text.split("\n").find((l) => l.startsWith(labels ? `${name}{${labels}} ` : `${name} `));
  return line ? Number(line.slice(line.lastIndexOf(" ") + 1)) : 0;
}
