// Audience analytics over real HTTP (issue 28, docs/analytics.md): a play's session in the
// Kinora-Play-Session header (the body keeps the document's shape), beacons counted into views once
// per viewer per 30 minutes, the owner's apart, nothing for forged sessions, bots or beacons faster
// than real time; the reads' shapes (vod, live event, overview), public vod items' views, another
// user's analytics 404; a publishing channel's three viewers, peak 3.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { publishTestPattern } from "../support/live-fixtures";
import { sharedKinora } from "../support/server";
import { createChannel, createEvent, HOUR, MINUTE, setLivePassword } from "./live-fixtures";
import { clip, uploadClip, waitReady } from "./playback-fixtures";
import { publish } from "./vod-fixtures";
import { connect, newUser, type TestUser } from "./users-fixtures";

let api: Api;
let publicToken: string;
let creator: TestUser;
let other: TestUser;

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";
const EDGE = `${CHROME} Edg/131.0.0.0`;
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const SESSION_HEADER = "kinora-play-session";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const today = () => new Date().toISOString().slice(0, 10);

before(async () => {
  ({ api } = await connect());
  [creator, other] = [await newUser(api), await newUser(api)];
  publicToken = await api.publicToken();
});

/** Plays through `path` as `token` with a browser's user agent; the play session from the header. */
async function play(path: string, token: string, userAgent: string): Promise<string> {
  const res = await api.post(path, {}, { token, headers: { "User-Agent": userAgent } });
  assert.equal(res.status, 200, res.text);
  assert.equal(res.body.result, "PLAY", res.text);
  const session = res.headers.get(SESSION_HEADER);
  assert.match(session ?? "", /^ps1\.[\w-]+\.[\w-]+$/);
  return session!;
}

const send = (session: string, userAgent: string, events: unknown[]) =>
  api.post("/api/public/analytics/beacons", { session, events }, { headers: { "User-Agent": userAgent, "Content-Type": "text/plain" } });

/** The beacons of 6 s played from the start, sent 6 s after the play. */
const sixSeconds = [
  { type: "start" },
  { type: "startup", value: 800 },
  { type: "progress", position: 2 },
  { type: "progress", position: 4 },
  { type: "progress", position: 6 },
  { type: "pause", position: 6 },
];

async function eventually<T>(read: () => Promise<T>, ok: (value: T) => boolean, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) assert.fail(`${what}: still ${JSON.stringify(value)}`);
    await sleep(250);
  }
}

describe("a vod's audience", () => {
  let vodId: string;
  before(async () => {
    const item = await uploadClip(api, creator.access, clip(), "Analytics clip"); // 8 s
    await waitReady(api, creator.access, item.boxId);
    vodId = (await publish(api, creator.access, item.boxId, { licenseType: "FREE" })).vodId;
  });

  test("the play result's body keeps the document's shape; the session is in a header", async () => {
    const res = await api.post(`/api/public/vod/${vodId}/play`, {}, { token: publicToken });
    assert.deepEqual(Object.keys(res.body).sort(), ["file", "mimeType", "resource", "result", "srcs", "streamer", "uniqueStreamer"]);
    assert.match(res.headers.get(SESSION_HEADER) ?? "", /^ps1\./);
    const refused = await api.post(`/api/public/vod/${vodId}/preview`, {}, { token: publicToken });
    assert.equal(refused.headers.get(SESSION_HEADER), null, "a preview is no audience play");
  });

  test("views once per viewer per 30 minutes, another viewer counts, the owner's apart; forged, bot and too fast count nothing", async () => {
    const path = `/api/public/vod/${vodId}/play`;
    const played = Date.now();
    const [first, again, second, own, bot, rushed] = await Promise.all([
      play(path, publicToken, CHROME),
      play(path, publicToken, CHROME),
      play(path, publicToken, FIREFOX),
      play(`/api/vod/${vodId}/play`, creator.access, SAFARI),
      play(path, publicToken, BOT),
      play(path, publicToken, EDGE),
    ]);
    // at once: the whole clip in beacons, faster than anyone could watch it
    const fast = await send(rushed, EDGE, [...sixSeconds, { type: "progress", position: 8 }, { type: "end", position: 8 }]);
    assert.equal(fast.status, 204, fast.text);
    const rushedSeconds = (Date.now() - played) / 1000; // the most its beacons can be credited
    for (const forged of [rushed.slice(0, -4) + "AAAA", "ps1.e30.AAAA", "", undefined]) {
      const res = await send(forged as string, CHROME, sixSeconds);
      assert.equal(res.status, 400, `forged ${forged}: ${res.text}`);
      assert.match(res.text, /session/);
    }
    await sleep(6_200);
    for (const [session, userAgent] of [
      [first, CHROME],
      [second, FIREFOX],
      [own, SAFARI],
      [bot, BOT],
    ] as const)
      assert.equal((await send(session, userAgent, sixSeconds)).status, 204);
    assert.equal((await send(second, FIREFOX, [{ type: "rebuffer", value: 600, position: 6 }])).status, 204);
    await sleep(1_200); // the first viewer's view written before their second play's
    assert.equal((await send(again, CHROME, sixSeconds)).status, 204);

    const read = () => api.get(`/api/analytics/vods/${vodId}`, { token: creator.access });
    const res = await eventually(
      read,
      (r) => r.status === 200 && r.body.views === 2 && r.body.ownerViews === 1 && r.body.watchTimeSeconds >= 18,
      "views",
    );
    const a = res.body;
    assert.deepEqual(Object.keys(a).sort(), [
      "averageViewSeconds",
      "ownerViews",
      "rebufferRatio",
      "retention",
      "startupTimeMsP50",
      "uniqueViewers",
      "views",
      "watchTimeSeconds",
    ]);
    assert.equal(a.views, 2, "the same viewer again within 30 minutes: still one view of theirs");
    assert.equal(a.uniqueViewers, 2);
    // three plays of 6 s by the audience (the first viewer twice), and the rushed one's time from its play to its beacons
    assert.ok(
      a.watchTimeSeconds >= 18 && a.watchTimeSeconds <= 18 + rushedSeconds + 0.1,
      `watch time ${a.watchTimeSeconds}, rushed ${rushedSeconds} s`,
    );
    // both rounded to a tenth from the unrounded watch time: half the rounded one is within 0.025 + 0.05 of the average
    assert.ok(
      Math.abs(a.averageViewSeconds - a.watchTimeSeconds / 2) <= 0.08,
      `average ${a.averageViewSeconds}, watch ${a.watchTimeSeconds}`,
    );
    // 6 s of 8: the first fifteen twentieths, for both views
    assert.deepEqual(a.retention, [...new Array(15).fill(1), ...new Array(5).fill(0)]);
    assert.ok(a.startupTimeMsP50 >= 750 && a.startupTimeMsP50 <= 1000, `startup ${a.startupTimeMsP50}`);
    assert.ok(a.rebufferRatio > 0.02 && a.rebufferRatio < 0.04, `rebuffer ratio ${a.rebufferRatio}`);
    assert.equal(a.ownerViews, 1, "the owner's play, counted apart");

    const item = await api.get(`/api/public/vod/${vodId}`, { token: publicToken });
    assert.equal(item.body.views, 2, "public vod items carry their views");
    const overview = await api.get(`/api/analytics/overview?from=${today()}&to=${today()}`, { token: creator.access });
    assert.equal(overview.status, 200, overview.text);
    assert.equal(overview.body.views, 2);
    assert.equal(overview.body.ownerViews, 1);
    assert.deepEqual(
      overview.body.series.map((d: any) => [d.date, d.views, d.uniqueViewers]),
      [[today(), 2, 2]],
    );
  });

  test("the intake's answers: 204 with a request id for a batch; the REST error body for a malformed, mistyped, unstorable or oversized one", async () => {
    // behind the edge the beacon thread answers plain batches itself and leaves every other one to
    // the application (scripts/beacon-thread.mjs): the answers are the same either way
    const session = await play(`/api/public/vod/${vodId}/play`, publicToken, CHROME);
    const raw = (body: string) =>
      api.post("/api/public/analytics/beacons", undefined, { raw: body, headers: { "User-Agent": CHROME, "Content-Type": "text/plain" } });
    const plain = await raw(JSON.stringify({ session, events: [{ type: "start" }] }));
    assert.equal(plain.status, 204, plain.text);
    assert.match(plain.headers.get("x-request-id") ?? "", /^[\w.-]{8,}$/);
    // an escaped character: storable, so taken (by the application)
    const escaped = await raw(`{"session":"${session}","events":[{"type":"error","detail":"caf\\u00e9"}]}`);
    assert.equal(escaped.status, 204, escaped.text);
    const refusals: [string, number, string | null][] = [
      ["nope", 400, null],
      [JSON.stringify({ session, events: [{ type: "progress", position: "4" }] }), 400, "events.0.position"],
      [JSON.stringify({ session, events: new Array(51).fill({ type: "progress", position: 1 }) }), 400, "events"],
      [`{"session":"${session}","events":[{"type":"error","detail":"a\\u0000b"}]}`, 400, "events.0.detail"],
      [JSON.stringify({ events: [] }), 400, "session"],
      [JSON.stringify({ session, events: [{ type: "error", detail: "x".repeat(70_000) }] }), 413, null],
    ];
    for (const [body, status, field] of refusals) {
      const res = await raw(body);
      assert.equal(res.status, status, `${body.slice(0, 80)}: ${res.text}`);
      assert.deepEqual(
        Object.keys(res.body)
          .filter((k) => k !== "errors")
          .sort(),
        ["error", "message", "path", "status", "timestamp"],
      );
      assert.equal(res.body.path, "/api/public/analytics/beacons");
      if (field)
        assert.ok(
          res.body.errors.some((e: { field: string }) => e.field === field),
          `${field} in ${res.text}`,
        );
    }
    assert.equal((await api.get("/api/public/analytics/beacons")).status, 405);
    // the requests are counted under the path's own route (docs/operations.md "Metrics"), not as unmatched
    const counted = async () => {
      const text = await (await fetch(`${api.url}/metrics`)).text();
      return ["204", "400", "413"].filter((code) =>
        text.includes(`http_request_duration_seconds_count{method="POST",route="/api/public/analytics/beacons",status_code="${code}"}`),
      );
    };
    await eventually(counted, (codes) => codes.length === 3, "beacon requests in the metrics");
  });

  test("another user's analytics are 404, as an unknown vod's; a bad range is a 400; a token is needed", async () => {
    const path = `/api/analytics/vods/${vodId}`;
    assert.equal((await api.get(path, { token: other.access })).status, 404);
    assert.equal((await api.get(`/api/analytics/vods/00000000-0000-4000-8000-000000000000`, { token: creator.access })).status, 404);
    assert.equal((await api.get(path)).status, 401);
    for (const query of ["from=2026-02-30", "from=2026-11-02&to=2026-11-01", "from=2020-01-01&to=2026-01-01", "to=yesterday"]) {
      const res = await api.get(`${path}?${query}`, { token: creator.access });
      assert.equal(res.status, 400, `${query}: ${res.text}`);
    }
    const empty = await api.get(`${path}?from=2026-01-01&to=2026-01-31`, { token: creator.access });
    assert.equal(empty.status, 200);
    assert.deepEqual(empty.body.retention, new Array(20).fill(0), "zeros before any view");
    assert.equal(empty.body.views, 0);
    const overview = await api.get("/api/analytics/overview?from=2026-01-01&to=2026-01-03", { token: other.access });
    assert.deepEqual(
      overview.body.series.map((d: any) => d.date),
      ["2026-01-01", "2026-01-02", "2026-01-03"],
      "every day of the range",
    );
  });
});

test("a publishing channel's three viewers: peak 3; the owner's play is not one of them; another user's event 404", async () => {
  const { rtmpPort } = await sharedKinora();
  const password = "analytics-live-1";
  await setLivePassword(api, creator, password);
  const channel = await createChannel(api, creator);
  const event = await createEvent(api, creator, channel.channelId, Date.now() - MINUTE, Date.now() + HOUR);
  const publisher = publishTestPattern(
    `rtmp://127.0.0.1:${rtmpPort ?? 1935}/live/${channel.streamPath}?user=${creator.userCode}&password=${password}`,
    { seconds: 30 },
  );
  try {
    const path = `/api/public/live/channel/${channel.channelId}/play`;
    // the channel publishes: its master playlist lists the ingest's renditions
    const master = (await api.post(path, {}, { token: publicToken })).body.streamer as string;
    await eventually(
      async () => (await fetch(master)).text(),
      (text) => text.includes("#EXT-X-STREAM-INF"),
      "the channel publishing",
      20_000,
    );
    const viewers = [CHROME, FIREFOX, SAFARI] as const;
    const sessions = await Promise.all(viewers.map((ua) => play(path, publicToken, ua)));
    const own = await play(`/api/live/channel/${channel.channelId}/play`, creator.access, EDGE);
    const joined = [{ type: "start" }, { type: "progress", position: 1 }];
    for (const [i, session] of sessions.entries()) assert.equal((await send(session, viewers[i]!, joined)).status, 204);
    assert.equal((await send(own, EDGE, joined)).status, 204);
    const read = () => api.get(`/api/analytics/live/events/${event.eventId}`, { token: creator.access });
    const res = await eventually(read, (r) => r.status === 200 && r.body.peakViewers >= 3, "peak");
    assert.deepEqual(res.body, { peakViewers: 3, views: 0, watchTimeSeconds: res.body.watchTimeSeconds });
    assert.equal(publisher.output().includes("Error"), false, publisher.output());
    assert.equal((await api.get(`/api/analytics/live/events/${event.eventId}`, { token: other.access })).status, 404);
  } finally {
    await publisher.stop();
  }
});
