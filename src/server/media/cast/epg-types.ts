/**
 * The plain data the EPG documents (XMLTV, M3U) are written from: the cast domain maps its public
 * channels and their programs into these, with absolute URLs already made (the public channel page,
 * the thumbnail asset, the channel's stream, a vod's watch page).
 */

export interface EpgChannel {
  channelId: string;
  name: string;
  /** The channel's thumbnail as an absolute URL (XMLTV icon, M3U tvg-logo). */
  logoUrl: string | null;
  /** The public channel page. */
  pageUrl: string;
  /** What IPTV apps group the channel under (M3U group-title): its creator's name. */
  group: string;
  /** The stable URL an IPTV app plays (the channel's live HLS). */
  streamUrl: string;
}

export interface EpgProgramme {
  channelId: string;
  title: string;
  description: string | null;
  /** Epoch milliseconds, [start, end). */
  startMs: number;
  endMs: number;
  type: "PRERECORDED" | "LIVE" | "BREAK";
  tags: string[];
  iconUrl: string | null;
  /** The watch page of the box content's published vod (catch-up), when there is one. */
  watchUrl: string | null;
}
