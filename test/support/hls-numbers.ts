// The numbers a player reads off a live media playlist: each segment's media sequence number and
// discontinuity sequence number (the headers, counted on: one per segment, one per EXT-X-DISCONTINUITY
// between segments), by its EXT-X-PROGRAM-DATE-TIME.

export interface SegmentNumbers {
  /** Its EXT-X-PROGRAM-DATE-TIME, epoch ms. */
  pdt: number;
  msn: number;
  dsn: number;
}

export function segmentNumbers(playlist: string): SegmentNumbers[] {
  let msn = Number(/^#EXT-X-MEDIA-SEQUENCE:(\d+)\s*$/m.exec(playlist)?.[1] ?? 0);
  let dsn = Number(/^#EXT-X-DISCONTINUITY-SEQUENCE:(\d+)\s*$/m.exec(playlist)?.[1] ?? 0);
  const out: SegmentNumbers[] = [];
  let discontinuity = false;
  for (const line of playlist.split("\n")) {
    if (line === "#EXT-X-DISCONTINUITY") discontinuity = true;
    if (!line.startsWith("#EXT-X-PROGRAM-DATE-TIME:")) continue;
    if (out.length) [msn, dsn] = [msn + 1, dsn + (discontinuity ? 1 : 0)];
    discontinuity = false;
    out.push({ pdt: Date.parse(line.slice("#EXT-X-PROGRAM-DATE-TIME:".length)), msn, dsn });
  }
  return out;
}
