// A cast channel's output served for real: two small READY clips and a BREAK programmed around now,
// the channel played, its master and media playlists fetched over HTTP through the signed edge:
// program date-times where the schedule puts them, a discontinuity at every boundary, segment URIs
// the edge serves (a tampered one refused), sequence numbers that do not go back between fetches,
// and a schedule change seen at the next fetch.
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { Api } from "../support/api";
import { makeH264AacMp4, makeMediaDir } from "../support/media-fixtures";
import { publishTestPattern } from "../support/live-fixtures";
import { sharedKinora } from "../support/server";
import { postMultipart, uploadFile } from "./box-fixtures";
import { parseSigned, waitReady } from "./playback-fixtures";
import { brk, createCastChannel, createCastStream, dayOf, saveDayOk, SECOND, timed } from "./cast-fixtures";
import { connect, newUser, sleep, type TestUser } from "./users-fixtures";

let api: Api;
let owner: TestUser;
let viewer: TestUser;
let clipA: any;
let clipB: any;

/** An 8-second 320x180 clip: two 4 s segments once packaged. */
async function readyClip(title: string): Promise<any> {
  const file = makeH264AacMp4(makeMediaDir("kinora-cast-"), {
    durationSeconds: 8,
    width: 320,
    height: 180,
    keyframeSeconds: 2,
    name: `${title}.mp4`,
  });
  const res = await uploadFile(api, owner.access, file, { title });
  assert.equal(res.status, 201, res.text);
  return waitReady(api, owner.access, res.body.boxId);
}

before(async () => {
  ({ api } = await connect());
  [owner, viewer] = [await newUser(api), await newUser(api)];
  [clipA, clipB] = await Promise.all([readyClip("cast-a"), readyClip("cast-b")]);
  // A has English captions (before any channel reads it: a channel reads a content's captions again after 5 minutes)
  const vtt = "WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nfirst\n\n00:00:05.000 --> 00:00:06.500\nsecond\n";
  const file = { filename: "a.vtt", contentType: "text/vtt", data: Buffer.from(vtt) };
  const captions = await postMultipart(api, `/api/box/${clipA.boxId}/captions`, owner.access, { language: "en", label: "English" }, file);
  assert.equal(captions.status, 201, captions.text);
});

interface MediaSegment {
  uri: string;
  pdt: number;
  duration: number;
  discontinuity: boolean;
  msn: number;
}

/** The segments of a media playlist with their date-times, discontinuities and media sequence numbers. */
function parseMedia(url: string, text: string): { segments: MediaSegment[]; target: number; dsn: number } {
  const lines = text.trim().split("\n");
  assert.equal(lines[0], "#EXTM3U");
  const target = Number(/#EXT-X-TARGETDURATION:(\d+)/.exec(text)?.[1]);
  let msn = Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(text)?.[1]);
  const dsn = Number(/#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)/.exec(text)?.[1]);
  const segments: MediaSegment[] = [];
  let pending: Partial<MediaSegment> = {};
  for (const line of lines) {
    if (line === "#EXT-X-DISCONTINUITY") pending.discontinuity = true;
    else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) pending.pdt = Date.parse(line.slice(25));
    else if (line.startsWith("#EXTINF:")) pending.duration = Number.parseFloat(line.slice(8));
    else if (line && !line.startsWith("#")) {
      assert.ok(pending.pdt && pending.duration, `segment without date-time or duration in\n${text}`);
      segments.push({
        uri: new URL(line, url).toString(),
        pdt: pending.pdt,
        duration: pending.duration,
        discontinuity: !!pending.discontinuity,
        msn: msn++,
      });
      pending = {};
    }
  }
  return { segments, target, dsn };
}

async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  assert.equal(res.status, 200, `${url}: ${res.status}`);
  assert.equal(res.headers.get("content-type"), "application/vnd.apple.mpegurl");
  assert.equal(res.headers.get("cache-control"), "private, no-cache");
  return res.text();
}

describe("a channel's output", () => {
  test("two clips and a break around now: date-times, discontinuities, signed segments, growing numbers", async () => {
    const channel = await createCastChannel(api, owner);
    // A [t0, t0+8 s), BREAK [t0+8, t0+14), B [t0+14, t0+22): B on air now, then empty time
    const t0 = Math.floor(Date.now() / SECOND) * SECOND - 20 * SECOND;
    await saveDayOk(api, owner, channel.channelId, dayOf(t0), [
      timed(t0, t0 + 8 * SECOND, { programType: "PRERECORDED", sourceId: clipA.boxId }),
      timed(t0 + 8 * SECOND, t0 + 14 * SECOND, brk()),
      timed(t0 + 14 * SECOND, t0 + 22 * SECOND, { programType: "PRERECORDED", sourceId: clipB.boxId }),
    ]);
    const played = await api.post(`/api/public/cast/channel/${channel.channelId}/play`, {}, { token: viewer.access });
    assert.equal(played.status, 200, played.text);
    const masterUrl = played.body.srcs[0].uniqueStreamer;
    const { owner: ownerId } = parseSigned(masterUrl);

    const master = await fetchText(masterUrl);
    const variants = master
      .trim()
      .split("\n")
      .filter((l) => l && !l.startsWith("#"));
    assert.deepEqual(variants, ["720p.m3u8", "360p.m3u8"]);
    assert.match(master, /RESOLUTION=1280x720,CODECS="avc1\.[0-9a-f]{6},mp4a\.40\.2"/);
    const mediaUrl = new URL(variants[1]!, masterUrl).toString();

    const first = parseMedia(mediaUrl, await fetchText(mediaUrl));
    assert.equal(first.target, 6);
    const home = (boxId: string) => `/hls/${ownerId}/${ownerId}/${boxId}/`;
    const of = (boxId: string) => first.segments.filter((s) => s.uri.includes(home(boxId)));
    const [a, b] = [of(clipA.boxId), of(clipB.boxId)];
    assert.deepEqual(
      a.map((s) => s.pdt - t0),
      [0, 4000],
      "A's two segments from its start",
    );
    assert.deepEqual(
      b.map((s) => s.pdt - t0),
      [14_000, 18_000],
      "B's segments that started by now",
    );
    const slate = first.segments.filter((s) => !a.includes(s) && !b.includes(s));
    const inBreak = slate.filter((s) => s.pdt >= t0 + 8000 && s.pdt < t0 + 14_000);
    assert.ok(inBreak.length >= 1 && inBreak[0]!.pdt === t0 + 8000, "the break plays the slate from its start");
    assert.ok(
      slate.every((s) => s.uri.includes("/hls/")),
      "the slate is served from the hls tree",
    );
    // a discontinuity at every boundary: A's start, the break's, B's
    for (const at of [t0, t0 + 8000, t0 + 14_000]) {
      const seg = first.segments.find((s) => s.pdt === at);
      assert.ok(seg?.discontinuity, `no discontinuity at +${at - t0} ms`);
    }
    // date-times follow each other without a gap or an overlap
    first.segments.slice(1).forEach((s, i) => {
      const prev = first.segments[i]!;
      assert.ok(Math.abs(prev.pdt + prev.duration * 1000 - s.pdt) <= 1, `gap or overlap before ${new Date(s.pdt).toISOString()}`);
    });
    // every kind of segment is served by the edge; a tampered signature is refused
    for (const seg of [a[0]!, b[0]!, inBreak[0]!]) {
      const res = await fetch(seg.uri);
      assert.equal(res.status, 200, seg.uri);
      assert.equal(res.headers.get("content-type"), "video/mp2t");
      assert.ok((await res.arrayBuffer()).byteLength > 0);
    }
    const signed = parseSigned(a[0]!.uri);
    assert.equal(signed.bandOwner, ownerId, "the channel's owner pays for the bytes");
    const tampered = a[0]!.uri.replace(`/${signed.sig}/`, `/${signed.sig.slice(0, -1)}${signed.sig.endsWith("A") ? "B" : "A"}/`);
    assert.equal((await fetch(tampered)).status, 403);
    const tamperedPlaylist = mediaUrl.replace("/cast/", "/hls/");
    assert.equal((await fetch(tamperedPlaylist)).status, 403);

    // a later fetch: numbers never go back, and a segment keeps its numbers, even when the window's
    // head has moved into a later slot meanwhile (playlists number on from the channel's earlier
    // ones: src/server/media/cast/output/cast-numbering.ts)
    await sleep(2500);
    const second = parseMedia(mediaUrl, await fetchText(mediaUrl));
    assert.ok(second.segments[0]!.msn >= first.segments[0]!.msn);
    assert.ok(second.dsn >= first.dsn);
    const heads = [first, second].map((p) => `${new Date(p.segments[0]!.pdt).toISOString()} #${p.segments[0]!.msn}`).join(", then ");
    let shared = 0;
    for (const s of second.segments) {
      const same = first.segments.find((f) => f.pdt === s.pdt);
      if (!same) continue;
      shared++;
      const at = `segment at ${new Date(s.pdt).toISOString()} (t0 ${new Date(t0).toISOString()}; heads ${heads})`;
      assert.equal(s.msn, same.msn, `${at} renumbered`);
    }
    assert.ok(shared > 0, "the two windows share segments");
    assert.ok(second.segments.at(-1)!.pdt >= first.segments.at(-1)!.pdt);
  });

  test("a viewer gets the scheduled excerpt's segments and nothing else of the content: no master, rung playlist, other rung or other segment", async () => {
    const channel = await createCastChannel(api, owner);
    // 4 s of A (its first segment of two), then a break: A's second segment is outside the excerpt
    const t0 = Math.floor(Date.now() / SECOND) * SECOND - 20 * SECOND;
    await saveDayOk(api, owner, channel.channelId, dayOf(t0), [
      timed(t0, t0 + 4 * SECOND, { programType: "PRERECORDED", sourceId: clipA.boxId }),
      timed(t0 + 4 * SECOND, t0 + 30 * SECOND, brk()),
    ]);
    const played = await api.post(`/api/public/cast/channel/${channel.channelId}/play`, {}, { token: viewer.access });
    assert.equal(played.status, 200, played.text);
    const masterUrl: string = played.body.srcs[0].uniqueStreamer;
    const listed: string[] = [];
    for (const variant of ["720p.m3u8", "360p.m3u8"]) {
      const url = new URL(variant, masterUrl).toString();
      listed.push(...parseMedia(url, await fetchText(url)).segments.map((seg) => seg.uri));
    }
    const excerpt = listed.filter((u) => u.includes(`/${clipA.boxId}/`));
    assert.equal(new Set(excerpt).size, 1, `one segment of A is scheduled:\n${excerpt.join("\n")}`);
    const seg = excerpt[0]!;
    const res = await fetch(seg);
    assert.equal(res.status, 200, "the listed segment plays");
    assert.equal(res.headers.get("content-type"), "video/mp2t");
    const signed = parseSigned(seg);
    assert.match(signed.validity, /^f\d+$/, "a grant of that segment alone");
    const base = seg.slice(0, seg.length - signed.file.length);
    const [rung, name] = signed.file.split("/") as [string, string];
    const next = name.replace(/\d+(?=\.ts$)/, (n) => String(Number(n) + 1).padStart(n.length, "0"));
    for (const [file, what] of [
      ["master.m3u8", "the content's master playlist"],
      [`${rung}/index.m3u8`, "the rung's playlist"],
      [`${rung}/${next}`, "the next segment, outside the excerpt"],
      [`${rung === "360p" ? "720p" : "360p"}/${name}`, "another rung's segment"],
    ] as const) {
      const r = await fetch(`${base}${file}`);
      assert.equal(r.status, 403, `${what}: ${r.status}`);
      assert.ok(!/#EXTM3U/.test(await r.text()), `${what}: leaked a playlist`);
    }
    // every listed segment is granted as listed (the slate's too), for the channel owner's band
    for (const uri of new Set(listed)) assert.equal(parseSigned(uri).bandOwner, parseSigned(masterUrl).owner);
  });

  test("a content's captions air with it: the master names the track, its WebVTT segments hold the cues where it plays, none elsewhere", async () => {
    const channel = await createCastChannel(api, owner);
    // A [t0, t0+8 s) with its captions, then a break
    const t0 = Math.floor(Date.now() / SECOND) * SECOND - 16 * SECOND;
    await saveDayOk(api, owner, channel.channelId, dayOf(t0), [
      timed(t0, t0 + 8 * SECOND, { programType: "PRERECORDED", sourceId: clipA.boxId }),
      timed(t0 + 8 * SECOND, t0 + 30 * SECOND, brk()),
    ]);
    const played = await api.post(`/api/public/cast/channel/${channel.channelId}/play`, {}, { token: viewer.access });
    assert.equal(played.status, 200, played.text);
    const masterUrl: string = played.body.srcs[0].uniqueStreamer;
    const master = await fetchText(masterUrl);
    assert.match(master, /^#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="en",NAME="English",.*URI="subs\/en\/index\.m3u8"$/m);
    for (const variant of master.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF:"))) assert.match(variant, /SUBTITLES="subs"/);
    const subsUrl = new URL("subs/en/index.m3u8", masterUrl).toString();
    const subs = parseMedia(subsUrl, await fetchText(subsUrl));
    const video = parseMedia(masterUrl, await fetchText(new URL("720p.m3u8", masterUrl).toString()));
    assert.deepEqual(
      subs.segments.map((x) => [x.pdt, x.duration, x.discontinuity]),
      video.segments.slice(-subs.segments.length).map((x) => [x.pdt, x.duration, x.discontinuity]),
      "the track follows the video's timeline",
    );
    const vttAt = async (pdt: number) => {
      const seg = subs.segments.find((x) => x.pdt === pdt);
      assert.ok(seg, `a caption segment at +${pdt - t0} ms`);
      const res = await fetch(seg.uri);
      assert.equal(res.status, 200, seg.uri);
      assert.equal(res.headers.get("content-type"), "text/vtt");
      assert.equal(res.headers.get("cache-control"), "private, max-age=60", "captions can change: not cached as immutable");
      return res.text();
    };
    const first = await vttAt(t0);
    assert.match(first, /^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00\.000\n/);
    assert.match(first, /00:00:01\.000 --> 00:00:02\.000\nfirst/);
    assert.doesNotMatch(first, /second/);
    assert.match(await vttAt(t0 + 4 * SECOND), /00:00:05\.000 --> 00:00:06\.500\nsecond/);
    assert.doesNotMatch(await vttAt(t0 + 8 * SECOND), /-->/, "the break has no cue");
    // a segment that does not start there is no file; the track's files are the channel grant's alone
    assert.equal((await fetch(new URL(`subs/en/${t0 + 1}.vtt`, masterUrl).toString())).status, 404);
    assert.equal((await fetch(subsUrl.replace("/cast/", "/hls/"))).status, 403);
  });

  test("an unknown variant is 404; a deleted channel's output stops", async () => {
    const channel = await createCastChannel(api, owner);
    const played = await api.post(`/api/cast/channel/${channel.channelId}/test`, {}, { token: owner.access });
    const masterUrl = played.body.file as string;
    assert.equal((await fetch(masterUrl.replace("master.m3u8", "999p.m3u8"))).status, 404);
    const media = parseMedia(masterUrl, await fetchText(masterUrl.replace("master.m3u8", "720p.m3u8")));
    assert.ok(media.segments.length > 0, "empty time plays the slate");
    assert.equal((await api.delete(`/api/cast/channel/${channel.channelId}`, { token: owner.access })).status, 204);
    assert.equal((await fetch(masterUrl)).status, 404);
  });
});

describe("a LIVE program", () => {
  const PASSWORD = "cast-live-1";
  const profile = (email: string) => ({ firstName: "Cast", lastName: "Tester", birthDate: "01/01/1980", email });

  /** The channel's media playlist, polled until `done` holds (each fetch's numbers checked against the previous one's: a segment keeps its number). */
  async function pollMedia(url: string, done: (m: ReturnType<typeof parseMedia>) => boolean, what: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    let previous: ReturnType<typeof parseMedia> | undefined;
    for (;;) {
      const media = parseMedia(url, await fetchText(url));
      if (previous) {
        assert.ok(media.segments[0]!.msn >= previous.segments[0]!.msn, "the media sequence went back");
        assert.ok(media.dsn >= previous.dsn, "the discontinuity sequence went back");
        for (const s of media.segments) {
          const same: MediaSegment | undefined = previous.segments.find((p) => p.pdt === s.pdt);
          if (same) assert.equal(s.msn, same.msn, `the segment at ${new Date(s.pdt).toISOString()} renumbered`);
        }
      }
      if (done(media)) return media;
      if (Date.now() > deadline) throw new Error(`${what}: not seen in ${timeoutMs} ms:\n${media.segments.map((s) => s.uri).join("\n")}`);
      previous = media;
      await sleep(500);
    }
  }

  test("a cast stream published with ffmpeg takes over the slot; the slate comes back when it stops", async () => {
    const { rtmpPort } = await sharedKinora();
    const me = await api.post(
      "/api/user/me",
      { profile: profile(owner.email), features: { livePassword: PASSWORD } },
      { token: owner.access },
    );
    assert.equal(me.status, 200, me.text);
    const stream = await createCastStream(api, owner);
    assert.match(stream.streamingBaseUrl, new RegExp(`^rtmp://127\\.0\\.0\\.1:${rtmpPort}/cast$`));
    const channel = await createCastChannel(api, owner);
    const t0 = Math.floor(Date.now() / SECOND) * SECOND - 5 * SECOND;
    await saveDayOk(api, owner, channel.channelId, dayOf(t0), [
      timed(t0, t0 + 10 * 60 * SECOND, { programType: "LIVE", sourceId: stream.streamId }),
    ]);
    const played = await api.post(`/api/cast/channel/${channel.channelId}/test`, {}, { token: owner.access });
    const mediaUrl = (played.body.file as string).replace("master.m3u8", "360p.m3u8");
    const streamPart = `/live/`;
    const isLive = (s: MediaSegment) => s.uri.includes(streamPart) && s.uri.includes(`/${stream.streamId}/src/`);

    // no publisher: the slate plays the slot
    const before = parseMedia(mediaUrl, await fetchText(mediaUrl));
    assert.ok(before.segments.length > 0 && !before.segments.some(isLive));

    const url = (password: string) =>
      `rtmp://127.0.0.1:${rtmpPort}/cast/${stream.streamPath}?user=${encodeURIComponent(owner.userCode)}&password=${encodeURIComponent(password)}`;
    const refused = publishTestPattern(url("wrong-password"), { seconds: 5 });
    assert.notEqual(await refused.exited, 0, "a wrong live password is refused");

    const publisher = publishTestPattern(url(PASSWORD), { seconds: 40 });
    try {
      const on = await pollMedia(mediaUrl, (m) => m.segments.filter(isLive).length >= 2, "the stream's segments");
      const first = on.segments.find(isLive)!;
      assert.ok(first.discontinuity, "the stream starts after a discontinuity");
      assert.ok(Math.abs(first.pdt - Date.now()) < 15_000, "placed on the clock where it aired");
      const seg = await fetch(first.uri);
      assert.equal(seg.status, 200, first.uri);
      assert.equal(seg.headers.get("content-type"), "video/mp2t");
      // the stream test plays the ingest's own playlist
      const tested = await api.post(`/api/cast/stream/${stream.streamId}/test`, {}, { token: owner.access });
      assert.equal((await fetch(tested.body.file)).status, 200);
    } finally {
      await publisher.stop();
    }
    const lastLive = (await pollMedia(mediaUrl, (m) => m.segments.some(isLive), "the stream")).segments.filter(isLive).at(-1)!;
    const back = await pollMedia(
      mediaUrl,
      (m) => m.segments.some((s) => !isLive(s) && s.pdt > lastLive.pdt),
      "the slate after the stream stopped",
    );
    const after = back.segments.find((s) => !isLive(s) && s.pdt > lastLive.pdt)!;
    assert.ok(after.discontinuity, "the slate follows after a discontinuity");
    assert.equal((await fetch(after.uri)).status, 200);
  });
});
