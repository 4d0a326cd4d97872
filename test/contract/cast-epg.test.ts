// The IPTV URLs of cast channels, with no token (IPTV apps cannot do OAuth): XMLTV of one channel and
// of a creator's channels (validated with xmltv-util's tv_validate_file), the creator's M3U whose
// entries are stable stream URLs answering 302 to a freshly signed master playlist, catch-up links of
// programmes whose content is a listed vod, and the refusals (unknown channel or creator: 404).
import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { sharedKinora } from "../support/server";
import { validateXmltv } from "../support/xmltv-validate";
import { parseSigned } from "./playback-fixtures";
import { brk, createCastChannel, createCastStream, DAY, dayOf, saveDayOk, SECOND, timed } from "./cast-fixtures";
import { publish, readyItem } from "./vod-fixtures";
import { assertError, connect, newUser, type TestUser } from "./users-fixtures";
import { HOUR } from "./live-fixtures";

let api: Api;
let base: string;
let owner: TestUser;
let news: any;
let sport: any;
let vod: any;
let t0: number;

before(async () => {
  ({ api } = await connect());
  base = (await sharedKinora()).url;
  owner = await newUser(api);
  const item = await readyItem(api, owner.access, { title: "Evening news", tag: ["news"] });
  vod = await publish(api, owner.access, item.boxId, { licenseType: "FREE" });
  const stream = await createCastStream(api, owner);
  news = await createCastChannel(api, owner, { name: "A News & <Views>" });
  sport = await createCastChannel(api, owner, { name: "B Sport" });
  // the next hour, always ahead; the next midnight instead when the three programs (two hours) would
  // not all start in that hour's day (a program belongs to the day it starts in)
  const nextHour = Math.floor(Date.now() / HOUR) * HOUR + HOUR;
  t0 = nextHour % DAY > DAY - 2 * HOUR ? Math.ceil(nextHour / DAY) * DAY : nextHour;
  await saveDayOk(api, owner, news.channelId, dayOf(t0), [
    timed(t0, t0 + 2 * SECOND, { programType: "PRERECORDED", sourceId: item.boxId, description: "Headlines" }),
    timed(t0 + 2 * SECOND, t0 + HOUR, brk("Pause")),
    timed(t0 + HOUR, t0 + 2 * HOUR, { programType: "LIVE", sourceId: stream.streamId, title: "Studio" }),
  ]);
});

async function getText(path: string, type: RegExp): Promise<string> {
  const res = await fetch(base + path); // no token
  assert.equal(res.status, 200, `${path}: ${res.status}`);
  assert.match(res.headers.get("content-type") ?? "", type);
  return res.text();
}

const XML = /^application\/xml; charset=utf-8$/;

describe("XMLTV", () => {
  test("one channel's guide, valid XMLTV, its prerecorded programme linking to the vod's watch page", async (t) => {
    const xml = await getText(`/cast/${news.channelId}/xmltv.xml`, XML);
    const verdict = validateXmltv(t, xml);
    if (verdict) assert.ok(verdict.ok, verdict.output);
    assert.match(xml, new RegExp(`<channel id="${news.channelId}\\.cast\\.kinora">`));
    assert.match(xml, /<display-name>A News &amp; &lt;Views&gt;<\/display-name>/);
    assert.match(xml, new RegExp(`<url>${base}/cast/${news.channelId}</url>`));
    const programmes = [...xml.matchAll(/<programme start="(\d{14}) \+0000" stop="(\d{14}) \+0000"[^>]*>([\s\S]*?)<\/programme>/g)];
    assert.deepEqual(
      programmes.map((m) => /<title>([^<]*)<\/title>/.exec(m[3]!)![1]),
      ["Evening news", "Pause", "Studio"],
    );
    assert.match(programmes[0]![3]!, new RegExp(`<url>${base}/v/${vod.vodId}</url>`), "catch-up: the watch page");
    assert.doesNotMatch(programmes[1]![3]!, /<url>/);
    assert.doesNotMatch(xml, new RegExp(sport.channelId), "only this channel");
  });

  test("a creator's guide: every channel, valid XMLTV; unknown channel or creator: 404", async (t) => {
    const xml = await getText(`/cast/user/${owner.userCode}/xmltv.xml`, XML);
    const verdict = validateXmltv(t, xml);
    if (verdict) assert.ok(verdict.ok, verdict.output);
    const ids = [...xml.matchAll(/<channel id="([^"]+)">/g)].map((m) => m[1]);
    assert.deepEqual(ids, [`${news.channelId}.cast.kinora`], "the channels with programmes (XMLTV wants some for each)");
    const other = await createCastChannel(api, owner, { name: "C Docs" });
    const at = t0 + 3 * HOUR;
    await saveDayOk(api, owner, other.channelId, dayOf(at), [timed(at, at + HOUR, brk("Documentary later"))]);
    const both = await getText(`/cast/user/${owner.userCode}/xmltv.xml`, XML);
    assert.deepEqual(
      [...both.matchAll(/<channel id="([^"]+)">/g)].map((m) => m[1]),
      [`${news.channelId}.cast.kinora`, `${other.channelId}.cast.kinora`],
    );
    for (const path of [`/cast/${randomUUID()}/xmltv.xml`, `/cast/${randomUUID()}/stream.m3u8`]) {
      const res = await api.get(path);
      assertError(res, 404, "Cast channel not found", path);
    }
    const nobody = `/cast/user/nobody${Date.now()}/xmltv.xml`;
    assertError(await api.get(nobody), 404, "User not found", nobody);
  });
});

describe("M3U", () => {
  test("the creator's channels with tvg attributes and stable stream URLs that redirect to a signed master", async () => {
    const m3u = await getText(`/cast/user/${owner.userCode}/playlist.m3u`, /^audio\/x-mpegurl; charset=utf-8$/);
    const lines = m3u.trim().split("\n");
    assert.equal(
      lines[0],
      `#EXTM3U url-tvg="${base}/cast/user/${owner.userCode}/xmltv.xml" x-tvg-url="${base}/cast/user/${owner.userCode}/xmltv.xml"`,
    );
    assert.equal(lines.filter((l) => l.startsWith("#EXTINF")).length >= 2, true);
    assert.equal(
      lines[1],
      `#EXTINF:-1 tvg-id="${news.channelId}.cast.kinora" tvg-name="A News & <Views>" group-title="${owner.userCode}",A News & <Views>`,
    );
    assert.equal(lines[2], `${base}/cast/${news.channelId}/stream.m3u8`);
    assert.equal(lines[4], `${base}/cast/${sport.channelId}/stream.m3u8`, "channels by name, also those without programmes");

    const first = await fetch(lines[2]!, { redirect: "manual" });
    assert.equal(first.status, 302);
    assert.equal(first.headers.get("cache-control"), "no-store");
    const location = first.headers.get("location")!;
    const signed = parseSigned(location);
    assert.deepEqual([signed.tree, signed.box, signed.file], ["cast", news.channelId, "master.m3u8"]);
    const master = await fetch(location);
    assert.equal(master.status, 200);
    assert.match(await master.text(), /^#EXTM3U\n/);
    // the same stable URL later: a fresh signature
    await new Promise((r) => setTimeout(r, 1100));
    const again = await fetch(lines[2]!, { redirect: "manual" });
    assert.ok(parseSigned(again.headers.get("location")!).exp > signed.exp);
  });
});

describe("catch-up in the JSON programming", () => {
  test("the day (private and public) and the program carry the vod's watch page as the guide does; an unpublished vod's link goes", async () => {
    const watch = `${base}/v/${vod.vodId}`;
    const day = dayOf(t0);
    const own = await api.get(`/api/cast/channel/${news.channelId}/dailyprogramming/${day}`, { token: owner.access });
    assert.equal(own.status, 200, own.text);
    const pub = await api.get(`/api/public/cast/channel/${news.channelId}/dailyprogramming/${day}`, { token: await api.publicToken() });
    assert.equal(pub.status, 200, pub.text);
    for (const body of [own.body, pub.body]) {
      const ours = body.programs.filter((p: any) => p.startDate && ["Evening news", "Pause", "Studio"].includes(p.title));
      assert.deepEqual(
        ours.map((p: any) => p.watchUrl),
        [watch, undefined, undefined],
      );
    }
    const programId = own.body.programs.find((p: any) => p.title === "Evening news").programId;
    const program = await api.get(`/api/cast/program/${programId}`, { token: owner.access });
    assert.equal(program.status, 200, program.text);
    assert.equal(program.body.watchUrl, watch);

    assert.equal((await api.delete(`/api/vod/${vod.vodId}`, { token: owner.access })).status, 204);
    const after = await api.get(`/api/cast/channel/${news.channelId}/dailyprogramming/${day}`, { token: owner.access });
    assert.equal(after.body.programs.find((p: any) => p.title === "Evening news").watchUrl, undefined);
    assert.equal((await api.get(`/api/cast/program/${programId}`, { token: owner.access })).body.watchUrl, undefined);
  });
});
