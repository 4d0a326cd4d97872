/**
 * Discontinuity numbers a player can use, for the live playlists of a cast channel.
 *
 * The channel's playlists are computed from the clock, so their EXT-X-DISCONTINUITY-SEQUENCE counts
 * from a program's start in milliseconds (media/cast/playout-timeline.ts): the numbers are about
 * 2e12, and start afresh after minutes without a viewer. hls.js
 * keys the video clock of each discontinuity by that number and lines a caption track's WebVTT up
 * with the video only when both playlists number a segment alike; it also keeps those clocks in an
 * array, which a number above 2^32 leaves empty (every WebVTT segment then waits forever) and a
 * large one below it makes slow to walk. So the player renumbers each live playlist it loads before
 * hls.js reads it: the discontinuity domains (the runs of segments between EXT-X-DISCONTINUITY tags)
 * are told apart by the program date-time where each starts, numbered 0, 1, 2... in the order this
 * player met them, the same in every playlist (each variant, each caption track, each reload).
 * A playlist without EXT-X-DISCONTINUITY-SEQUENCE or date-times (a VOD) is left as it is.
 */

interface Domain {
  /** The date-time of its first segment seen (the real start may be earlier for the first domain met). */
  startMs: number;
  number: number;
}

/** How many domains are remembered (a few hours of a channel's programs and slate loops). */
const MAX_DOMAINS = 2_000;

const DSN = /^#EXT-X-DISCONTINUITY-SEQUENCE:\d+\s*$/m;

export class DiscontinuityNumbers {
  /** Ascending by start and by number. */
  private domains: Domain[] = [];
  /** Until when the playlists seen had segments: a segment before it belongs to a domain already met. */
  private seenUntilMs = -Infinity;
  private next = 0;

  renumber(playlist: string): string {
    if (!DSN.test(playlist)) return playlist;
    const groups = segmentGroups(playlist);
    if (!groups) return playlist;
    const first = groups[0]!;
    // the first run of segments continues a domain met before, unless it starts after all that was seen
    const known = first.startMs < this.seenUntilMs ? this.domainAt(first.startMs) : undefined;
    const base = known?.number ?? this.next;
    groups.forEach((g, i) => this.record(g.startMs, base + i));
    this.seenUntilMs = Math.max(this.seenUntilMs, groups.at(-1)!.endMs);
    return playlist.replace(DSN, `#EXT-X-DISCONTINUITY-SEQUENCE:${base}`);
  }

  /** The domain holding `ms`: the last one starting at or before it (the first one for an earlier time). */
  private domainAt(ms: number): Domain | undefined {
    let found = this.domains[0];
    for (const d of this.domains) {
      if (d.startMs > ms) break;
      found = d;
    }
    return found;
  }

  private record(startMs: number, number: number): void {
    const same = this.domains.find((d) => d.number === number);
    if (same) same.startMs = Math.min(same.startMs, startMs);
    else {
      this.domains.push({ startMs, number });
      this.domains.sort((a, b) => a.number - b.number);
      if (this.domains.length > MAX_DOMAINS) this.domains.shift();
    }
    this.next = Math.max(this.next, number + 1);
  }
}

/**
 * The playlist's runs of segments between EXT-X-DISCONTINUITY tags, each with the date-time of its
 * first segment, and where the last one ends; null when a segment has no date-time.
 */
function segmentGroups(playlist: string): { startMs: number; endMs: number }[] | null {
  const groups: { startMs: number; endMs: number }[] = [];
  let pdt: number | undefined;
  let duration = 0;
  let discontinuity = false;
  for (const raw of playlist.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "#EXT-X-DISCONTINUITY") discontinuity = true;
    else if (line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) pdt = Date.parse(line.slice("#EXT-X-PROGRAM-DATE-TIME:".length));
    else if (line.startsWith("#EXTINF:")) duration = Number.parseFloat(line.slice("#EXTINF:".length)) || 0;
    else if (line && !line.startsWith("#")) {
      if (pdt === undefined || Number.isNaN(pdt)) return null;
      if (discontinuity || groups.length === 0) groups.push({ startMs: pdt, endMs: pdt });
      groups.at(-1)!.endMs = pdt + duration * 1000;
      pdt = undefined;
      discontinuity = false;
    }
  }
  return groups.length > 0 ? groups : null;
}
