// Caption files (issue 26): WebVTT and SRT read into cues, written back as WebVTT; a file that does not
// parse is refused with the line at fault; a preview's cues stop where the preview stops.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { cuesUntil, MAX_CUE_TEXT, parseCaptions, toWebVtt, webvttTime } from "@/lib/webvtt";

const SRT = ["1", "00:00:01,000 --> 00:00:02,500", "Hello <i>there</i>", "", "2", "00:00:03,000 --> 00:01:04,250", "Two", "lines", ""].join(
  "\r\n",
);

describe("parseCaptions", () => {
  test("SRT: numbered cues, comma decimals, CRLF; written back as WebVTT", () => {
    const parsed = parseCaptions(SRT);
    assert.ok(parsed.ok);
    assert.equal(parsed.format, "srt");
    assert.deepEqual(parsed.cues, [
      { start: 1, end: 2.5, text: "Hello <i>there</i>" },
      { start: 3, end: 64.25, text: "Two\nlines" },
    ]);
    assert.equal(
      toWebVtt(parsed.cues),
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.500\nHello <i>there</i>\n\n00:00:03.000 --> 00:01:04.250\nTwo\nlines\n",
    );
  });

  test("WebVTT: header text, BOM, identifiers, hours left out, settings kept, NOTE and STYLE left out", () => {
    const vtt = [
      "\uFEFFWEBVTT - a film",
      "",
      "NOTE made by hand",
      "",
      "STYLE",
      "::cue { color: yellow }",
      "",
      "intro",
      "00:01.000 --> 00:02.000 line:0 position:20%",
      "<v Ann>Hi",
      "",
      "01:00:00.5 --> 01:00:01.25",
      "Later",
    ].join("\n");
    const parsed = parseCaptions(vtt);
    assert.ok(parsed.ok);
    assert.equal(parsed.format, "webvtt");
    assert.deepEqual(parsed.cues, [
      { start: 1, end: 2, text: "<v Ann>Hi", settings: "line:0 position:20%" },
      { start: 3600.5, end: 3601.25, text: "Later" },
    ]);
    assert.match(
      toWebVtt(parsed.cues),
      /^WEBVTT\n\n00:00:01\.000 --> 00:00:02\.000 line:0 position:20%\n<v Ann>Hi\n\n01:00:00\.500 --> 01:00:01\.250\nLater\n$/,
    );
  });

  test("SRT markup in WebVTT's terms: <font> and {\\an8} go, a bare & and < are escaped, <b> stays", () => {
    const parsed = parseCaptions('1\n00:00:01,000 --> 00:00:02,000\n{\\an8}<font color="#ff0">Tom & Jerry</font> <b>2 < 3</b>\n');
    assert.ok(parsed.ok);
    assert.equal(parsed.cues[0]!.text, "Tom &amp; Jerry <b>2 &lt; 3</b>");
  });

  test("refusals name the line: a bad timing, an end before the start, no cue, too long a text", () => {
    assert.deepEqual(parseCaptions("1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:03 --> 00:00:04,000\nbad\n"), {
      ok: false,
      line: 6,
      reason: "timing",
    });
    assert.deepEqual(parseCaptions("WEBVTT\n\n00:05.000 --> 00:04.000\nbackwards\n"), { ok: false, line: 3, reason: "order" });
    assert.deepEqual(parseCaptions("WEBVTT\n\nNOTE nothing else\n"), { ok: false, line: 1, reason: "empty" });
    assert.deepEqual(parseCaptions(""), { ok: false, line: 1, reason: "empty" });
    assert.deepEqual(parseCaptions(`1\n00:00:01,000 --> 00:00:02,000\n${"x".repeat(MAX_CUE_TEXT + 1)}\n`), {
      ok: false,
      line: 3,
      reason: "tooLong",
    });
    assert.equal(parseCaptions("just some text\nover two lines").ok, false);
  });

  test("a cue's text never ends the cue early when written: no blank line, no arrow", () => {
    const vtt = toWebVtt([{ start: 0, end: 1, text: "a --> b\n\nc" }]);
    assert.equal(vtt, "WEBVTT\n\n00:00:00.000 --> 00:00:01.000\na -> b\nc\n");
    const again = parseCaptions(vtt);
    assert.ok(again.ok);
    assert.deepEqual(again.cues, [{ start: 0, end: 1, text: "a -> b\nc" }]);
  });

  test("an HLS subtitle file names the video clock at cue time 0 in its header, and still parses", () => {
    const vtt = toWebVtt([{ start: 2, end: 3, text: "x" }], { mpegtsAtZero: 126000 });
    assert.equal(vtt, "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:126000,LOCAL:00:00:00.000\n\n00:00:02.000 --> 00:00:03.000\nx\n");
    const again = parseCaptions(vtt);
    assert.ok(again.ok);
    assert.deepEqual(again.cues, [{ start: 2, end: 3, text: "x" }]);
  });
});

describe("cuesUntil and webvttTime", () => {
  test("a preview's cues stop at its end: later ones go, one across it is cut", () => {
    const cues = [
      { start: 1, end: 5, text: "a" },
      { start: 12, end: 18, text: "b" },
      { start: 15, end: 16, text: "c" },
    ];
    assert.deepEqual(cuesUntil(cues, 15), [
      { start: 1, end: 5, text: "a" },
      { start: 12, end: 15, text: "b" },
    ]);
  });

  test("times as hh:mm:ss.mmm, rounded to the millisecond", () => {
    assert.equal(webvttTime(0), "00:00:00.000");
    assert.equal(webvttTime(3723.0456), "01:02:03.046");
    assert.equal(webvttTime(59.9999), "00:01:00.000");
  });
});
