// Captions and chapters of a box item (issue 26), over real HTTP on the shared server: WebVTT and SRT
// uploads (a bad line named, an unknown language refused), replace and delete, another user's item
// 404, a marketplace copy read-only; the master playlist of every play names the captions
// (TYPE=SUBTITLES) and the chapters through the same signed URLs, a preview's captions stop where the
// preview stops, and adding a caption re-encodes nothing (the video segments stay as they were).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import type { Api, ApiResponse } from "../support/api";
import { makeH264AacMp4, makeMediaDir, makeMultiTrackMp4 } from "../support/media-fixtures";
import { sharedKinora } from "../support/server";
import { itemFiles, postMultipart } from "./box-fixtures";
import { uploadClip, waitReady } from "./playback-fixtures";
import { connect, newUser, type TestUser } from "./users-fixtures";

let api: Api;
let dataDir: string;
let owner: TestUser;
let other: TestUser;
let boxId: string;

const SRT = `1
00:00:01,000 --> 00:00:03,500
Hello <font color="red">there</font> & welcome

2
00:00:09,000 --> 00:00:11,000
<i>Music</i>

3
00:00:14,000 --> 00:00:18,000
Across the end of the preview

4
00:00:19,000 --> 00:00:19,900
The last line
`;

const VTT = `WEBVTT

00:00:02.000 --> 00:00:04.000 line:0
Bonjour

00:00:17.000 --> 00:00:19.000
Au revoir
`;

function upload(id: string, fields: Record<string, string>, content?: string, token = owner.access): Promise<ApiResponse> {
  const file =
    content === undefined ? undefined : { filename: "track.srt", contentType: "application/x-subrip", data: Buffer.from(content) };
  return postMultipart(api, `/api/box/${id}/captions`, token, fields, file);
}

/** GET a URL (a signed media URL) as text, expecting 200. */
async function fetchText(url: string): Promise<string> {
  const res = await fetch(url);
  const body = await res.text();
  assert.equal(res.status, 200, `${url}: ${res.status} ${body.slice(0, 200)}`);
  return body;
}

const mediaLines = (master: string) =>
  master
    .split("\n")
    .filter((l) => l.startsWith("#EXT-X-MEDIA:"))
    .map((l) => Object.fromEntries([...l.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)].map((m) => [m[1], m[2]!.replace(/^"|"$/g, "")])));

const totalSeconds = (playlist: string) => [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].reduce((s, m) => s + Number(m[1]), 0);

/** The stored files of the item's video renditions, with their modification times. */
function videoFiles(id: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const key of itemFiles(dataDir, id))
    if (/\/(hls\/(?!subs\/)[^/]+\/seg_|preview\/seg_)/.test(key)) out.set(key, statSync(path.join(dataDir, "storage", key)).mtimeMs);
  return out;
}

before(async () => {
  ({ api } = await connect());
  dataDir = (await sharedKinora()).dataDir;
  [owner, other] = await Promise.all([newUser(api), newUser(api)]);
  // 20 s: the preview (15 s, cut at a segment's end) stops before the video does
  const clip = makeH264AacMp4(makeMediaDir("kinora-captions-"), { durationSeconds: 20, width: 320, height: 180, keyframeSeconds: 2 });
  boxId = (await uploadClip(api, owner.access, clip, "Captioned clip")).boxId;
  await waitReady(api, owner.access, boxId);
});

describe("captions", () => {
  test("an SRT file becomes a WebVTT track every play names; the preview's stops at the preview's end; nothing is re-encoded", async () => {
    const before = videoFiles(boxId);
    assert.ok(before.size > 3, "the item's segments");
    const res = await upload(boxId, { language: "EN-us", kind: "captions" }, SRT);
    assert.equal(res.status, 201, res.text);
    assert.deepEqual(
      { ...res.body, createdAt: undefined, updatedAt: undefined },
      {
        language: "en-US",
        label: "American English",
        kind: "captions",
        source: "upload",
        cues: 4,
        createdAt: undefined,
        updatedAt: undefined,
      },
    );
    assert.match(res.body.createdAt, /^\d{4}-\d{2}-\d{2}T/);
    // no segment was written again
    assert.deepEqual(videoFiles(boxId), before);

    const play = await api.post(`/api/box/${boxId}/play`, {}, { token: owner.access });
    assert.equal(play.status, 200, play.text);
    const masterUrl: string = play.body.file;
    const master = await fetchText(masterUrl);
    const [subs] = mediaLines(master);
    assert.equal(subs?.TYPE, "SUBTITLES");
    assert.equal(subs?.LANGUAGE, "en-US");
    assert.equal(subs?.NAME, "American English");
    assert.equal(subs?.CHARACTERISTICS, "public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound");
    for (const variant of master.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF:"))) assert.match(variant, /SUBTITLES="subs"/);
    const subsPlaylistUrl = new URL(subs!.URI!, masterUrl).href;
    const subsPlaylist = await fetchText(subsPlaylistUrl);
    assert.match(subsPlaylist, /#EXT-X-ENDLIST/);
    assert.ok(Math.abs(totalSeconds(subsPlaylist) - 20) < 0.6, subsPlaylist);
    const vttName = subsPlaylist.split("\n").find((l) => l.endsWith(".vtt"))!;
    const vtt = await fetchText(new URL(vttName, subsPlaylistUrl).href);
    // mapped onto the segments' clock: source time 0 is where the video's first segment starts
    assert.match(vtt, /^WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00\.000\n\n/);
    const firstSegment = [...videoFiles(boxId).keys()].find((k) => k.endsWith("/seg_00000.ts"))!;
    const probe = spawnSync("ffprobe", [
      "-v",
      "error",
      "-show_entries",
      "format=start_time",
      "-of",
      "csv=p=0",
      path.join(dataDir, "storage", firstSegment),
    ]);
    assert.ok(Math.abs(Number(probe.stdout.toString()) - 126000 / 90000) < 0.05, `${firstSegment} starts at ${probe.stdout}`);
    assert.match(vtt, /00:00:01\.000 --> 00:00:03\.500\nHello there &amp; welcome/);
    assert.match(vtt, /<i>Music<\/i>/);
    // the same files, unsigned, are refused
    assert.equal((await fetch(new URL(subs!.URI!, masterUrl).href.replace(/\/media\/[^/]+\/[^/]+\//, "/media/1/x/"))).status, 403);

    // a pay-per-view vod of it: a viewer who has not paid gets the preview, with the captions cut at its end
    const vod = await api.post(`/api/box/${boxId}/vod`, { licenseType: "PAY_PER_VIEW", pricePerView: "1,00" }, { token: owner.access });
    assert.equal(vod.status, 201, vod.text);
    const unpaid = await api.post(`/api/vod/${vod.body.vodId}/play`, {}, { token: other.access });
    assert.equal(unpaid.body.result, "PAYMENT_REQUIRED", unpaid.text);
    const previewPlay = await api.post(`/api/public/vod/${vod.body.vodId}/preview`, {}, { token: await api.publicToken() });
    assert.equal(previewPlay.status, 200, previewPlay.text);
    const previewUrl: string = previewPlay.body.file;
    assert.match(previewUrl, /\/preview\//);
    const previewMaster = await fetchText(previewUrl);
    const [previewSubs] = mediaLines(previewMaster);
    assert.equal(previewSubs?.LANGUAGE, "en-US");
    const videoUri = previewMaster.split("\n").find((l) => l && !l.startsWith("#"))!;
    const previewVideo = await fetchText(new URL(videoUri, previewUrl).href);
    const previewLength = totalSeconds(previewVideo);
    assert.ok(previewLength >= 14 && previewLength < 20, `preview of ${previewLength} s`);
    const previewSubsUrl = new URL(previewSubs!.URI!, previewUrl).href;
    const previewSubsPlaylist = await fetchText(previewSubsUrl);
    assert.equal(totalSeconds(previewSubsPlaylist).toFixed(3), previewLength.toFixed(3));
    const previewVtt = await fetchText(
      new URL(
        previewSubsPlaylist.split("\n").find((l) => l.endsWith(".vtt"))!,
        previewSubsUrl,
      ).href,
    );
    const ends = [...previewVtt.matchAll(/ --> (\d\d):(\d\d):(\d\d\.\d{3})/g)].map(
      (m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]),
    );
    assert.equal(ends.length, 3, previewVtt); // the last cue starts after the preview
    assert.ok(Math.max(...ends) <= previewLength + 0.001, previewVtt);
    assert.doesNotMatch(previewVtt, /The last line/);
  });

  test("the same language again replaces it (new files, the old ones gone); delete; list", async () => {
    const first = await upload(boxId, { language: "fr", label: "Français" }, VTT);
    assert.equal(first.status, 201, first.text);
    assert.deepEqual([first.body.language, first.body.label, first.body.kind, first.body.cues], ["fr", "Français", "subtitles", 2]);
    const filesOf = () => itemFiles(dataDir, boxId).filter((f) => /\/hls\/subs\/fr-/.test(f));
    const firstFiles = filesOf();
    assert.equal(firstFiles.length, 2, firstFiles.join());
    const again = await upload(boxId, { language: "fr", label: "French (new)" }, VTT.replace("Bonjour", "Salut"));
    assert.equal(again.status, 201, again.text);
    assert.equal(again.body.label, "French (new)");
    const secondFiles = filesOf();
    assert.equal(secondFiles.length, 2);
    assert.ok(!secondFiles.some((f) => firstFiles.includes(f)), "a replaced track is written under a new name");
    assert.match(
      readFileSync(
        path.join(
          dataDir,
          "storage",
          secondFiles.find((f) => f.endsWith(".vtt"))!,
        ),
        "utf8",
      ),
      /Salut/,
    );

    const list = await api.get(`/api/box/${boxId}/captions`, { token: owner.access });
    assert.equal(list.status, 200, list.text);
    assert.deepEqual(
      list.body.map((c: any) => [c.language, c.label]),
      [
        ["en-US", "American English"],
        ["fr", "French (new)"],
      ],
    );
    const master = readFileSync(path.join(dataDir, "storage", secondFiles[0]!.split("/hls/")[0]!, "hls/master.m3u8"), "utf8");
    assert.deepEqual(
      mediaLines(master).map((m) => [m.LANGUAGE, m.NAME]),
      [
        ["en-US", "American English"],
        ["fr", "French (new)"],
      ],
    );

    assert.equal((await api.delete(`/api/box/${boxId}/captions/FR`, { token: owner.access })).status, 204);
    assert.deepEqual(filesOf(), []);
    assert.equal((await api.delete(`/api/box/${boxId}/captions/fr`, { token: owner.access })).status, 404);
    const after = await api.get(`/api/box/${boxId}/captions`, { token: owner.access });
    assert.deepEqual(
      after.body.map((c: any) => c.language),
      ["en-US"],
    );
    const masterAfter = readFileSync(path.join(dataDir, "storage", secondFiles[0]!.split("/hls/")[0]!, "hls/master.m3u8"), "utf8");
    assert.deepEqual(
      mediaLines(masterAfter).map((m) => m.LANGUAGE),
      ["en-US"],
    );
  });

  test("refusals: a bad SRT line named, an unknown language, a missing file; another user's item 404; nothing kept", async () => {
    const badLine = SRT.replace("00:00:09,000 --> 00:00:11,000", "00:00:09,000 -> 00:00:11,000");
    const bad = await upload(boxId, { language: "de" }, badLine);
    assert.equal(bad.status, 400, bad.text);
    const fileError = bad.body.fieldErrors?.find((e: any) => e.field === "file") ?? bad.body.errors?.find((e: any) => e.field === "file");
    assert.ok(fileError, bad.text);
    assert.match(JSON.stringify(fileError), /line 6\b/);

    const backwards = await upload(boxId, { language: "de" }, "1\n00:00:05,000 --> 00:00:04,000\nNo\n");
    assert.equal(backwards.status, 400);
    assert.match(backwards.text, /line 2\b/);

    const unknown = await upload(boxId, { language: "xx-nowhere-1" }, VTT);
    assert.equal(unknown.status, 400, unknown.text);
    assert.match(unknown.text, /language/);
    const noLanguage = await upload(boxId, {}, VTT);
    assert.equal(noLanguage.status, 400);
    const noFile = await upload(boxId, { language: "de" });
    assert.equal(noFile.status, 400);
    assert.match(noFile.text, /file/);
    const latin1 = await postMultipart(
      api,
      `/api/box/${boxId}/captions`,
      owner.access,
      { language: "de" },
      {
        filename: "x.srt",
        data: Buffer.from("1\n00:00:01,000 --> 00:00:02,000\nGr\xfc\xdfe\n", "latin1"),
      },
    );
    assert.equal(latin1.status, 400);
    assert.match(latin1.text, /UTF-8/);

    assert.equal((await upload(boxId, { language: "de" }, VTT, other.access)).status, 404);
    assert.equal((await api.get(`/api/box/${boxId}/captions`, { token: other.access })).status, 404);
    assert.equal((await api.delete(`/api/box/${boxId}/captions/en-US`, { token: other.access })).status, 404);
    assert.equal((await upload("00000000-0000-4000-8000-000000000000", { language: "de" }, VTT)).status, 404);
    const list = await api.get(`/api/box/${boxId}/captions`, { token: owner.access });
    assert.ok(!list.body.some((c: any) => c.language === "de"), list.text);
  });
});

describe("chapters", () => {
  test("replaced by a list, read back in order, named by the master playlist as a WebVTT track; bad starts refused", async () => {
    const empty = await api.get(`/api/box/${boxId}/chapters`, { token: owner.access });
    assert.equal(empty.status, 200, empty.text);
    assert.ok(Array.isArray(empty.body));

    const chapters = [
      { start: 0, title: "Opening" },
      { start: 7.5, title: "The middle" },
      { start: 15, title: "Credits" },
    ];
    const set = await api.post(`/api/box/${boxId}/chapters`, chapters, { token: owner.access });
    assert.equal(set.status, 200, set.text);
    assert.deepEqual(set.body, chapters);
    assert.deepEqual((await api.get(`/api/box/${boxId}/chapters`, { token: owner.access })).body, chapters);

    const play = await api.post(`/api/box/${boxId}/play`, {}, { token: owner.access });
    const master = await fetchText(play.body.file);
    const data = master.split("\n").find((l) => l.startsWith("#EXT-X-SESSION-DATA:") && l.includes("com.kinora.chapters"));
    assert.ok(data, master);
    const uri = /URI="([^"]+)"/.exec(data!)![1]!;
    const vtt = await fetchText(new URL(uri, play.body.file).href);
    assert.match(vtt, /00:00:00\.000 --> 00:00:07\.500\nOpening/);
    assert.match(vtt, /00:00:15\.000 --> 00:00:20\.\d{3}\nCredits/);

    const outOfOrder = await api.post(
      `/api/box/${boxId}/chapters`,
      [
        { start: 5, title: "B" },
        { start: 2, title: "A" },
      ],
      { token: owner.access },
    );
    assert.equal(outOfOrder.status, 400, outOfOrder.text);
    assert.match(outOfOrder.text, /chapters\.1\.start/);
    const outside = await api.post(
      `/api/box/${boxId}/chapters`,
      { chapters: [{ start: 25, title: "After the end" }] },
      { token: owner.access },
    );
    assert.equal(outside.status, 400, outside.text);
    assert.match(outside.text, /chapters\.0\.start/);
    assert.deepEqual(
      (await api.get(`/api/box/${boxId}/chapters`, { token: owner.access })).body,
      chapters,
      "a refused list changes nothing",
    );
    assert.equal((await api.post(`/api/box/${boxId}/chapters`, chapters, { token: other.access })).status, 404);
    assert.equal((await api.get(`/api/box/${boxId}/chapters`, { token: other.access })).status, 404);

    // an empty list removes them, and the master stops naming a track
    const cleared = await api.post(`/api/box/${boxId}/chapters`, [], { token: owner.access });
    assert.equal(cleared.status, 200, cleared.text);
    assert.deepEqual(cleared.body, []);
    const after = await fetchText((await api.post(`/api/box/${boxId}/play`, {}, { token: owner.access })).body.file);
    assert.doesNotMatch(after, /com\.kinora\.chapters/);
  });
});

describe("ingest of a source with tracks", () => {
  test("an embedded mov_text track, two audio languages and chapters: SUBTITLES and AUDIO renditions, the WebVTT plays signed, chapters from the API", async () => {
    const file = makeMultiTrackMp4(makeMediaDir("kinora-tracks-"), {
      durationSeconds: 6,
      subtitles: "1\n00:00:01,000 --> 00:00:02,500\nHello from the source\n\n2\n00:00:04,000 --> 00:00:05,000\nGoodbye\n",
      chapters: [
        { start: 0, title: "Intro" },
        { start: 3, title: "Outro" },
      ],
    });
    const id = (await uploadClip(api, owner.access, file, "Multi-track clip")).boxId;
    await waitReady(api, owner.access, id);

    const captions = await api.get(`/api/box/${id}/captions`, { token: owner.access });
    assert.deepEqual(
      captions.body.map((c: any) => [c.language, c.label, c.kind, c.source, c.cues]),
      [["en", "English", "subtitles", "source", 2]],
    );
    assert.deepEqual((await api.get(`/api/box/${id}/chapters`, { token: owner.access })).body, [
      { start: 0, title: "Intro" },
      { start: 3, title: "Outro" },
    ]);

    const play = await api.post(`/api/box/${id}/play`, {}, { token: owner.access });
    assert.equal(play.status, 200, play.text);
    const master = await fetchText(play.body.file);
    const renditions = mediaLines(master);
    const audio = renditions.filter((m) => m.TYPE === "AUDIO");
    assert.deepEqual(
      audio.map((a) => [a.LANGUAGE, a.NAME, a.DEFAULT, Boolean(a.URI)]),
      [
        ["en", "English", "YES", false],
        ["it", "Italian", "NO", true],
      ],
      master,
    );
    const subtitles = renditions.filter((m) => m.TYPE === "SUBTITLES");
    assert.deepEqual(
      subtitles.map((m) => m.LANGUAGE),
      ["en"],
    );
    for (const variant of master.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF:"))) {
      assert.match(variant, /AUDIO="audio"/);
      assert.match(variant, /SUBTITLES="subs"/);
    }
    // the Italian track's playlist and a segment, through the signed URL
    const audioUrl = new URL(audio[1]!.URI!, play.body.file).href;
    const audioPlaylist = await fetchText(audioUrl);
    assert.match(audioPlaylist, /#EXT-X-ENDLIST/);
    assert.ok(Math.abs(totalSeconds(audioPlaylist) - 6) < 0.6, audioPlaylist);
    const segment = await fetch(
      new URL(
        audioPlaylist.split("\n").find((l) => l.endsWith(".ts"))!,
        audioUrl,
      ).href,
    );
    assert.equal(segment.status, 200);
    assert.ok((await segment.arrayBuffer()).byteLength > 1000);
    // the subtitles through the signed URL
    const subsUrl = new URL(subtitles[0]!.URI!, play.body.file).href;
    const subsPlaylist = await fetchText(subsUrl);
    const vtt = await fetchText(
      new URL(
        subsPlaylist.split("\n").find((l) => l.endsWith(".vtt"))!,
        subsUrl,
      ).href,
    );
    assert.match(vtt, /00:00:01\.000 --> 00:00:02\.500\nHello from the source/);
    // the chapters named by the master
    assert.match(master, /#EXT-X-SESSION-DATA:DATA-ID="com\.kinora\.chapters",URI="chapters-[0-9a-f]{8}\.vtt"/);

    // the preview carries the audio tracks too (their first seconds) and the captions
    const vod = await api.post(`/api/box/${id}/vod`, { licenseType: "PAY_PER_VIEW", pricePerView: "1,00" }, { token: owner.access });
    assert.equal(vod.status, 201, vod.text);
    const preview = await api.post(`/api/public/vod/${vod.body.vodId}/preview`, {}, { token: await api.publicToken() });
    assert.equal(preview.status, 200, preview.text);
    const previewMaster = await fetchText(preview.body.file);
    const previewAudio = mediaLines(previewMaster).filter((m) => m.TYPE === "AUDIO");
    assert.deepEqual(
      previewAudio.map((a) => [a.LANGUAGE, a.DEFAULT, a.URI]),
      [
        ["en", "YES", undefined],
        ["it", "NO", "audio-1/index.m3u8"],
      ],
      previewMaster,
    );
    const previewItalian = await fetchText(new URL(previewAudio[1]!.URI!, preview.body.file).href);
    assert.match(previewItalian, /#EXT-X-ENDLIST/);
    assert.ok(
      mediaLines(previewMaster).some((m) => m.TYPE === "SUBTITLES" && m.LANGUAGE === "en"),
      previewMaster,
    );
  });
});

describe("a marketplace copy and the limits", () => {
  test("an acquired copy plays its seller's captions, lists them, and may not change them (409)", async () => {
    const offer = await api.post(
      `/api/box/${boxId}/marketplace`,
      { licenseType: "FREE", duration: 30, durationUnit: "DAYS" },
      { token: owner.access },
    );
    assert.equal(offer.status, 201, offer.text);
    const acquired = await api.post(`/api/marketplace/${offer.body.marketplaceId}/acquire`, {}, { token: other.access });
    assert.equal(acquired.status, 200, acquired.text);
    const copy = acquired.body.boxContent.boxId as string;
    const list = await api.get(`/api/box/${copy}/captions`, { token: other.access });
    assert.equal(list.status, 200, list.text);
    assert.ok(
      list.body.some((c: any) => c.language === "en-US"),
      list.text,
    );
    const play = await api.post(`/api/box/${copy}/play`, {}, { token: other.access });
    assert.equal(play.status, 200, play.text);
    const master = await fetchText(play.body.file);
    assert.ok(
      mediaLines(master).some((m) => m.TYPE === "SUBTITLES" && m.LANGUAGE === "en-US"),
      master,
    );
    const refused = await upload(copy, { language: "es" }, VTT, other.access);
    assert.equal(refused.status, 409, refused.text);
    assert.equal((await api.delete(`/api/box/${copy}/captions/en-US`, { token: other.access })).status, 409);
    assert.equal((await api.post(`/api/box/${copy}/chapters`, [], { token: other.access })).status, 409);
  });

  test("at most 50 caption tracks: the 51st language is refused (409), a replacement still goes through", async () => {
    const clip = makeH264AacMp4(makeMediaDir("kinora-captions-limit-"), {
      durationSeconds: 2,
      width: 320,
      height: 180,
      keyframeSeconds: 1,
    });
    const id = (await uploadClip(api, owner.access, clip, "Many languages")).boxId;
    await waitReady(api, owner.access, id);
    // 50 tags ICU names: a language and its regions
    const tags = [
      "en",
      "fr",
      "de",
      "es",
      "it",
      "pt",
      "nl",
      "sv",
      "da",
      "nb",
      "fi",
      "pl",
      "cs",
      "sk",
      "hu",
      "ro",
      "bg",
      "el",
      "tr",
      "ru",
      "uk",
      "ar",
      "he",
      "fa",
      "hi",
      "bn",
      "ta",
      "te",
      "th",
      "vi",
      "id",
      "ms",
      "ja",
      "ko",
      "zh",
      "sw",
      "zu",
      "af",
      "ca",
      "eu",
      "gl",
      "hr",
      "sr",
      "sl",
      "lt",
      "lv",
      "et",
      "is",
      "ga",
      "cy",
    ];
    assert.equal(new Set(tags).size, 50);
    for (const language of tags) {
      const res = await upload(id, { language }, VTT);
      assert.equal(res.status, 201, `${language}: ${res.text}`);
    }
    const over = await upload(id, { language: "mt" }, VTT);
    assert.equal(over.status, 409, over.text);
    assert.match(over.text, /at most 50/);
    assert.equal((await upload(id, { language: "fr", label: "Français" }, VTT)).status, 201);
    assert.equal((await api.get(`/api/box/${id}/captions`, { token: owner.access })).body.length, 50);
  });
});
