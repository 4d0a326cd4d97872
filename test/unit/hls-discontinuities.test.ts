// The player's renumbering of a cast channel's discontinuities (src/lib/hls-discontinuities.ts):
// every playlist it loads (each variant, the caption track, every reload as the clock moves) numbers
// a segment alike, by one more at each EXT-X-DISCONTINUITY, with small numbers.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { DiscontinuityNumbers } from "@/lib/hls-discontinuities";
import { captionMediaPlaylist } from "@/server/media/cast/cast-captions";
import { castMediaPlaylist } from "@/server/media/cast/playout";
import type { CastPlayoutProgram } from "@/server/media/cast/playout-types";
import * as fx from "../support/cast-playout-fixtures";
import { segmentNumbers } from "../support/hls-numbers";

const T = fx.DAY_START_MS + 3_600_000;
const S = 1000;

/** Two contents with breaks and empty time between them (the slate loops: a discontinuity every 10 s). */
const day: CastPlayoutProgram[] = [
  { type: "PRERECORDED", programId: "a", startMs: T, endMs: T + 30 * S, offsetSeconds: 6, content: fx.boxSource("boxA", 100 * S) },
  { type: "BREAK", programId: "b", startMs: T + 30 * S, endMs: T + 41 * S },
  { type: "PRERECORDED", programId: "c", startMs: T + 41 * S, endMs: T + 70 * S, offsetSeconds: 0, content: fx.boxSource("boxC", 20 * S) },
  { type: "PRERECORDED", programId: "d", startMs: T + 95 * S, endMs: T + 130 * S, offsetSeconds: 0, content: fx.boxSource("boxD", 60 * S) },
];

/** Each segment's discontinuity number as a player reads it (the header plus the tags before it), by date-time. */
const numbersOf = (playlist: string) => new Map(segmentNumbers(playlist).map((s) => [s.pdt, s.dsn]));

describe("discontinuity numbers of a cast channel in the player", () => {
  it("number a segment alike in every variant, the caption track and every reload, one more at each tag, from 0", () => {
    const numbers = new DiscontinuityNumbers();
    const seen = new Map<number, number>();
    for (let now = T + 5 * S; now < T + 140 * S; now += 3 * S) {
      const input = fx.input(day, now);
      const playlists = [
        castMediaPlaylist(input, "360p"),
        captionMediaPlaylist(input, (ms) => `${ms}.vtt`),
        castMediaPlaylist(input, "1080p"),
      ];
      for (const original of playlists) {
        const renumbered = numbers.renumber(original);
        assert.equal(
          renumbered.replace(/#EXT-X-DISCONTINUITY-SEQUENCE:\d+/, ""),
          original.replace(/#EXT-X-DISCONTINUITY-SEQUENCE:\d+/, ""),
        );
        for (const [pdt, n] of numbersOf(renumbered)) {
          if (seen.has(pdt)) assert.equal(n, seen.get(pdt), `the segment at +${(pdt - T) / S} s at ${(now - T) / S} s`);
          seen.set(pdt, n);
        }
      }
    }
    const ordered = [...seen.entries()].sort((a, b) => a[0] - b[0]).map(([, n]) => n);
    assert.equal(ordered[0], 0);
    ordered.slice(1).forEach((n, i) => assert.ok(n === ordered[i] || n === ordered[i]! + 1, "one more at each discontinuity"));
    assert.ok(ordered.at(-1)! > 5 && ordered.at(-1)! < 40, `small numbers: ${ordered.at(-1)}`);
  });

  it("after a gap (a paused player) the next domains get new numbers; a VOD playlist is left alone", () => {
    const numbers = new DiscontinuityNumbers();
    const before = numbersOf(numbers.renumber(castMediaPlaylist(fx.input(day, T + 20 * S), "720p")));
    const after = numbersOf(numbers.renumber(castMediaPlaylist(fx.input(day, T + 125 * S), "720p")));
    assert.ok(Math.min(...after.values()) > Math.max(...before.values()));
    const vod = "#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXTINF:4.000,\nseg_00000.ts\n#EXT-X-ENDLIST\n";
    assert.equal(numbers.renumber(vod), vod);
  });
});
