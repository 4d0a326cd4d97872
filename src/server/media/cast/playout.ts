import { buildMasterPlaylist } from "../ffmpeg/playlists";
import { slotRuns, slotsBetween, type SlotKind } from "./playout-timeline";
import type { CastChannelPlayout, CastPlayoutInput, CastVariant } from "./playout-types";

/**
 * The channel's live HLS as a pure function of (schedule, renditions, clock): no ffmpeg, no state.
 * The media playlist is a sliding window over the timeline (playout-timeline.ts) of the segments
 * that have started by now and end after `now - windowSeconds`, each with its own
 * EXT-X-PROGRAM-DATE-TIME, EXT-X-DISCONTINUITY where the source changes or a loop restarts. The
 * segments are the sources' own files (box item rungs, the live ingest's, the slate's) behind the
 * signed edge: their URIs are the caller's signed base of each source plus the rendition path.
 */

export interface PlayoutSegment {
  mediaSequence: number;
  discontinuitySequence: number;
  startMs: number;
  durationMs: number;
  uri: string;
  sourceKey: string;
  /** The slot's program (null in empty time), its kind and start (where its numbers count from). */
  programId: string | null;
  kind: SlotKind;
  slotStartMs: number;
}

function variantNamed(channel: CastChannelPlayout, name: string): CastVariant {
  const variant = channel.variants.find((v) => v.name === name);
  if (!variant) throw new Error(`the channel has no variant ${name}`);
  return variant;
}

/** The window's segments for one variant, oldest first. */
export function playoutWindow(input: CastPlayoutInput, variantName: string): PlayoutSegment[] {
  const { channel, nowMs } = input;
  const variant = variantNamed(channel, variantName);
  const fromMs = nowMs - channel.windowSeconds * 1000;
  const out: PlayoutSegment[] = [];
  for (const slot of slotsBetween(input.programs, fromMs, nowMs + 1)) {
    let indexBase = 0;
    let discontinuityBase = 0;
    slotRuns(channel, variant, slot, nowMs).forEach((run, r, runs) => {
      if (r > 0) {
        indexBase += runs[r - 1]!.count;
        discontinuityBase += runs[r - 1]!.innerDiscontinuities + 1;
      }
      const base = input.baseFor(run.sourceKey);
      for (let i = run.firstEndingAfter(fromMs); i < run.count; i++) {
        const seg = run.segment(i);
        if (seg.startMs > nowMs) break;
        out.push({
          mediaSequence: slot.startMs + indexBase + i,
          discontinuitySequence: slot.startMs + discontinuityBase + seg.innerDiscontinuity,
          startMs: seg.startMs,
          durationMs: seg.durationMs,
          uri: `${base}${seg.path}`,
          sourceKey: run.sourceKey,
          programId: slot.programId,
          kind: slot.kind,
          slotStartMs: slot.startMs,
        });
      }
    });
  }
  return out;
}

/** The media playlist of one of the channel's variants at `input.nowMs`. */
export function castMediaPlaylist(input: CastPlayoutInput, variantName: string): string {
  const segments = playoutWindow(input, variantName);
  const first = segments[0];
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:6",
    `#EXT-X-TARGETDURATION:${input.channel.targetDurationSeconds}`,
    `#EXT-X-MEDIA-SEQUENCE:${first?.mediaSequence ?? 0}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${first?.discontinuitySequence ?? 0}`,
  ];
  segments.forEach((seg, i) => {
    const prev = segments[i - 1];
    if (prev && (prev.slotStartMs !== seg.slotStartMs || prev.discontinuitySequence !== seg.discontinuitySequence))
      lines.push("#EXT-X-DISCONTINUITY");
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(seg.startMs).toISOString()}`,
      `#EXTINF:${(seg.durationMs / 1000).toFixed(3)},`,
      seg.uri,
    );
  });
  return `${lines.join("\n")}\n`;
}

/** The channel's master playlist: its fixed variants, each naming its media playlist by `mediaPlaylistUri`. */
export function castMasterPlaylist(channel: CastChannelPlayout, mediaPlaylistUri: (variant: CastVariant) => string): string {
  return buildMasterPlaylist(
    channel.variants.map((v) => ({ uri: mediaPlaylistUri(v), bandwidth: v.bandwidth, width: v.width, height: v.height, codecs: v.codecs })),
  );
}
