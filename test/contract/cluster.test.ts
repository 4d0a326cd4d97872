// One instance on several nodes (docs/deploy.md): two web nodes (A, B) behind the nginx balancer that
// ops/nginx/balancer.conf.template ships, a job worker and an ingest node, each `npm start` with its own
// KINORA_ROLES and DATA_DIR, on one PostgreSQL database and one S3 bucket (s3rver). PostgreSQL only:
// one PGlite process is one node. Live: encoders publish to the ingest node, whose disk holds the HLS;
// A and B fetch it from there (media/live/live-origin.ts), and the recording goes through storage to the worker.
import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import autocannon from "autocannon";
import { Api } from "../support/api";
import { startBalancer, type Balancer } from "../support/balancer";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import { s3StorageEnv, startS3rver, type S3rver } from "../support/s3rver";
import { freePort, startKinora, type Kinora } from "../support/server";
import { preparePostgres } from "../../scripts/test-postgres";
import { isFinal, tusCreate, tusHead, tusPatch, uploadFile, waitForItem } from "./box-fixtures";
import { createCastChannel, dayOf, saveDayOk, SECOND, timed } from "./cast-fixtures";
import { playWhenReady, uploadClip, waitReady, walkLadder } from "./playback-fixtures";
import { newUser, postToken, sleep } from "./users-fixtures";
import { startCacheTier } from "../support/cache-tier";
import { signedMediaBase } from "../../src/server/media/edge/media-url.mjs";
import { publishTestPattern } from "../support/live-fixtures";
import { createChannel, createEvent, setLivePassword } from "./live-fixtures";

const postgres = Boolean(process.env.DATABASE_URL);

describe("one instance on several nodes", { skip: !postgres && "PostgreSQL only: one PGlite process is one node" }, () => {
  let s3: S3rver | undefined;
  let ownDb: { url: string; drop(): Promise<void> } | undefined;
  let balancer: Balancer | undefined;
  let shared: Record<string, string> = {};
  const running = new Set<Kinora>();
  let a: Kinora, b: Kinora, worker: Kinora, ingest: Kinora;
  /** A client of the instance, through the balancer. */
  let api: Api;
  const mediaSecret = randomBytes(32).toString("base64url");
  /** The signed master playlist of the item the upload test played: its path. */
  let vodMaster: string | undefined;

  const start = async (env: Record<string, string>, readyLine?: RegExp) => {
    const node = await startKinora({ ...shared, ...env }, readyLine ? { readyLine } : {});
    running.add(node);
    return node;
  };

  before(async () => {
    s3 = await startS3rver(mkdtempSync(path.join(os.tmpdir(), "kinora-s3-")), "media");
    ownDb = await preparePostgres();
    const balancerPort = await freePort();
    // every node: the same database, bucket and public address (the balancer's); a short job lease, so
    // a killed worker's job is taken by another within seconds
    shared = {
      DATABASE_URL: ownDb.url,
      ...s3StorageEnv(s3, "media"),
      PUBLIC_URL: `http://127.0.0.1:${balancerPort}`,
      SMTP_URL: "",
      JOB_LEASE_SECONDS: "10",
      LIVE_RECORDING_GRACE_SECONDS: "1",
      // the caching tier checks signatures with it too
      MEDIA_SECRET: mediaSecret,
    };
    a = await start({ KINORA_ROLES: "web" });
    b = await start({ KINORA_ROLES: "web" });
    worker = await start({ KINORA_ROLES: "worker" }, /Kinora worker ready/);
    ingest = await start({ KINORA_ROLES: "ingest" }, /Kinora node ready: ingest/);
    balancer = await startBalancer(balancerPort, [new URL(a.url).port, new URL(b.url).port].map(Number));
    api = new Api(balancer.url);
  });
  after(async () => {
    await balancer?.stop();
    for (const node of [...running].reverse()) await node.stop();
    await s3?.stop();
    await ownDb?.drop();
  });

  test("every role is alive: a web node's readiness through the balancer names one worker and one ingest node", async () => {
    const ready = (await (await fetch(`${balancer!.url}/readyz`)).json()) as { status: string; checks: Record<string, { alive?: number }> };
    assert.equal(ready.status, "ok");
    assert.deepEqual([ready.checks.worker?.alive, ready.checks.ingest?.alive], [1, 1]);
  });

  test("registered through A, logged in through B: the tokens work on every node", async () => {
    const u = await newUser(new Api(a.url));
    const { access } = await new Api(b.url).login(u.userCode, u.password);
    for (const base of [a.url, b.url, balancer!.url]) {
      const me = await new Api(base).get("/api/user/me", { token: access });
      assert.equal(me.status, 200, `${base}: ${me.text}`);
      assert.equal(me.body.userCode, u.userCode);
    }
  });

  test("one refresh token used at once through A and through B: both rotate it, in the same family", async () => {
    const u = await newUser(api);
    const [viaA, viaB] = await Promise.all([
      postToken(new Api(a.url), { grant_type: "refresh_token", refresh_token: u.refresh }),
      postToken(new Api(b.url), { grant_type: "refresh_token", refresh_token: u.refresh }),
    ]);
    for (const r of [viaA, viaB]) assert.equal(r.status, 200, r.text);
    assert.notEqual(viaA.body.refresh_token, viaB.body.refresh_token);
    // each new refresh token works on the other node
    for (const [r, other] of [
      [viaA, b],
      [viaB, a],
    ] as const) {
      const next = await postToken(new Api(other.url), { grant_type: "refresh_token", refresh_token: r.body.refresh_token });
      assert.equal(next.status, 200, next.text);
    }
  });

  test("an upload through the balancer is ingested by the worker and plays through A, B and the balancer", async () => {
    const u = await newUser(api);
    const item = await uploadClip(api, u.access);
    await waitReady(api, u.access, item.boxId);
    const played = await playWhenReady(new Api(a.url), u.access, item.boxId);
    const master = new URL(played.streamer);
    assert.equal(master.origin, balancer!.url, "signed for the public address");
    vodMaster = master.pathname;
    for (const base of [a.url, b.url, balancer!.url]) {
      const { segmentUrls, bytes } = await walkLadder(base + master.pathname);
      assert.ok(segmentUrls.length > 0 && bytes > 10_000, `${base}: ${bytes} bytes`);
    }
  });

  test("the worker killed mid-ingest: another worker finishes the job", async () => {
    const u = await newUser(api);
    const clip = makeH264AacMp4(makeMediaDir("kinora-cluster-"), { durationSeconds: 12, width: 1280, height: 720 });
    const res = await uploadFile(api, u.access, clip);
    assert.equal(res.status, 201, res.text);
    const boxId: string = res.body.boxId;
    const mid = await waitForItem(api, u.access, boxId, (i) => i.progress >= 18 || isFinal(i), 120_000);
    assert.equal(mid.status, "PROCESSING", "killed while the ladder runs");
    process.kill(worker.pid!, "SIGKILL");
    await worker.exited;
    running.delete(worker);
    worker = await start({ KINORA_ROLES: "worker" }, /Kinora worker ready/);
    const item = await waitForItem(api, u.access, boxId, isFinal, 240_000);
    assert.equal(item.status, "READY", JSON.stringify(item));
  });

  test("RTMP to the ingest node: the live channel plays through A and B, and the recorded event lands in the box", async () => {
    const owner = await newUser(api);
    await setLivePassword(api, owner, "cluster-live-1");
    const apiA = new Api(a.url);
    const channel = await createChannel(apiA, owner);
    assert.equal(channel.streamingBaseUrl, `rtmp://127.0.0.1:${ingest.rtmpPort}/live`, "encoders are sent to the ingest node (its HOST)");
    const event = await createEvent(api, owner, channel.channelId, Date.now() - 60_000, Date.now() + 3_600_000, { recordEvent: true });
    const seconds = 8;
    let liveOwnerId: string | undefined;
    const publisher = publishTestPattern(
      `rtmp://127.0.0.1:${ingest.rtmpPort}/live/${channel.streamPath}?user=${owner.userCode}&password=cluster-live-1`,
      { seconds },
    );
    try {
      const played = await new Api(b.url).post(`/api/public/live/channel/${channel.channelId}/play`, {}, { token: owner.access });
      assert.equal(played.status, 200, played.text);
      const master = new URL(played.body.streamer);
      assert.equal(master.origin, balancer!.url, "signed for the public address");
      liveOwnerId = master.pathname.split("/")[6];
      const variantPath = new URL("src/index.m3u8", master).pathname;
      /** `path` through `base` once it answers 200 with a body that `until` accepts (404 meanwhile: the stream is on its way). */
      const waitFor = async (base: string, path: string, until: (text: string) => boolean) => {
        const deadline = Date.now() + 20_000;
        while (Date.now() < deadline) {
          const res = await fetch(base + path);
          if (res.status === 200) {
            const text = await res.text();
            if (until(text)) return text;
          } else assert.equal(res.status, 404, `${base}${path}: ${res.status}`);
          await sleep(250);
        }
        assert.fail(`${base}${path}: not as expected after 20 s`);
      };
      const segments = (playlist: string) => playlist.split("\n").filter((l) => l.endsWith(".ts"));
      // neither web node has the stream on its disk
      for (const base of [a.url, b.url]) {
        assert.match(await waitFor(base, master.pathname, () => true), /src\/index\.m3u8/);
        const names = segments(await waitFor(base, variantPath, (text) => segments(text).length >= 2));
        const segment = await fetch(new URL(names.at(-1)!, base + variantPath));
        assert.equal(segment.status, 200);
        assert.equal(segment.headers.get("content-type"), "video/mp2t");
        assert.ok((await segment.arrayBuffer()).byteLength > 1000);
      }
      // a wrong signature is refused before any node is asked
      const forged = master.pathname.replace(/^\/media\/([^/]+)\/[^/]+/, "/media/$1/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
      assert.equal((await fetch(b.url + forged)).status, 403);
      assert.equal(await publisher.exited, 0, publisher.output());
    } finally {
      await publisher.stop();
    }
    // the recording: moved from the ingest node's disk into the bucket, made a box item by the worker
    let item: { boxId: string } | undefined;
    const deadline = Date.now() + 120_000;
    while (!item && Date.now() < deadline) {
      const list = await api.post("/api/search/box/contents", { pageSize: 10 }, { token: owner.access });
      assert.equal(list.status, 200, list.text);
      item = list.body.items.find((i: { title: string }) => i.title === event.name);
      if (!item) await sleep(500);
    }
    assert.ok(item, "the recording appears in the owner's box");
    const ready = await waitForItem(api, owner.access, item.boxId, isFinal, 120_000);
    assert.equal(ready.status, "READY", JSON.stringify(ready));
    const [m, s] = String(ready.duration).split(":").map(Number);
    assert.ok(Math.abs(m! * 60 + s! - seconds) <= 1, `duration ${ready.duration} for ${seconds} s published`);
    // the channel deleted through A: its files go from the ingest node's disk too
    const ownerId = liveOwnerId!;
    const home = path.join(ingest.dataDir, "storage", "live", ownerId, channel.channelId);
    const hls = path.join(ingest.dataDir, "live", "hls", channel.streamPath);
    assert.ok(existsSync(home) && existsSync(hls), "the ingest node has the stream's files");
    assert.equal((await apiA.delete(`/api/live/event/${event.eventId}`, { token: owner.access })).status, 204);
    assert.equal((await apiA.delete(`/api/live/channel/${channel.channelId}`, { token: owner.access })).status, 204);
    for (const until = Date.now() + 3000; (existsSync(home) || existsSync(hls)) && Date.now() < until;) await sleep(50);
    assert.deepEqual([existsSync(home), existsSync(hls)], [false, false], "removed from the ingest node");
  });

  test("the caching tier: one copy of a file for every viewer's URL, a bad signature refused before any edge", async () => {
    assert.ok(vodMaster, "the upload test played an item");
    const tier = await startCacheTier(
      await freePort(),
      [a.url, b.url].map((u) => Number(new URL(u).port)),
      mediaSecret,
    );
    try {
      // two viewers of the item: URLs that differ (their expiry), signed as the play operation signs them
      const [, , , , tree, band, owner, box] = vodMaster.split("/");
      assert.equal(tree, "hls");
      const viewer = (expires: number) =>
        signedMediaBase(mediaSecret, "hls", { bandOwnerId: band!, ownerId: owner!, boxId: box! }, expires);
      const first = viewer(Math.floor(Date.now() / 1000) + 3600);
      const second = viewer(Math.floor(Date.now() / 1000) + 7200);
      assert.notEqual(first, second);
      const get = async (p: string) => {
        const res = await fetch(tier.url + p);
        return { status: res.status, cache: res.headers.get("x-kinora-cache"), body: Buffer.from(await res.arrayBuffer()) };
      };
      const master = await get(`${first}master.m3u8`);
      assert.deepEqual([master.status, master.cache], [200, "MISS"]);
      const again = await get(`${second}master.m3u8`);
      assert.deepEqual([again.status, again.cache], [200, "HIT"], "another viewer's URL, the same copy");
      const rendition = master.body
        .toString()
        .split("\n")
        .find((l) => l.endsWith(".m3u8"))!;
      const segment = (await get(`${first}${rendition}`)).body
        .toString()
        .split("\n")
        .find((l) => l.endsWith(".ts"))!;
      const file = `${path.dirname(rendition)}/${segment}`;
      const miss = await get(`${first}${file}`);
      const hit = await get(`${second}${file}`);
      assert.deepEqual([miss.status, miss.cache, hit.status, hit.cache], [200, "MISS", 200, "HIT"]);
      assert.ok(hit.body.equals(miss.body) && hit.body.length > 1000);
      // a bad signature (a box nobody has: it would show in an edge's log) is refused by the tier itself
      const stranger = randomUUID();
      const forged = first.replace(box!, stranger);
      assert.equal((await get(`${forged}${file}`)).status, 403);
      assert.equal((await get(`${forged}master.m3u8`)).status, 403);
      // the tier counts the bytes it served, hits included, under the viewer's band owner
      await sleep(1500); // the edges write their logs every second
      for (const node of [a, b]) {
        const log = readFileSync(path.join(node.dataDir, "nginx", "access.log"), "utf8");
        assert.ok(!log.includes(stranger), "no edge saw the forged request");
      }
      const counted = readdirSync(tier.mediaLogDir).flatMap((f) => readFileSync(path.join(tier.mediaLogDir, f), "utf8").trim().split("\n"));
      assert.equal(counted.filter((l) => l.split(" ")[1] === band && l.endsWith(" 200")).length, 5);
      // everything else passes through, uncached
      const health = await fetch(`${tier.url}/healthz`);
      assert.deepEqual([health.status, health.headers.get("x-kinora-cache")], [200, null]);
    } finally {
      await tier.stop();
    }
  });

  test("a cast schedule saved through A is what B plays within a second", async () => {
    const owner = await newUser(api);
    const clips: string[] = [];
    for (const title of ["cluster-a", "cluster-b"]) {
      const file = makeH264AacMp4(makeMediaDir("kinora-cluster-"), { durationSeconds: 30, width: 320, height: 180, name: `${title}.mp4` });
      const up = await uploadFile(api, owner.access, file, { title });
      assert.equal(up.status, 201, up.text);
      clips.push((await waitReady(api, owner.access, up.body.boxId)).boxId);
    }
    const [first, second] = clips as [string, string];
    const apiA = new Api(a.url);
    const channel = await createCastChannel(apiA, owner);
    // one program on air now, as long as the clips
    const t0 = Math.floor(Date.now() / SECOND) * SECOND - 4 * SECOND;
    const day = (boxId: string) => [timed(t0, t0 + 30 * SECOND, { programType: "PRERECORDED", sourceId: boxId })];
    await saveDayOk(apiA, owner, channel.channelId, dayOf(t0), day(first));
    const played = await new Api(b.url).post(`/api/public/cast/channel/${channel.channelId}/play`, {}, { token: owner.access });
    assert.equal(played.status, 200, played.text);
    const master = new URL(played.body.srcs[0].uniqueStreamer);
    const variant = (await (await fetch(b.url + master.pathname)).text()).split("\n").find((l) => l.endsWith(".m3u8"))!;
    const mediaPath = new URL(variant, master).pathname;
    /** Which of the clips node `base` plays now (the slate fills the time before them). */
    const playing = async (base: string) => {
      const res = await fetch(base + mediaPath);
      assert.equal(res.status, 200, `${base}${mediaPath}: ${res.status}`);
      const text = await res.text();
      return clips.filter((boxId) => text.includes(`/${boxId}/`));
    };
    // B plays the first clip, and keeps the channel's programs in memory
    assert.deepEqual(await playing(b.url), [first]);
    assert.deepEqual(await playing(b.url), [first]);

    await saveDayOk(apiA, owner, channel.channelId, dayOf(t0), day(second));
    const saved = Date.now();
    let seen: string[] = [];
    while (Date.now() - saved < 5_000) {
      seen = await playing(b.url);
      if (seen.includes(second)) break;
      await sleep(50);
    }
    const lag = Date.now() - saved;
    assert.deepEqual(seen, [second], "B plays the new schedule");
    assert.ok(lag < 1000, `B followed after ${lag} ms`);
    assert.deepEqual(await playing(a.url), [second]);
  });

  test("a tus upload begun through A goes on through B once A is killed, and becomes a box item", async () => {
    const u = await newUser(api);
    const bytes = readFileSync(
      makeH264AacMp4(makeMediaDir("kinora-cluster-"), { durationSeconds: 4, width: 320, height: 180, name: "tus-cluster.mp4" }),
    );
    const created = await tusCreate(a.url, u.access, bytes.length, { title: "Across nodes", filename: "tus-cluster.mp4" });
    assert.equal(created.status, 201, await created.text());
    const location = created.headers.get("location")!;
    const half = Math.floor(bytes.length / 2);
    assert.equal((await tusPatch(a.url, location, u.access, 0, bytes.subarray(0, half))).status, 204);
    const { port, dataDir } = { port: new URL(a.url).port, dataDir: a.dataDir };
    process.kill(a.pid!, "SIGKILL");
    await a.exited;
    running.delete(a);
    const head = await tusHead(b.url, location, u.access);
    assert.equal(head.status, 200);
    assert.equal(head.headers.get("upload-offset"), String(half));
    const done = await tusPatch(b.url, location, u.access, half, bytes.subarray(half));
    assert.equal(done.status, 204, await done.text());
    const item = await waitForItem(api, u.access, done.headers.get("kinora-box-id")!, isFinal, 120_000);
    assert.equal(item.status, "READY", JSON.stringify(item));
    assert.equal(item.title, "Across nodes");
    // A again, on its port and DATA_DIR (the balancer's upstream)
    a = await start({ KINORA_ROLES: "web", PORT: port, DATA_DIR: dataDir });
  });

  test("a web node killed under load: every GET through the balancer is answered", async () => {
    const u = await newUser(api);
    const url = `${balancer!.url}/api/public/user/${u.userCode}/overview`;
    const headers = { Authorization: `Bearer ${await api.publicToken()}`, Accept: "application/json" };
    const load = new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url, headers, connections: 8, duration: 6 }, (err, result) => (err ? reject(err) : resolve(result))),
    );
    await sleep(2000);
    process.kill(a.pid!, "SIGKILL");
    const result = await load;
    await a.exited;
    running.delete(a);
    // under load: every connection kept asking (at least one answer a second each, on a busy CI machine too)
    const figures = `${result.requests.total} requests, latency p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx`;
    console.log(`under load, one node killed: ${figures}`);
    assert.ok(result.requests.total >= 8 * 6, figures);
    assert.equal(result.errors, 0, `connection errors: ${figures}`);
    assert.equal(result.timeouts, 0, `timeouts: ${figures}`);
    assert.equal(result.non2xx, 0, `answers other than 2xx: ${figures}`);
  });
});
