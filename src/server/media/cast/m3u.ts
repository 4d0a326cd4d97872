import type { EpgChannel } from "./epg-types";
import { epgChannelId } from "./xmltv";

/**
 * The M3U playlist IPTV apps read (the extended form with tvg- attributes): one entry per channel,
 * its tvg-id the channel's XMLTV id, so an app matches it to the guide at `xmltvUrl`.
 */

/** M3U has no escapes: quotes would end an attribute and line breaks an entry, so they are replaced. */
function attribute(value: string): string {
  return value.replace(/[\r\n]+/g, " ").replace(/"/g, "'");
}

export function m3uPlaylist(channels: EpgChannel[], xmltvUrl: string | null): string {
  const lines = [xmltvUrl ? `#EXTM3U url-tvg="${attribute(xmltvUrl)}" x-tvg-url="${attribute(xmltvUrl)}"` : "#EXTM3U"];
  for (const c of channels) {
    const attrs = [
      `tvg-id="${attribute(epgChannelId(c.channelId))}"`,
      `tvg-name="${attribute(c.name)}"`,
      ...(c.logoUrl ? [`tvg-logo="${attribute(c.logoUrl)}"`] : []),
      `group-title="${attribute(c.group)}"`,
    ];
    lines.push(`#EXTINF:-1 ${attrs.join(" ")},${c.name.replace(/[\r\n]+/g, " ")}`, c.streamUrl.replace(/[\r\n]+/g, ""));
  }
  return `${lines.join("\n")}\n`;
}
