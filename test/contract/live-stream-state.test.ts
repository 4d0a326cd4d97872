// What the live pages and the Go-live panel say about a stream, with a real encoder (ffmpeg over
// RTMP) on a server of its own: the public stream state (tRPC live.streamState) is "arriving" only
// while the encoder publishes, and not within 15 s of its stop, even inside the event's window; the
// panel's stage goes waiting, receiving, stopped; the whole stream key is revealed to the channel's
// owner only (a live password set through REST is revealable), and Reset makes a new one: the old
// key is refused from then on and the new one publishes. The viewer count (tRPC live.audience):
// pages renewed within the audience's window, one address bounded, the peak kept on the publish
// and stated for the event once its stream has stopped.
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { Api } from "../support/api";
import {
  insertLiveChannel,
  insertLiveEvent,
  publishTestPattern,
  startLiveServer,
  type LiveTestServer,
  type Publisher,
} from "../support/live-fixtures";
import { portalSignIn } from "../support/portal-session";
import { newUser, sleep, type TestUser } from "./users-fixtures";
import { setLivePassword } from "./live-fixtures";

let live: LiveTestServer;
let owner: TestUser;
let stranger: TestUser;
let channelId: string;
let eventId: string;
const publishers: Publisher[] = [];
const tag = Math.random().toString(36).slice(2, 8);
const streamPath = `state-${tag}`;

const url = () => live.server.url;

/** A tRPC call as the portal's client makes it (superjson body), signed in with `cookie` or not. */
async function trpc(kind: "query" | "mutation", path: string, input: unknown, cookie?: string): Promise<{ status: number; data: any }> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const res =
    kind === "query"
      ? await fetch(`${url()}/api/trpc/${path}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`, { headers })
      : await fetch(`${url()}/api/trpc/${path}`, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/json" },
          body: JSON.stringify({ json: input }),
        });
  const body = await res.json();
  return { status: res.status, data: body.result?.data.json ?? body.error?.json };
}

const arriving = async () => (await trpc("query", "live.streamState", { channelId })).data.arriving as boolean;

/** Polls `read` until it gives `want`; the time it took, or a failure after `timeoutMs`. */
async function until<T>(read: () => Promise<T>, want: T, timeoutMs: number): Promise<number> {
  const start = Date.now();
  let last: T | undefined;
  while (Date.now() - start < timeoutMs) {
    last = await read();
    if (last === want) return Date.now() - start;
    await sleep(250);
  }
  assert.fail(`still ${String(last)} after ${timeoutMs} ms (wanted ${String(want)})`);
}

function publish(streamKey: string, seconds: number): Publisher {
  const p = publishTestPattern(`rtmp://127.0.0.1:${live.server.rtmpPort}/live/${streamKey}`, { seconds });
  publishers.push(p);
  return p;
}

before(async () => {
  live = await startLiveServer();
  const api = new Api(url());
  [owner, stranger] = await Promise.all([newUser(api), newUser(api)]);
  await setLivePassword(api, owner, "state-live-1");
  channelId = await live.sql(async (sql) => {
    const channel = await insertLiveChannel(sql, { ownerUserCode: owner.userCode, streamPath });
    eventId = await insertLiveEvent(sql, {
      channelId: channel.id,
      name: "Open mic",
      startsAt: new Date(Date.now() - 60_000),
      endsAt: new Date(Date.now() + 3_600_000),
    });
    return channel.id;
  });
});

after(async () => {
  await Promise.all(publishers.map((p) => p.stop()));
  await live?.stop();
});

test("the stream key is the owner's: revealed whole, reset after which the old key is refused", async () => {
  const ownerCookie = (await portalSignIn(url(), owner.userCode, owner.password)).cookie;
  const strangerCookie = (await portalSignIn(url(), stranger.userCode, stranger.password)).cookie;

  const revealed = await trpc("mutation", "goLive.revealKey", { channelId }, ownerCookie);
  assert.equal(revealed.status, 200);
  assert.equal(revealed.data.streamKey, `${streamPath}?user=${owner.userCode}&password=state-live-1`, "the password set through REST");
  assert.equal((await trpc("mutation", "goLive.revealKey", { channelId }, strangerCookie)).status, 404, "another user's channel");
  assert.equal((await trpc("mutation", "goLive.revealKey", { channelId })).status, 401, "signed out");
  assert.equal((await trpc("mutation", "goLive.resetKey", { channelId }, strangerCookie)).status, 404);

  const reset = await trpc("mutation", "goLive.resetKey", { channelId }, ownerCookie);
  assert.equal(reset.status, 200);
  const newKey: string = reset.data.streamKey;
  assert.match(newKey, new RegExp(`^${streamPath}\\?user=${owner.userCode}&password=[A-Za-z0-9_-]{24}$`));
  assert.equal(
    (await trpc("mutation", "goLive.revealKey", { channelId }, ownerCookie)).data.streamKey,
    newKey,
    "the new key is the one revealed",
  );

  const old = publish(revealed.data.streamKey, 3);
  assert.notEqual(await old.exited, 0, `the old key was admitted: ${old.output()}`);
  const fresh = publish(newKey, 6);
  await until(arriving, true, 15_000);
  await fresh.stop();
  await until(arriving, false, 15_000);
});

test("the stream arrives only while the encoder publishes: within 15 s of its stop it is said stopped, in the event's window", async () => {
  const cookie = (await portalSignIn(url(), owner.userCode, owner.password)).cookie;
  const stage = async () => (await trpc("query", "goLive.status", { channelId }, cookie)).data.stage as string;
  const key = (await trpc("mutation", "goLive.revealKey", { channelId }, cookie)).data.streamKey as string;
  assert.equal((await trpc("query", "live.streamState", { channelId: "00000000-0000-4000-8000-000000000000" })).status, 404);

  const encoder = publish(key, 60);
  await until(arriving, true, 15_000);
  await until(stage, "receiving", 15_000);
  // the stream keeps arriving while it publishes
  await sleep(3000);
  assert.equal(await arriving(), true);

  await encoder.stop();
  const took = await until(arriving, false, 15_000);
  assert.ok(took < 15_000, `said stopped after ${took} ms`);
  assert.equal(await stage(), "stopped", "the event is still on air: the encoder stopped");
});

test("the viewer count: the pages present now, bounded per address, and the peak kept for the event", async () => {
  const cookie = (await portalSignIn(url(), owner.userCode, owner.password)).cookie;
  const key = (await trpc("mutation", "goLive.revealKey", { channelId }, cookie)).data.streamKey as string;
  const onChannel = { kind: "channel", channelId };
  const beat = async (viewer: string, present = true) => {
    const answer = await trpc("mutation", "live.audience", { target: onChannel, viewer, present });
    assert.equal(answer.status, 200, JSON.stringify(answer.data));
    return answer.data as { watching: number; peak: number };
  };
  const page = (name: string) => `${name}-${tag}-0123456789abcdef`;
  assert.equal((await trpc("mutation", "live.audience", { target: onChannel, viewer: "short" })).status, 400, "a key too short");
  assert.equal(
    (
      await trpc("mutation", "live.audience", {
        target: { kind: "channel", channelId: "00000000-0000-4000-8000-000000000000" },
        viewer: page("a"),
      })
    ).status,
    404,
  );

  // counted without a stream too (a page waiting for it); no publish yet had viewers
  assert.deepEqual(await beat(page("a")), { watching: 1, peak: 0 });
  assert.deepEqual(await beat(page("b")), { watching: 2, peak: 0 });
  assert.deepEqual(await beat(page("b")), { watching: 2, peak: 0 }, "a page renewing is the same viewer");
  assert.deepEqual(await beat(page("c"), false), { watching: 2, peak: 0 }, "a page that only reads the count is not counted");

  // pages not renewed within the window are not counted any more (and are swept when a viewer
  // arrives); on PGlite the SQL restarts the server, so it comes before the stream
  const scope = `channel:${channelId}`;
  await live.sql((sql) => sql(`UPDATE "LiveAudience" SET "seenAt" = now() - interval '1 minute' WHERE "scope" = $1`, [scope]));
  assert.deepEqual(await beat(page("a")), { watching: 1, peak: 0 });
  assert.deepEqual(await beat(page("c")), { watching: 2, peak: 0 });
  const rows = await live.sql((sql) => sql<{ n: number }>(`SELECT count(*)::int AS n FROM "LiveAudience" WHERE "scope" = $1`, [scope]));
  assert.equal(rows[0]?.n, 2, "the stale page was swept");

  // while the stream arrives, the most viewers at once is kept on the publish
  const encoder = publish(key, 90);
  await until(arriving, true, 15_000);
  await beat(page("a"));
  assert.deepEqual(await beat(page("c")), { watching: 2, peak: 2 });
  // one address adds at most 25 viewers, however many keys it makes up
  for (let i = 0; i < 30; i++) await beat(page(`bulk${i}`));
  assert.deepEqual(await beat(page("a")), { watching: 25, peak: 25 });

  await encoder.stop();
  await until(arriving, false, 15_000);
  const replay = await trpc("mutation", "live.audience", { target: { kind: "replay", eventId }, viewer: page("a"), present: false });
  assert.equal(replay.status, 200);
  assert.deepEqual(replay.data, { watching: 0, peak: 25 }, "the event's live peak, from the publish in its window");
});
