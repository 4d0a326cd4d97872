import type { EpgChannel, EpgProgramme } from "./epg-types";

/**
 * XMLTV (the DTD Debian's xmltv-util ships as /usr/share/xmltv/xmltv.dtd) for one channel or for
 * all public channels of a creator: the same function, given one channel or several. Times are
 * written in UTC (`YYYYMMDDhhmmss +0000`), which every guide reader converts to its own zone.
 */

// Characters XML 1.0 cannot carry at all (controls other than tab and newlines, lone surrogates, U+FFFE/F).
const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/**
 * The channel's id in the guide and in M3U (tvg-id): XMLTV wants RFC 2838 style ids (a dotted name,
 * `tv_validate_file` refuses others), and one that does not change with the host it is served from.
 */
export function epgChannelId(channelId: string): string {
  return `${channelId}.cast.kinora`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** `20261124063000 +0000` */
export function xmltvTime(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCFullYear(), 4)}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())} +0000`;
}

function channelElement(c: EpgChannel): string[] {
  return [
    `  <channel id="${xmlText(epgChannelId(c.channelId))}">`,
    `    <display-name>${xmlText(c.name)}</display-name>`,
    ...(c.logoUrl ? [`    <icon src="${xmlText(c.logoUrl)}" />`] : []),
    `    <url>${xmlText(c.pageUrl)}</url>`,
    "  </channel>",
  ];
}

/** The DTD's order: title, desc, category, icon, url (the catch-up watch page). */
function programmeElement(p: EpgProgramme): string[] {
  return [
    `  <programme start="${xmltvTime(p.startMs)}" stop="${xmltvTime(p.endMs)}" channel="${xmlText(epgChannelId(p.channelId))}">`,
    `    <title>${xmlText(p.title)}</title>`,
    ...(p.description ? [`    <desc>${xmlText(p.description)}</desc>`] : []),
    ...p.tags.map((t) => `    <category>${xmlText(t)}</category>`),
    ...(p.iconUrl ? [`    <icon src="${xmlText(p.iconUrl)}" />`] : []),
    ...(p.watchUrl ? [`    <url>${xmlText(p.watchUrl)}</url>`] : []),
    "  </programme>",
  ];
}

/**
 * The XMLTV document of `channels` and their `programmes` (programmes of other channels are left
 * out), programmes in channel order then start time, as guide readers expect. Only channels with
 * programmes are listed: XMLTV readers (tv_validate_file among them) take a channel without any for
 * an error.
 */
export function xmltvDocument(channels: EpgChannel[], programmes: EpgProgramme[], generator = "Kinora"): string {
  const order = new Map(channels.map((c, i) => [c.channelId, i]));
  const listed = programmes
    .filter((p) => order.has(p.channelId) && p.endMs > p.startMs)
    .sort((a, b) => order.get(a.channelId)! - order.get(b.channelId)! || a.startMs - b.startMs);
  const programmed = new Set(listed.map((p) => p.channelId));
  const shown = channels.filter((c) => programmed.has(c.channelId));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE tv SYSTEM "xmltv.dtd">',
    `<tv generator-info-name="${xmlText(generator)}">`,
    ...shown.flatMap(channelElement),
    ...listed.flatMap(programmeElement),
    "</tv>",
    "",
  ].join("\n");
}
