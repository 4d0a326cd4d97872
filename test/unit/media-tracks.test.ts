// The pure parts of issue 26's tracks: the master playlist with caption and audio renditions and
// session data, the subtitles playlist, the probe's tracks and chapters, the storyboard's plan and
// track, and the chapter list's checks.
import assert from "node:assert/strict";
import { test } from "node:test";
import { buildMasterPlaylist, buildSubtitlesPlaylist, parseMasterRenditions } from "../../src/server/media/ffmpeg/playlists";
import { parseProbeOutput } from "../../src/server/media/ffmpeg/probe-args";
import { planStoryboard, storyboardVtt } from "../../src/server/media/ffmpeg/storyboard-args";
import { checkChapters, chaptersVtt } from "../../src/server/domain/captions/chapters";
import { DomainError } from "../../src/server/core/errors";
import type { ProbeSummary } from "../../src/server/media/ffmpeg/types";

const variant = { uri: "360p/index.m3u8", bandwidth: 900_000, width: 640, height: 360, codecs: "avc1.64001e,mp4a.40.2" };

test("the master names caption and audio groups on every variant, one default audio, unique names, quoted values cleaned", () => {
  const text = buildMasterPlaylist([variant, { ...variant, uri: "720p/index.m3u8", bandwidth: 3_000_000 }], {
    subtitles: [
      { uri: "subs/en-1/index.m3u8", language: "en", name: "English", forDeaf: true },
      { uri: "subs/en-GB-2/index.m3u8", language: "en-GB", name: "English" },
      { uri: "subs/it-3/index.m3u8", language: "it", name: 'Say "ciao"\nnow' },
    ],
    audio: [
      { language: "en", name: "English", isDefault: true },
      { uri: "audio-1/index.m3u8", language: "it", name: "Italian", isDefault: true },
    ],
    sessionData: [{ id: "com.kinora.chapters", uri: "chapters-ab.vtt" }],
  });
  const media = parseMasterRenditions(text);
  assert.deepEqual(
    media.map((m) => [m.TYPE, m.LANGUAGE, m.NAME, m.DEFAULT, m.URI]),
    [
      ["AUDIO", "en", "English", "YES", undefined],
      ["AUDIO", "it", "Italian", "NO", "audio-1/index.m3u8"],
      ["SUBTITLES", "en", "English", "NO", "subs/en-1/index.m3u8"],
      ["SUBTITLES", "en-GB", "English (en-GB)", "NO", "subs/en-GB-2/index.m3u8"],
      ["SUBTITLES", "it", "Say  ciao  now", "NO", "subs/it-3/index.m3u8"],
    ],
  );
  assert.equal(media[2]!.CHARACTERISTICS, "public.accessibility.transcribes-spoken-dialog,public.accessibility.describes-music-and-sound");
  assert.equal(media[3]!.CHARACTERISTICS, undefined);
  const variants = text.split("\n").filter((l) => l.startsWith("#EXT-X-STREAM-INF:"));
  assert.equal(variants.length, 2);
  for (const v of variants) assert.match(v, /,AUDIO="audio",SUBTITLES="subs"$/);
  assert.match(text, /^#EXT-X-SESSION-DATA:DATA-ID="com\.kinora\.chapters",URI="chapters-ab\.vtt"$/m);
  // without extras: as before (no group attribute)
  assert.doesNotMatch(buildMasterPlaylist([variant]), /AUDIO=|SUBTITLES=|EXT-X-MEDIA|SESSION-DATA/);
});

test("the subtitles playlist: one WebVTT segment as long as the video, complete", () => {
  assert.equal(
    buildSubtitlesPlaylist(15.36, "captions.vtt"),
    "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:16\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:15.360,\ncaptions.vtt\n#EXT-X-ENDLIST\n",
  );
});

test("the probe keeps every audio stream with its language, the text subtitle streams, and the chapters", () => {
  const probe = parseProbeOutput(
    JSON.stringify({
      format: { format_name: "matroska,webm", duration: "60.0", size: "1000" },
      streams: [
        { index: 0, codec_type: "video", codec_name: "h264", width: 640, height: 360, avg_frame_rate: "25/1" },
        { index: 1, codec_type: "audio", codec_name: "aac", profile: "LC", channels: 2, sample_rate: "48000", tags: { language: "eng" } },
        {
          index: 2,
          codec_type: "audio",
          codec_name: "opus",
          channels: 2,
          sample_rate: "48000",
          tags: { language: "ita", title: "Doppiaggio" },
        },
        { index: 3, codec_type: "subtitle", codec_name: "subrip", tags: { language: "und" }, disposition: { hearing_impaired: 1 } },
        { index: 4, codec_type: "subtitle", codec_name: "hdmv_pgs_subtitle", tags: { language: "fre" } },
      ],
      chapters: [
        { start_time: "30.000", tags: { title: "Second" } },
        { start_time: "0.000", tags: { title: "First" } },
        { start_time: "75.000", tags: { title: "Past the end" } },
        { start_time: "45.5" },
      ],
    }),
  );
  assert.deepEqual(probe.audioTracks, [
    { index: 1, codec: "aac", profile: "LC", language: "eng" },
    { index: 2, codec: "opus", language: "ita", title: "Doppiaggio" },
  ]);
  assert.deepEqual(probe.subtitles, [{ index: 3, codec: "subrip", forDeaf: true }]);
  assert.deepEqual(probe.chapters, [
    { start: 0, title: "First" },
    { start: 30, title: "Second" },
    { start: 45.5, title: "Chapter 3" },
  ]);
  // one audio stream, no subtitles, no chapters: none of the fields
  const plain = parseProbeOutput(
    JSON.stringify({
      format: { format_name: "mov,mp4,m4a,3gp,3g2,mj2", duration: "4" },
      streams: [
        { index: 0, codec_type: "video", codec_name: "h264", width: 2, height: 2 },
        { index: 1, codec_type: "audio", codec_name: "aac" },
      ],
    }),
  );
  assert.deepEqual([plain.audioTracks, plain.subtitles, plain.chapters], [undefined, undefined, undefined]);
});

const probeOf = (durationSeconds: number, w = 1920, h = 1080) =>
  ({ durationSeconds, video: { displayWidth: w, displayHeight: h } }) as unknown as ProbeSummary;

test("the storyboard: a thumbnail a second up to 400, then a longer interval; the sheet rectangles of its track", () => {
  assert.deepEqual(planStoryboard(probeOf(60)), { interval: 1, count: 60, width: 160, height: 90, columns: 10, rows: 6, sheets: 1 });
  assert.deepEqual(planStoryboard(probeOf(250)), { interval: 1, count: 250, width: 160, height: 90, columns: 10, rows: 10, sheets: 3 });
  const long = planStoryboard(probeOf(3600, 1080, 1920));
  assert.deepEqual([long.interval, long.count, long.height, long.sheets], [9, 400, 284, 4]);
  const vtt = storyboardVtt(planStoryboard(probeOf(102.5)), 102.5);
  const cues = [...vtt.matchAll(/(\S+) --> (\S+)\n(\S+)/g)].map((m) => [m[1], m[2], m[3]]);
  assert.equal(cues.length, 103);
  assert.deepEqual(cues[0], ["00:00:00.000", "00:00:01.000", "sheet_000.jpg#xywh=0,0,160,90"]);
  assert.deepEqual(cues[11], ["00:00:11.000", "00:00:12.000", "sheet_000.jpg#xywh=160,90,160,90"]);
  assert.deepEqual(cues[100], ["00:01:40.000", "00:01:41.000", "sheet_001.jpg#xywh=0,0,160,90"]);
  assert.deepEqual(cues[102], ["00:01:42.000", "00:01:42.500", "sheet_001.jpg#xywh=320,0,160,90"]);
});

test("chapters: starts inside the duration and ascending, titles required; the list or {chapters}; a WebVTT track", () => {
  assert.deepEqual(
    checkChapters(
      [
        { start: "0", title: " Intro  part " },
        { start: 12.3456, title: "B" },
      ],
      60,
    ),
    [
      { start: 0, title: "Intro part" },
      { start: 12.346, title: "B" },
    ],
  );
  assert.deepEqual(checkChapters({ chapters: [] }, 60), []);
  const fields = (input: unknown) => {
    try {
      checkChapters(input, 60);
      return [];
    } catch (err) {
      assert.ok(err instanceof DomainError);
      return err.fieldErrors.map((f) => `${f.field}:${f.message}`);
    }
  };
  assert.deepEqual(fields([{ start: 5, title: "A" }, { start: 5, title: "B" }, { start: 60, title: "C" }, { title: "" }]), [
    "chapters.1.start:field.chapterStart",
    "chapters.2.start:field.chapterStart",
    "chapters.3.start:field.required",
    "chapters.3.title:field.chapterTitle",
  ]);
  assert.deepEqual(fields("nope"), ["chapters:field.type"]);
  assert.equal(
    chaptersVtt(
      [
        { start: 0, title: "A" },
        { start: 30, title: "B" },
      ],
      45,
    ),
    "WEBVTT\n\n00:00:00.000 --> 00:00:30.000\nA\n\n00:00:30.000 --> 00:00:45.000\nB\n",
  );
});
