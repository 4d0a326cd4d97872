// The EPG documents from plain schedule data: XMLTV for one channel and for a creator's channels,
// validated by Debian's xmltv-util (`tv_validate_file`, against its xmltv.dtd, with its own id and
// cross-reference checks) when it is installed, and the M3U playlist IPTV apps read.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { validateXmltv } from "../support/xmltv-validate";
import type { EpgChannel, EpgProgramme } from "@/server/media/cast/epg-types";
import { m3uPlaylist } from "@/server/media/cast/m3u";
import { epgChannelId, xmltvDocument, xmltvTime } from "@/server/media/cast/xmltv";

const H = 3_600_000;
const DAY = Date.UTC(2026, 10, 24);
const BASE = "https://tv.example.org";

function channel(channelId: string, name: string, logo = true): EpgChannel {
  return {
    channelId,
    name,
    logoUrl: logo ? `${BASE}/asset/thumbnail/${channelId}?w=320&fmt=png` : null,
    pageUrl: `${BASE}/cast/${channelId}`,
    group: "Ada's <Films>",
    streamUrl: `${BASE}/api/public/cast/channel/${channelId}/live.m3u8`,
  };
}

const c1 = channel("0b6f3c1e-6a43-4c1b-9d0e-2f5a8e7c9b10", 'Ada & "Friends" TV');
const c2 = channel("7d2e4f60-1c3b-4a5d-8e9f-0a1b2c3d4e5f", "Night\nshift", false);

function programme(channelId: string, startH: number, endH: number, over: Partial<EpgProgramme> = {}): EpgProgramme {
  return {
    channelId,
    title: `At ${startH}`,
    description: null,
    startMs: DAY + startH * H,
    endMs: DAY + endH * H,
    type: "PRERECORDED",
    tags: [],
    iconUrl: null,
    watchUrl: null,
    ...over,
  };
}

const programmes: EpgProgramme[] = [
  programme(c1.channelId, 1, 2, { title: "Break", type: "BREAK" }),
  programme(c1.channelId, 0, 1, {
    title: "Film <1> & co",
    description: "A \u0007film with 'quotes' and ünïcödé 🎬",
    tags: ["drama", "b&w"],
    iconUrl: `${BASE}/asset/thumbnail/abc`,
    watchUrl: `${BASE}/watch/v1`,
  }),
  programme(c2.channelId, 23, 25.5, { title: "Over midnight", type: "LIVE" }),
  programme("another-creator-channel", 0, 1),
];

const validate = validateXmltv;

describe("XMLTV", () => {
  it("writes times in UTC as XMLTV does", () => {
    assert.equal(xmltvTime(DAY + 6 * H + 30 * 60_000 + 5000), "20261124063005 +0000");
    assert.equal(xmltvTime(Date.UTC(2027, 0, 1)), "20270101000000 +0000");
  });

  it("writes one channel's guide: its programmes in order, text escaped, catch-up links to the watch page", (t) => {
    const xml = xmltvDocument([c1], programmes);
    const id = epgChannelId(c1.channelId);
    assert.match(xml, /^<\?xml version="1.0" encoding="UTF-8"\?>\n<!DOCTYPE tv SYSTEM "xmltv.dtd">\n<tv generator-info-name="Kinora">\n/);
    assert.ok(xml.includes(`<channel id="${id}">\n    <display-name>Ada &amp; &quot;Friends&quot; TV</display-name>`));
    assert.ok(xml.includes(`<icon src="${BASE}/asset/thumbnail/${c1.channelId}?w=320&amp;fmt=png" />`));
    assert.ok(xml.includes(`<url>${BASE}/cast/${c1.channelId}</url>`));
    const starts = [...xml.matchAll(/<programme start="(\d+) \+0000" stop="(\d+) \+0000" channel="([^"]+)">/g)].map((m) => [
      m[1],
      m[2],
      m[3],
    ]);
    assert.deepEqual(starts, [
      ["20261124000000", "20261124010000", id],
      ["20261124010000", "20261124020000", id],
    ]);
    assert.ok(
      xml.includes(
        [
          "    <title>Film &lt;1&gt; &amp; co</title>",
          "    <desc>A film with &apos;quotes&apos; and ünïcödé 🎬</desc>", // the bell character has no place in XML
          "    <category>drama</category>",
          "    <category>b&amp;w</category>",
          `    <icon src="${BASE}/asset/thumbnail/abc" />`,
          `    <url>${BASE}/watch/v1</url>`,
          "  </programme>",
        ].join("\n"),
      ),
    );
    assert.ok(xml.includes("    <title>Break</title>\n  </programme>"), "no catch-up link without a published vod");
    assert.ok(!xml.includes("another-creator-channel"));
    const verdict = validate(t, xml);
    if (verdict) assert.ok(verdict.ok, verdict.output);
  });

  it("writes a creator's channels in one guide, channels first, then programmes channel by channel", (t) => {
    const xml = xmltvDocument([c1, c2], programmes);
    const order = [...xml.matchAll(/<(channel id|programme start="[^"]+" stop="[^"]+" channel)="([^"]+)"/g)].map(
      (m) => `${m[1]!.split(" ")[0]} ${m[2]}`,
    );
    const [a, b] = [epgChannelId(c1.channelId), epgChannelId(c2.channelId)];
    assert.deepEqual(order, [`channel ${a}`, `channel ${b}`, `programme ${a}`, `programme ${a}`, `programme ${b}`]);
    assert.ok(xml.includes('start="20261124230000 +0000" stop="20261125013000 +0000"'), "a programme over midnight");
    assert.ok(xml.includes("<display-name>Night\nshift</display-name>"));
    const verdict = validate(t, xml);
    if (verdict) assert.ok(verdict.ok, verdict.output);
  });

  it("is refused by the validator when broken (the check can fail)", (t) => {
    const broken = xmltvDocument([c1], programmes).replace(/<title>[^<]*<\/title>\n/g, "");
    const verdict = validate(t, broken);
    if (verdict) assert.equal(verdict.ok, false, "a programme without a title is not XMLTV");
    const unknownChannel = xmltvDocument([c1], programmes).replace(
      `channel="${epgChannelId(c1.channelId)}"`,
      'channel="nowhere.cast.kinora"',
    );
    const second = validate(t, unknownChannel);
    if (second) assert.equal(second.ok, false, "a programme of a channel the guide does not list");
  });
});

describe("M3U", () => {
  it("lists the channels with tvg-id (the guide's id), tvg-logo, group-title and the stream URL", () => {
    const text = m3uPlaylist([c1, c2], `${BASE}/api/public/cast/user/u1/xmltv`);
    assert.deepEqual(text.split("\n"), [
      `#EXTM3U url-tvg="${BASE}/api/public/cast/user/u1/xmltv" x-tvg-url="${BASE}/api/public/cast/user/u1/xmltv"`,
      `#EXTINF:-1 tvg-id="${epgChannelId(c1.channelId)}" tvg-name="Ada & 'Friends' TV" tvg-logo="${c1.logoUrl}" group-title="Ada's <Films>",Ada & "Friends" TV`,
      c1.streamUrl,
      `#EXTINF:-1 tvg-id="${epgChannelId(c2.channelId)}" tvg-name="Night shift" group-title="Ada's <Films>",Night shift`,
      c2.streamUrl,
      "",
    ]);
    assert.equal(m3uPlaylist([], null), "#EXTM3U\n");
  });
});
