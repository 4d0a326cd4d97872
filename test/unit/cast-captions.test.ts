// Captions on a cast channel (issue 26), as pure functions of the schedule and the clock: the tracks
// the master names, a track's playlist on the first variant's timeline, and each WebVTT segment
// holding the cues of the content airing there, in the content's own time.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { captionMediaPlaylist, captionSegment, channelCaptionTracks } from "@/server/media/cast/cast-captions";
import { castMediaPlaylist } from "@/server/media/cast/playout";
import type { CastCaptionTrack, CastPlayoutProgram } from "@/server/media/cast/playout-types";
import { parseCaptions } from "@/lib/webvtt";
import * as fx from "../support/cast-playout-fixtures";

const T = fx.DAY_START_MS + 3_600_000;
const S = 1000;
const MAP = "X-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000";

const track = (language: string, name: string, cues: [number, number, string][], forDeaf = false): CastCaptionTrack => ({
  language,
  name,
  forDeaf,
  cues: cues.map(([start, end, text]) => ({ start, end, text })),
});

/** A (offset 6 s) 0-30 s with English and French captions, a break 30-40 s, B 40-60 s with English SDH and German ones. */
function day(): CastPlayoutProgram[] {
  const a = {
    ...fx.boxSource("boxA", 100 * S),
    captions: [
      track("fr", "Français", [[25, 26, "dedans"]]),
      track("en", "English", [
        [10, 11, "before"],
        [25, 26, "inside"],
        [27.5, 29, "across"],
      ]),
    ],
  };
  const b = {
    ...fx.boxSource("boxB", 20 * S),
    captions: [track("en", "English SDH", [[1, 2, "[door]"]], true), track("de", "English", [[1, 2, "Tür"]])],
  };
  return [
    { type: "PRERECORDED", programId: "a", startMs: T, endMs: T + 30 * S, offsetSeconds: 6, content: a },
    { type: "BREAK", programId: "b", startMs: T + 30 * S, endMs: T + 40 * S },
    { type: "PRERECORDED", programId: "c", startMs: T + 40 * S, endMs: T + 60 * S, offsetSeconds: 0, content: b },
  ];
}

const cuesOf = (vtt: string) => {
  const parsed = parseCaptions(vtt);
  return parsed.ok ? parsed.cues.map((c) => [c.start, c.end, c.text]) : [];
};

describe("cast captions", () => {
  it("the master names each language of the contents still to air once, as the first to air names it, names kept unique", () => {
    const uri = (l: string) => `subs/${l}/index.m3u8`;
    assert.deepEqual(channelCaptionTracks(day(), T, uri), [
      { uri: "subs/de/index.m3u8", language: "de", name: "English (de)", forDeaf: false },
      { uri: "subs/en/index.m3u8", language: "en", name: "English (en)", forDeaf: false },
      { uri: "subs/fr/index.m3u8", language: "fr", name: "Français", forDeaf: false },
    ]);
    // once A has aired, B's tracks alone: its English is for the deaf
    assert.deepEqual(channelCaptionTracks(day(), T + 35 * S, uri), [
      { uri: "subs/de/index.m3u8", language: "de", name: "English", forDeaf: false },
      { uri: "subs/en/index.m3u8", language: "en", name: "English SDH", forDeaf: true },
    ]);
    assert.deepEqual(channelCaptionTracks([{ type: "BREAK", programId: "b", startMs: T, endMs: T + 9 * S }], T, uri), []);
  });

  it("a track's playlist is the first variant's timeline, one WebVTT segment per segment", () => {
    const input = fx.input(day(), T + 45 * S);
    const video = castMediaPlaylist(input, fx.CHANNEL.variants[0]!.name);
    const captions = captionMediaPlaylist(input, (ms) => `${ms}.vtt`);
    const strip = (text: string) => text.split("\n").filter((l) => l.startsWith("#"));
    assert.deepEqual(strip(captions), strip(video), "the same numbers, date-times, durations and discontinuities");
    const uris = captions.split("\n").filter((l) => l && !l.startsWith("#"));
    const starts = video.split("\n").flatMap((l) => (l.startsWith("#EXT-X-PROGRAM-DATE-TIME:") ? [Date.parse(l.slice(25))] : []));
    assert.deepEqual(
      uris,
      starts.map((ms) => `${ms}.vtt`),
    );
  });

  it("a segment holds the cues of the content airing there that show during it, in the content's time; none in a break", () => {
    const input = fx.input(day(), T + 45 * S);
    // A starts with its segment holding 6 s (seg 1, 4-8 s): the channel's 20-24 s play its 24-28 s
    const a = captionSegment(input, "en", T + 20 * S)!;
    assert.ok(a.startsWith(`WEBVTT\n${MAP}\n\n`), a);
    assert.deepEqual(cuesOf(a), [
      [25, 26, "inside"],
      [27.5, 29, "across"],
    ]);
    // the next segment (28-30 s cut at the program's end) still shows the cue across the boundary
    assert.deepEqual(cuesOf(captionSegment(input, "en", T + 24 * S)!), [[27.5, 29, "across"]]);
    assert.deepEqual(cuesOf(captionSegment(input, "fr", T + 20 * S)!), [[25, 26, "dedans"]]);
    // the break's slate, and a language A does not have: an empty segment with the header
    assert.equal(captionSegment(input, "en", T + 30 * S), `WEBVTT\n${MAP}\n`);
    assert.equal(captionSegment(input, "de", T + 20 * S), `WEBVTT\n${MAP}\n`);
    // B from its start
    assert.deepEqual(cuesOf(captionSegment(input, "en", T + 40 * S)!), [[1, 2, "[door]"]]);
    // no segment starts there, or it has left the window
    assert.equal(captionSegment(input, "en", T + 21 * S), null);
    assert.equal(captionSegment(input, "en", T), null);
  });
});
